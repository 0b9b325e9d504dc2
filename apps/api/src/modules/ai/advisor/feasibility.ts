import { catalogLimits, findCandidateRobots, findClosestToTask, type CatalogReader, type RobotRow } from '../../catalog';
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
  const draft = emptyDraft();
  const need = hardNeed(f);
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
