import { catalogLimits, environmentShortfall, findCandidateRobots, findClosestToTask, hasEnvironmentFilter, type CatalogReader, type RobotRow } from '../../catalog';
import { environmentChecks, environmentWords } from './environment';
import type { Facts } from '../understanding/facts';
import { kg, mm, robotName } from './format';
import { requiredPayloadKg } from './recommend';
import { emptyDraft, type Draft } from './types';
import { defined } from '../../../lib/invariants';

/** What the task needs from a robot that no detail the buyer may add can change. */
function hardNeed(f: Facts) {
  return {
    minPayloadKg: requiredPayloadKg(defined(f.payloadKg, 'the payload of the task'), f.toolKg),
    minReachMm: f.reachMm,
    maxReachMm: f.maxReachMm,
    excludeManufacturers: f.excludedManufacturers,
    environment: f.environment,
  };
}

/** True when at least one robot the reader may see meets payload (with the tool allowance), reach and the hard limits. */
export async function anyRobotFits(catalog: CatalogReader, f: Facts): Promise<boolean> {
  const need = hardNeed(f);
  const rows = await findCandidateRobots(catalog, { ...need, limit: 1 });
  return rows.length > 0;
}

const pct = (short: number, need: number) => `${Math.round((short / need) * 100)}%`;

/**
 * Feasibility first (issue 12): when the figures already known rule out the whole catalog,
 * say which one does (and what the catalog's limit is), and show the nearest robots with
 * how far each falls short, instead of asking for more details.
 */
export async function answerNothingFits(catalog: CatalogReader, f: Facts, intro: string[]): Promise<Draft> {
  const need = hardNeed(f);
  if (need.environment && hasEnvironmentFilter(need.environment)) {
    const withoutEnvironment = { ...need, environment: undefined };
    // The figures alone fit: the environment limits are what rule the catalog out.
    if ((await findCandidateRobots(catalog, { ...withoutEnvironment, limit: 1 })).length) return answerNoEnvironmentFit(catalog, f, intro);
  }
  const draft = emptyDraft();
  const limits = await catalogLimits(catalog);
  const lines = [...intro];
  const reasons: string[] = [];
  if (need.minPayloadKg > limits.maxPayloadKg) {
    reasons.push(`Payload: no robot in our catalog carries ${kg(need.minPayloadKg)}; the largest rated payload is ${kg(limits.maxPayloadKg)}.`);
  }
  if (need.minReachMm !== undefined && need.minReachMm > limits.maxReachMm) {
    reasons.push(`Reach: no robot in our catalog reaches ${mm(need.minReachMm)}; the longest reach is ${mm(limits.maxReachMm)}.`);
  }
  if (!reasons.length) {
    const parts = [`${kg(need.minPayloadKg)} payload`];
    if (need.minReachMm !== undefined) parts.push(`${mm(need.minReachMm)} reach`);
    if (need.maxReachMm !== undefined) parts.push(`at most ${mm(need.maxReachMm)} reach`);
    if (need.excludeManufacturers?.length) parts.push(`not ${need.excludeManufacturers.join(' or ')}`);
    parts.push(...environmentWords(need.environment));
    reasons.push(`No robot in our catalog has ${parts.join(' and ')} together; each figure alone is within the catalog's range.`);
  }
  lines.push('', 'Nothing in our catalog fits this task:', ...reasons.map((r) => `- ${r}`));

  const closest: RobotRow[] = await findClosestToTask(catalog, need, 3);
  if (closest.length) {
    lines.push('', 'The closest robots, and how far each falls short:');
    for (const r of closest) {
      const misses: string[] = [];
      if (r.payloadKg < need.minPayloadKg) misses.push(`payload ${kg(r.payloadKg)}, ${kg(need.minPayloadKg - r.payloadKg)} (${pct(need.minPayloadKg - r.payloadKg, need.minPayloadKg)}) short`);
      if (need.minReachMm !== undefined && r.reachMm < need.minReachMm) misses.push(`reach ${mm(r.reachMm)}, ${mm(need.minReachMm - r.reachMm)} (${pct(need.minReachMm - r.reachMm, need.minReachMm)}) short`);
      lines.push(`- ${robotName(r)}: ${misses.length ? misses.join('; ') : 'meets the figures'}`);
    }
  }
  lines.push(
    '',
    '- Check whether the load can be split, or the part picked closer to the robot base (less reach), or on a linear track',
    '- A gantry or a custom cell may suit loads and spans beyond articulated arms: an integrator can advise',
  );
  draft.text = lines.join('\n');
  draft.answered = true;
  draft.followUps = ['Could the load be split or lightened (gripper, fixture)?', 'Could the robot be placed closer to the pick and place points?', 'Would a linear track (7th axis) be an option?'];
  draft.actions = ['Talk to an integrator about a custom cell', 'Browse the robot catalog by payload and reach'];
  return draft;
}

/**
 * Robots meet the figures, but none is known to meet the environment limits (issue 12:
 * "food-grade IP67 for raw chicken, 5 kg"): said plainly, with how many robots have no
 * published value (they are not counted as fitting), and the nearest robots with what
 * each misses or does not publish.
 */
async function answerNoEnvironmentFit(catalog: CatalogReader, f: Facts, intro: string[]): Promise<Draft> {
  const draft = emptyDraft();
  const need = hardNeed(f);
  const asked = environmentWords(need.environment).join(', ');
  const shortfall = await environmentShortfall(catalog, need, 3);
  const lines = [...intro];
  lines.push('', `No robot in our catalog is known to be ${asked} and also meet the figures (${kg(need.minPayloadKg)} payload${need.minReachMm !== undefined ? `, ${mm(need.minReachMm)} reach` : ''}).`);
  const unknown = shortfall.unknown.filter((u) => u.robots > 0);
  if (unknown.length) {
    lines.push(
      `Of the ${shortfall.meetingFigures} robots that meet the figures, ${unknown.map((u) => `${u.robots} have no published ${u.label}`).join(' and ')}: I do not count a value that is not published as a match. Ask the supplier; a maker often sells a food-grade, washdown or cleanroom version under its own model name.`,
    );
  }
  if (shortfall.nearest.length) {
    lines.push('', 'The nearest robots, and what each misses:');
    for (const r of shortfall.nearest) {
      const checks = environmentChecks(r, need.environment).filter((c) => c.ok !== true);
      lines.push(`- ${robotName(r)} (${kg(r.payloadKg)}, ${mm(r.reachMm)}): ${checks.length ? checks.map((c) => c.text).join('; ') : 'meets the limits'}`);
    }
    draft.named.push(...shortfall.nearest);
  }
  draft.text = lines.join('\n');
  draft.answered = true;
  draft.followUps = ['Could a protective cover (robot jacket) meet the hygiene or washdown need?', 'Which limit matters most: the IP rating, food-grade lubricant or the cleanroom class?'];
  draft.actions = ['Ask suppliers for a food-grade, washdown or cleanroom version', 'Browse the robot catalog by payload and reach'];
  return draft;
}
