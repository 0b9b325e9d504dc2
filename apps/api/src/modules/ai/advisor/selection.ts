import type { RobotRow } from '../../catalog';
import { missingSelectionFacts } from '../understanding/conversation';
import type { Facts } from '../understanding/facts';
import { applicationLabel } from '../understanding/vocabulary';
import { categoryLabel, joinWords, kg, mm, priceBand, robotName, specLine, usd } from './format';
import { checkFit, partAllowanceKg, recommendRobots, requiredPayloadKg, type RecommendationResult, type SelectionCriteria } from './recommend';
import { answerNothingFits, anyRobotFits } from './feasibility';
import { environmentChecks, environmentWords } from './environment';
import { emptyDraft, type AdvisorDeps, type Draft, type Understanding } from './types';
import { defined, nth } from '../../../lib/invariants';

/** What the user told so far, as a short phrase ("8 kg parts, 1,200 mm reach, machine tending"). */
export function describeFacts(f: Facts): string {
  const parts: string[] = [];
  if (f.payloadKg !== undefined) parts.push(`${kg(f.payloadKg)} parts`);
  if (f.toolKg !== undefined) parts.push(`a ${kg(f.toolKg)} tool`);
  if (f.reachMm !== undefined) parts.push(`${mm(f.reachMm)} reach`);
  if (f.application) parts.push(applicationLabel(f.application));
  if (f.industry) parts.push(`${f.industry.replace(/-/g, ' ')} industry`);
  if (f.maxPayloadKg !== undefined) parts.push(`rated payload up to ${kg(f.maxPayloadKg)}`);
  if (f.maxReachMm !== undefined) parts.push(`reach no more than ${mm(f.maxReachMm)}`);
  if (f.axes?.min !== undefined && f.axes.min === f.axes.max) parts.push(`${f.axes.min} axes`);
  else if (f.axes?.min !== undefined) parts.push(`at least ${f.axes.min} axes`);
  else if (f.axes?.max !== undefined) parts.push(`at most ${f.axes.max} axes`);
  if (f.manufacturers?.length) parts.push(`${f.manufacturers.join(' or ')} preferred`);
  if (f.excludedManufacturers?.length) parts.push(`not ${f.excludedManufacturers.join(' or ')}`);
  if (f.category) parts.push(categoryLabel(f.category));
  if (f.budgetUsd !== undefined) parts.push(`budget ${usd(f.budgetUsd)}`);
  if (f.cycleTimeS !== undefined) parts.push(`${f.cycleTimeS} s cycle time`);
  parts.push(...environmentWords(f.environment));
  return parts.join(', ');
}

export function criteriaFrom(u: Understanding): SelectionCriteria {
  const f = u.facts;
  return {
    payloadKg: defined(f.payloadKg, 'a payload (asked for before selecting)'),
    toolKg: f.toolKg,
    reachMm: f.reachMm,
    application: f.application,
    industry: f.industry,
    manufacturers: f.manufacturers,
    excludedManufacturers: f.excludedManufacturers,
    maxReachMm: f.maxReachMm,
    maxPayloadKg: f.maxPayloadKg,
    axes: f.axes,
    category: f.category,
    budgetUsd: f.budgetUsd,
    cycleTimeS: f.cycleTimeS,
    environment: f.environment,
    limits: u.limits,
  };
}

function roleAction(u: Understanding): string | undefined {
  if (u.role === 'customer') return 'Create a project with these requirements to get matched with integrators';
  if (u.role === 'integrator') return 'Add the shortlisted robot to a customer project';
  if (u.role === 'supplier') return 'Check that your own listings state payload, reach and applications';
  return undefined;
}

