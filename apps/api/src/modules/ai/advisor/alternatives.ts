import { type RobotRow } from '../../catalog';
import { similarRobots } from './catalog-memo';
import { categoryLabel, joinWords, kg, mm, priceBand, robotName, specLine } from './format';
import { recommendRobots } from './recommend';
import { criteriaFrom, describeFacts } from './selection';
import { emptyDraft, type AdvisorDeps, type Draft, type RobotAbout, type Understanding } from './types';
import { sourcesOf } from './robot-fields';
import { nth } from '../../../lib/invariants';

const signed = (v: number, unit: (x: number) => string) => (v === 0 ? 'same' : `${v > 0 ? '+' : '−'}${unit(Math.abs(v))}`);

/** "Show me alternatives": robots that meet the task when one is known, else robots close to the one in view. */
export async function answerAlternatives(deps: AdvisorDeps, u: Understanding, about: RobotAbout): Promise<Draft> {
  const draft = emptyDraft();
  const base = nth(about.robots, 0);
  const exclude = about.robots.map((r) => r.id);
  const makers = u.current.manufacturers;
  const lines: string[] = [];
  let picked: RobotRow[];

  if (u.facts.payloadKg !== undefined) {
    const result = await recommendRobots(deps.catalog, { ...criteriaFrom(u), manufacturers: makers ?? u.facts.manufacturers }, 3 + exclude.length);
    picked = result.recommendations.map((r) => r.robot).filter((r) => !exclude.includes(r.id)).slice(0, 3);
    lines.push(
      picked.length
        ? `Other catalog robots that meet your task (${describeFacts(u.facts)}), besides the ${joinWords(about.robots.map((r) => r.model))}:`
        : `No other catalog robot meets your task (${describeFacts(u.facts)}) besides the ${joinWords(about.robots.map((r) => r.model))}.`,
    );
    for (const r of picked) lines.push(`- ${robotName(r)} (${r.category}): ${specLine(r)}${priceBand(r) ? `, indicative ${priceBand(r)}` : ', price not published'}`);
    draft.recommended = [...picked];
  } else {
    picked = await similarRobots(deps.catalog, base, { exclude, makers });
    const what = `${kg(base.payloadKg)} payload, ${mm(base.reachMm)} reach, ${categoryLabel(base.category)}`;
    if (picked.length) {
      lines.push(`Catalog robots similar to the ${robotName(base)} (${what})${makers?.length ? ` from ${joinWords(makers)}` : ''}:`);
      for (const r of picked) {
        const band = priceBand(r);
        lines.push(
          `- ${robotName(r)} (${r.category}): ${kg(r.payloadKg)} payload (${signed(r.payloadKg - base.payloadKg, kg)}), ${mm(r.reachMm)} reach (${signed(r.reachMm - base.reachMm, mm)}), ${r.dof} axes, ${band ? `indicative ${band}` : 'price not published'}`,
        );
      }
      lines.push('', 'Tell me your part weight and reach and I will check which of them fits your task.');
    } else {
      lines.push(`I found no catalog robot close to the ${robotName(base)} (${what})${makers?.length ? ` from ${joinWords(makers)}` : ''}.`);
      lines.push('Tell me your part weight and reach and I will search the whole catalog for your task.');
    }
    draft.recommended = [...picked];
  }
  if (picked.some((r) => r.priceMinUsd != null)) lines.push('Prices are indicative street prices (arm + controller), not quotes.');

  draft.text = lines.join('\n');
  draft.answered = true;
  draft.named = [base, ...picked];
  const first = picked[0];
  draft.followUps = [
    first ? `Would you like a side-by-side comparison of the ${base.model} and the ${first.model}?` : '',
    u.facts.payloadKg === undefined ? 'What part weight and reach does your task need?' : '',
    'Do you prefer a particular maker?',
  ];
  draft.actions = [first ? `Compare the ${base.model} and ${first.model} side by side` : '', 'Browse the robot catalog by payload and reach'];
  draft.sources = sourcesOf([base, ...picked]);
  return draft;
}