/** The robot in view (detail page, or the one the conversation points at): does it fit the task the user describes? */
export async function answerRobotFit(deps: AdvisorDeps, u: Understanding, robot: RobotRow): Promise<Draft> {
  const f = u.facts;
  const draft = emptyDraft();
  const fit = checkFit(robot, { payloadKg: f.payloadKg, toolKg: f.toolKg, reachMm: f.reachMm, application: f.application, industry: f.industry, budgetUsd: f.budgetUsd });
  // A maker named to point at the robot ("the FANUC one") is not a preference here.
  const task = describeFacts({ ...f, manufacturers: undefined, category: undefined });
  const lines = [
    fit.fits ? `Yes, the ${robotName(robot)} fits what you described (${task}).` : `The ${robotName(robot)} does not fully fit what you described (${task}).`,
    '',
    ...fit.notes.map((n) => `- ${n}`),
  ];
  if (f.cycleTimeS !== undefined) {
    lines.push(`- Cycle time: the catalog holds no speed data; confirm the ${f.cycleTimeS} s cycle with a simulation or the supplier's cycle-time study.`);
  }
  // "Is it good for palletizing?" says nothing of the load: give the limits to check it against.
  if (f.payloadKg === undefined) {
    const ask = f.reachMm === undefined ? 'your part weight and reach' : 'your part weight';
    lines.push(`- Payload ${kg(robot.payloadKg)} (parts up to about ${kg(partAllowanceKg(robot.payloadKg))} with 20% for the gripper) and ${mm(robot.reachMm)} reach: tell me ${ask} and I will check them.`);
  }
  draft.named.push(robot);
  if (!fit.fits && f.payloadKg !== undefined) {
    const alt = await recommendRobots(deps.catalog, { ...criteriaFrom(u), manufacturers: undefined, category: undefined }, 2);
    const others = alt.recommendations.filter((r) => r.robot.id !== robot.id);
    if (others.length) {
      lines.push('', 'Catalog robots that do fit:');
      for (const r of others) lines.push(`- ${robotName(r.robot)}: ${specLine(r.robot)}${priceBand(r.robot) ? `, indicative ${priceBand(r.robot)}` : ''}`);
      draft.recommended.push(...others.map((r) => r.robot));
      draft.named.push(...others.map((r) => r.robot));
    }
  }
  if (f.toolKg === undefined && f.payloadKg !== undefined) lines.push('', 'I added 20% to the part weight for the gripper; tell me its real weight to tighten the check.');
  draft.text = lines.join('\n');
  draft.answered = true;
  draft.followUps = [
    f.reachMm === undefined ? 'How far from the robot base is the farthest point it must reach?' : '',
    f.cycleTimeS === undefined ? 'What cycle time do you need per part?' : '',
    `Would you like to compare the ${robot.model} with similar robots?`,
  ];
  draft.actions = [`Compare the ${robot.model} with similar robots`, 'Estimate the payback with the ROI calculator', roleAction(u) ?? ''];
  draft.sources = [{ manufacturer: robot.manufacturer, title: robot.datasheetSource ?? `${robotName(robot)} datasheet` }];
  return draft;
}

export async function answerSelection(deps: AdvisorDeps, u: Understanding): Promise<Draft> {
  const f = u.facts;
  const draft = emptyDraft();

  // A new search on a robot page ("I need a robot for welding 10 kg parts") is not about the page's robot.
  const aboutPageRobot = u.pageRobot && !u.question.newTask && (u.page === 'robot_detail' || u.question.deictic) && !u.models.length;
  if (aboutPageRobot && u.pageRobot && (f.payloadKg !== undefined || f.reachMm !== undefined || f.application)) return answerRobotFit(deps, u, u.pageRobot);

  const missing = missingSelectionFacts(f);
  // Feasibility first: figures that already rule out the whole catalog are said, not asked around.
  if (f.payloadKg !== undefined && missing.length && !(await anyRobotFits(deps.catalog, f))) {
    return answerNothingFits(deps.catalog, f, [`Got it so far: ${describeFacts(f)}.`]);
  }
  if (missing.length) {
    const known = describeFacts(f);
    const lines: string[] = [];
    lines.push(known ? `Got it so far: ${known}.` : 'Happy to help you choose a robot.');
    lines.push(`To shortlist catalog robots that really fit, I still need:`);
    if (missing.includes('payload')) lines.push('- Payload: the heaviest part the robot must carry, in kg (and the gripper weight if you know it)');
    if (missing.includes('reach_or_application')) {
      lines.push('- Reach: the distance from the robot base to the farthest pick or place point, in mm or m');
      lines.push('- Or the application (for example machine tending, palletizing, welding, assembly)');
    }
    if (u.filtersUsed.length) lines.push('', `I will also keep your catalog filters (${u.filtersUsed.join(', ')}).`);
    draft.text = lines.join('\n');
    draft.askedForFacts = true;
    draft.followUps = [
      missing.includes('payload') ? 'What is the heaviest part the robot must handle, in kg?' : '',
      missing.includes('reach_or_application') ? 'How far must the robot reach from its base (mm)?' : '',
      missing.includes('reach_or_application') ? 'What is the application (machine tending, palletizing, welding, ...)?' : '',
      f.budgetUsd === undefined ? 'Do you have a budget range?' : '',
    ];
    draft.actions = ['Browse the robot catalog by payload and reach', 'Estimate the payback with the ROI calculator'];
    if (f.manufacturers?.length) draft.sources = f.manufacturers.slice(0, 2).map((m) => ({ manufacturer: m }));
    return draft;
  }

  const criteria = criteriaFrom(u);
  const result = await recommendRobots(deps.catalog, criteria, 3);
  const required = requiredPayloadKg(criteria.payloadKg, f.toolKg);
  const taskParts = [`${kg(criteria.payloadKg)} parts`];
  if (f.reachMm !== undefined) taskParts.push(`${mm(f.reachMm)} reach`);
  if (f.application) taskParts.push(applicationLabel(f.application));
  const allowance = f.toolKg !== undefined ? `${kg(criteria.payloadKg)} part + ${kg(f.toolKg)} tool` : `${kg(criteria.payloadKg)} + 20% allowance for the gripper`;
  const lines: string[] = [];
  lines.push(`For ${joinWords(taskParts)}, the robot must carry at least ${kg(required)} (${allowance})${f.reachMm !== undefined ? ` and reach at least ${mm(f.reachMm)}` : ''}.`);
  if (u.filtersUsed.length) lines.push(`I kept your catalog filters: ${u.filtersUsed.join(', ')}.`);

  if (!result.recommendations.length) return answerNothingFits(deps.catalog, f, lines);

  // With environment limits, "meets" means known to meet them too (a value not published does not count).
  const envWords = environmentWords(f.environment);
  const limitsMet = envWords.length ? `payload, reach and ${joinWords(envWords)}` : 'payload and reach';
  const meets = envWords.length ? `is known to meet ${limitsMet}` : `meets ${limitsMet}`;
  const relaxNotes: Record<RecommendationResult['relaxed'][number], string> = {
    application: `No catalog robot that ${meets} is listed for ${f.application ? applicationLabel(f.application) : 'that application'}; these meet ${limitsMet}, so check the application with the supplier.`,
    category: `No ${f.category ? categoryLabel(f.category) : 'robot of that type'} ${meets}; these are other types that do.`,
    manufacturer: `No ${f.manufacturers?.join(' or ')} robot in the catalog ${meets}; these are from other makers.`,
    budget: `Nothing that ${meets} is listed within ${f.budgetUsd !== undefined ? usd(f.budgetUsd) : 'your budget'}; these are the closest, above budget.`,
  };
  for (const r of result.relaxed) lines.push(relaxNotes[r]);

  lines.push('', result.recommendations.length === 1 ? 'One catalog robot fits:' : `${result.recommendations.length === 2 ? 'Two' : 'Three'} catalog robots that fit:`);
  for (const rec of result.recommendations) {
    const r = rec.robot;
    const bits = [
      `${kg(r.payloadKg)} payload (${rec.payloadMarginPct}% headroom)`,
      f.reachMm !== undefined ? `${mm(r.reachMm)} reach (+${mm(r.reachMm - f.reachMm)})` : `${mm(r.reachMm)} reach`,
      `${r.dof} axes`,
    ];
    if (r.repeatabilityMm != null) bits.push(`±${r.repeatabilityMm} mm repeatability`);
    if (rec.applicationMatch && f.application) bits.push(`listed for ${applicationLabel(f.application)}`);
    bits.push(...environmentChecks(r, f.environment).map((x) => x.text));
    const band = priceBand(r);
    bits.push(band ? `indicative ${band}` : 'price not published');
    lines.push(`- ${robotName(r)} (${r.category}): ${bits.join(', ')}.`);
  }
  const top = nth(result.recommendations, 0).robot;
  const why: string[] = [];
  if (top.dof === 4) why.push('4 axes keep it fast for flat pick-and-place');
  if (top.category === 'collaborative') why.push('as a cobot it can work next to people after a risk assessment');
  if (why.length) lines.push('', `The ${top.model} leads because ${why.join(' and ')}.`);
  if (f.cycleTimeS !== undefined) {
    const fast = result.recommendations.some((r) => r.robot.category === 'scara' || r.robot.category === 'delta');
    lines.push(
      '',
      `For your ${f.cycleTimeS} s cycle${fast ? ', the SCARA/delta options are the fastest for flat picks' : ''}: confirm it with a simulation or the supplier's cycle-time study, since it depends on the path, the gripper and the payload.`,
    );
  }
  if (f.toolKg === undefined) lines.push('', 'Tell me the gripper weight if you know it and I will tighten the payload check.');
  lines.push('Prices are indicative street prices for arm + controller (makers do not publish list prices), not quotes.');

  draft.text = lines.join('\n');
  draft.answered = true;
  draft.recommended = result.recommendations.map((r) => r.robot);
  draft.relaxed = [...result.relaxed];
  draft.named = [...draft.recommended];
  const [a, b] = draft.recommended;
  draft.followUps = [
    a && b ? `Would you like a side-by-side comparison of the ${a.model} and ${b.model}?` : '',
    f.cycleTimeS === undefined ? 'What cycle time do you need per part?' : '',
    f.budgetUsd === undefined ? 'Do you have a budget range?' : '',
    f.toolKg === undefined ? 'How heavy is the gripper or tool?' : '',
  ];
  draft.actions = [
    a && b ? `Compare the ${a.model} and ${b.model} side by side` : '',
    `Open the catalog filtered to at least ${kg(required)} payload${f.reachMm !== undefined ? ` and ${mm(f.reachMm)} reach` : ''}`,
    roleAction(u) ?? 'Estimate the payback with the ROI calculator',
  ];
  draft.sources = draft.recommended.slice(0, 2).map((r) => ({ manufacturer: r.manufacturer, title: r.datasheetSource ?? `${robotName(r)} datasheet` }));
  return draft;
}
