import { partAllowanceKg, TOOL_MARGIN } from '@cellforge/robot-fit';
import { findCandidateRobots, type CatalogReader, type RobotRow } from '../../catalog';
import { isCatalogField, type CatalogField, type RankField, type RobotField, type UnlistedField } from '../understanding/robot-question';
import { categoryLabel, formatNumber, joinWords, kg, listApplications, mm, priceBand, robotName, specLine, withArticle } from './format';
import { robotSummary } from './general';
import { recommendRobots } from './recommend';
import { criteriaFrom, describeFacts } from './selection';
import { emptyDraft, type AdvisorDeps, type Draft, type RobotAbout, type Understanding } from './types';

/**
 * Follow-ups about robots in view (the detail page's robot, the compare page, robots the
 * conversation named): their catalog fields, a ranking ("which has the longest reach?")
 * and similar robots. Every figure comes from the catalog row; what the row does not
 * hold is said to be unpublished, never guessed.
 */

const NOT_PUBLISHED = 'not published in the datasheet we hold';

const fieldLabels: Record<RobotField, string> = {
  payload: 'Payload',
  reach: 'Reach',
  repeatability: 'Repeatability',
  axes: 'Axes',
  weight: 'Arm weight',
  price: 'Indicative price',
  category: 'Type',
  applications: 'Applications',
  industries: 'Industries',
  maker: 'Maker',
  source: 'Source of the figures',
  mounting: 'Mounting options',
  protection: 'IP (ingress protection) rating',
  controller: 'Controller',
  speed: 'Speed and cycle time',
  footprint: 'Footprint (base dimensions)',
  power: 'Power supply and consumption',
  temperature: 'Operating temperature range',
};

/** Words of the catalog description that speak to a field the catalog has no column for. */
const descriptionHints: Record<UnlistedField, RegExp> = {
  mounting: /\b(mount\w*|ceiling|wall|inverted|floor)\b/i,
  protection: /\b(ip ?\d{2}|wash ?down|dust|water|splash)\b/i,
  controller: /\b(controllers?|control (?:box|cabinet|unit))\b/i,
  speed: /\b(speed|high-speed|fast|cycle time)\b/i,
  footprint: /\b(footprint|base (?:size|dimensions))\b/i,
  power: /\b(power supply|voltage|power consumption|energy)\b/i,
  temperature: /\btemperature\b/i,
};

function axesMeaning(dof: number): string {
  if (dof === 4) return 'the tool stays vertical: fast for flat pick-and-place, but it cannot tilt the tool';
  if (dof === 5) return 'one orientation axis fewer than a 6-axis arm';
  if (dof === 6) return 'any position and tool angle within its reach';
  if (dof === 7) return 'one redundant axis to work around obstacles';
  return '';
}

/** The sentence of the description that mentions an unlisted field, if any. */
function descriptionSnippet(r: RobotRow, field: UnlistedField): string | undefined {
  if (!r.description) return undefined;
  return r.description
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .find((s) => descriptionHints[field].test(s));
}

/** One field of one robot, as a full sentence. */
function fieldSentence(r: RobotRow, field: RobotField, accuracy: boolean): string {
  switch (field) {
    case 'payload':
      return `Payload: ${kg(r.payloadKg)} rated at the wrist, part and gripper together. Allowing ${TOOL_MARGIN * 100}% for the gripper, that covers parts up to about ${kg(partAllowanceKg(r.payloadKg))}.`;
    case 'reach':
      return `Reach: ${mm(r.reachMm)} from the centre of the base to the wrist; add the tool length when you check the farthest point.`;
    case 'repeatability': {
      const base = r.repeatabilityMm != null ? `Repeatability: ±${formatNumber(r.repeatabilityMm, 3)} mm.` : `Repeatability: ${NOT_PUBLISHED}.`;
      return accuracy ? `${base} Absolute accuracy is not in the catalog; it is usually much worse than repeatability unless the robot is calibrated.` : base;
    }
    case 'axes': {
      const meaning = axesMeaning(r.dof);
      return `Axes: ${r.dof}${meaning ? ` (${meaning})` : ''}.`;
    }
    case 'weight':
      return r.weightKg != null ? `Arm weight: ${kg(r.weightKg)} (the manipulator).` : `Arm weight: ${NOT_PUBLISHED}.`;
    case 'price': {
      const band = priceBand(r);
      return band
        ? `Indicative price: ${band} for arm + controller (a street-price band, not a quote; a complete cell often costs 2-3 times the arm).`
        : 'Price: not published by the maker; ask the supplier for a quote.';
    }
    case 'category':
      return `Type: ${categoryLabel(r.category)}${r.category === 'collaborative' ? ', built to work next to people once a risk assessment confirms the application' : ''}.`;
    case 'applications':
      return r.applications.length ? `Applications its maker lists: ${listApplications(r.applications, 10)}.` : 'Applications: none listed in its catalog entry.';
    case 'industries':
      return r.industries.length ? `Industries: ${r.industries.map((i) => i.replace(/-/g, ' ')).join(', ')}.` : 'Industries: none listed in its catalog entry.';
    case 'maker':
      return `Maker: ${r.manufacturer}.`;
    case 'source':
      return r.datasheetSource ? `Source of the figures: ${r.datasheetSource}.` : 'Source of the figures: the catalog entry does not name its datasheet.';
    default: {
      const snippet = descriptionSnippet(r, field);
      const label = fieldLabels[field];
      const said = snippet
        ? `${label}: not a catalog figure; the catalog description says "${snippet}" Anything beyond that is ${NOT_PUBLISHED}.`
        : `${label}: ${NOT_PUBLISHED}. Check the maker's full datasheet or ask the supplier; I won't guess it.`;
      return field === 'speed' ? `${said} A cycle time also depends on the path, the gripper and the load: confirm it with a simulation or the supplier's cycle-time study.` : said;
    }
  }
}

/** One field of one robot, short, for a side-by-side line. */
function fieldValue(r: RobotRow, field: CatalogField): string {
  switch (field) {
    case 'payload':
      return kg(r.payloadKg);
    case 'reach':
      return mm(r.reachMm);
    case 'repeatability':
      return r.repeatabilityMm != null ? `±${formatNumber(r.repeatabilityMm, 3)} mm` : 'not published';
    case 'axes':
      return String(r.dof);
    case 'weight':
      return r.weightKg != null ? kg(r.weightKg) : 'not published';
    case 'price':
      return priceBand(r) ?? 'not published';
    case 'category':
      return r.category;
    case 'applications':
      return listApplications(r.applications, 4) || 'none listed';
    case 'industries':
      return r.industries.slice(0, 4).map((i) => i.replace(/-/g, ' ')).join(', ') || 'none listed';
    case 'maker':
      return r.manufacturer;
    case 'source':
      return r.datasheetSource ?? 'not named';
  }
}

function sourcesOf(robots: RobotRow[]) {
  return [...new Set(robots.map((r) => r.manufacturer))].slice(0, 2).map((m) => {
    const r = robots.find((x) => x.manufacturer === m)!;
    return { manufacturer: m, title: r.datasheetSource ?? `${robotName(r)} datasheet` };
  });
}

const CATEGORY_ASKED: Array<[RegExp, string]> = [
  [/\b(cobot|collaborative)\b/i, 'collaborative'],
  [/\bscara\b/i, 'scara'],
  [/\bdelta\b/i, 'delta'],
  [/\barticulated\b/i, 'articulated'],
  [/\bpalleti[sz]ing robot\b|\bpalleti[sz]er\b/i, 'palletizing'],
];

/** "Is it a cobot?" gets a yes or a no before the data. */
function yesNoCategory(message: string, r: RobotRow): string {
  if (!/^\s*(?:is|isn't|is not)\s+(?:it|this|that)\b/i.test(message)) return '';
  const asked = CATEGORY_ASKED.find(([re]) => re.test(message))?.[1];
  if (!asked) return '';
  return `${asked === r.category ? 'Yes' : 'No'}, it is ${withArticle(categoryLabel(r.category))}.\n\n`;
}

/** "For the robots on your compare page (UR10e and CRX-10iA)". */
function leadFor(about: RobotAbout): string {
  const names = joinWords(about.robots.map((r) => r.model));
  if (about.from === 'compare_page') return `For the robots on your compare page (${names})`;
  if (about.from === 'conversation') return `For the robots we discussed (${names})`;
  return `For the ${joinWords(about.robots.map(robotName))}`;
}

/** "What payload can it carry?", "its reach?", "IP rating?", "tell me more": answered from the catalog row. */
export function answerRobotSpecs(u: Understanding, about: RobotAbout): Draft {
  const draft = emptyDraft();
  const q = u.question;
  const robots = about.robots;
  const fields = q.fields;
  const lines: string[] = [];

  if (!robots.length) {
    draft.text = [
      'Which robot do you mean? Name the model (for example "UR10e" or "M-20iD/25"), or open its page in the catalog and ask me there.',
      'I will answer from its catalog entry: payload, reach, axes, repeatability, weight, indicative price, applications and the datasheet source.',
    ].join('\n');
    draft.askedForFacts = true;
    draft.followUps = ['Which robot model do you mean?', 'What task would you like to automate?'];
    draft.actions = ['Browse the robot catalog'];
    return draft;
  }

  if (robots.length === 1) {
    const r = robots[0]!;
    if (!fields.length) lines.push(...robotSummary(r));
    else {
      lines.push(`${yesNoCategory(u.message, r)}The ${robotName(r)}, from the catalog data we hold:`);
      for (const f of fields) lines.push(`- ${fieldSentence(r, f, q.accuracy)}`);
      if (r.datasheetSource && !fields.includes('source')) lines.push('', `Figures from: ${r.datasheetSource}.`);
    }
    draft.followUps = [
      `What part weight and reach does your task need? I can check whether the ${r.model} fits.`,
      `Would you like to see robots similar to the ${r.model}?`,
      'Would you like to estimate the payback of a cell with it?',
    ];
    draft.actions = [`Compare the ${r.model} with similar robots`, 'Estimate the payback with the ROI calculator'];
  } else {
    const names = robots.map((r) => r.model);
    lines.push(`${leadFor(about)}, from the catalog data we hold:`);
    if (!fields.length) for (const r of robots) lines.push(`- ${robotName(r)} (${r.category}): ${specLine(r)}${priceBand(r) ? `, indicative ${priceBand(r)}` : ''}`);
    for (const f of fields) {
      if (isCatalogField(f)) {
        lines.push(`- ${fieldLabels[f]}: ${robots.map((r) => `${r.model} ${fieldValue(r, f)}`).join(' | ')}`);
        continue;
      }
      const said = robots.flatMap((r) => {
        const s = descriptionSnippet(r, f);
        return s ? [`${r.model}: "${s}"`] : [];
      });
      lines.push(
        said.length
          ? `- ${fieldLabels[f]}: not a catalog figure; the catalog descriptions say ${said.join('; ')}. Beyond that it is not published in the datasheets we hold; I won't guess it.`
          : `- ${fieldLabels[f]}: not published in the datasheets we hold for any of them; I won't guess it.`,
      );
    }
    if (fields.includes('price')) lines.push('', 'Prices are indicative street prices (arm + controller), not quotes.');
    draft.followUps = [
      u.facts.payloadKg === undefined ? 'What part weight and reach does your task need, so I can say which one fits?' : '',
      `Would you like a full side-by-side comparison of the ${joinWords(names)}?`,
    ];
    draft.actions = [`Open the ${joinWords(names)} in the catalog compare view`, 'Estimate the payback with the ROI calculator'];
  }

  draft.text = lines.join('\n');
  draft.answered = true;
  draft.named = [...robots];
  draft.sources = sourcesOf(robots);
  return draft;
}

const rankPhrases: Record<RankField, { max: string; min: string; value: (r: RobotRow, want: 'max' | 'min') => number | null; show: (r: RobotRow) => string }> = {
  payload: { max: 'the highest payload', min: 'the lowest payload', value: (r) => r.payloadKg, show: (r) => kg(r.payloadKg) },
  reach: { max: 'the longest reach', min: 'the shortest reach', value: (r) => r.reachMm, show: (r) => mm(r.reachMm) },
  repeatability: {
    max: 'the loosest repeatability',
    min: 'the best (smallest) repeatability',
    value: (r) => r.repeatabilityMm,
    show: (r) => (r.repeatabilityMm != null ? `±${formatNumber(r.repeatabilityMm, 3)} mm` : 'not published'),
  },
  axes: { max: 'the most axes', min: 'the fewest axes', value: (r) => r.dof, show: (r) => `${r.dof} axes` },
  weight: { max: 'the heaviest arm', min: 'the lightest arm', value: (r) => r.weightKg, show: (r) => (r.weightKg != null ? kg(r.weightKg) : 'not published') },
  price: {
    max: 'the highest indicative price',
    min: 'the lowest indicative price',
    value: (r, want) => (want === 'min' ? (r.priceMinUsd ?? r.priceMaxUsd) : (r.priceMaxUsd ?? r.priceMinUsd)),
    show: (r) => priceBand(r) ?? 'not published',
  },
};

/** "Which has the longest reach?" over the robots in view. */
export function answerRobotRank(u: Understanding, about: RobotAbout): Draft {
  const draft = emptyDraft();
  const { field, want } = u.question.rank!;
  const robots = about.robots;
  const phrase = rankPhrases[field];
  const values = robots.map((r) => phrase.value(r, want));
  const known = values.filter((v): v is number => v != null);
  const names = robots.map((r) => r.model);
  const lines: string[] = [];

  if (!known.length) {
    lines.push(`The datasheets we hold publish no ${fieldLabels[field].toLowerCase()} for the ${joinWords(names)}, so I can't rank them on it.`);
  } else {
    const best = want === 'max' ? Math.max(...known) : Math.min(...known);
    const winners = robots.filter((_, i) => values[i] === best);
    if (winners.length === robots.length) lines.push(`The ${joinWords(names)} are level on ${fieldLabels[field].toLowerCase()}: ${phrase.show(winners[0]!)}.`);
    else lines.push(`The ${joinWords(winners.map(robotName))} ${winners.length > 1 ? 'share' : 'has'} ${want === 'max' ? phrase.max : phrase.min}: ${phrase.show(winners[0]!)}.`);
    const order = robots
      .map((r, i) => ({ r, v: values[i] }))
      .sort((a, b) => (a.v == null ? 1 : b.v == null ? -1 : want === 'max' ? b.v - a.v : a.v - b.v));
    lines.push('', `${leadFor(about)}:`);
    for (const { r } of order) lines.push(`- ${robotName(r)}: ${phrase.show(r)}`);
    const unknown = robots.filter((_, i) => values[i] == null);
    if (unknown.length) lines.push('', `The ${joinWords(unknown.map((r) => r.model))} ${unknown.length > 1 ? 'are' : 'is'} not ranked: ${NOT_PUBLISHED}.`);
  }
  if (field === 'price') lines.push('', 'Prices are indicative street prices (arm + controller), not quotes.');
  if (field === 'payload' || field === 'reach') lines.push('', 'The right pick still depends on your part weight and reach; tell me them and I will check each robot.');

  draft.text = lines.join('\n');
  draft.answered = true;
  draft.named = [...robots];
  draft.followUps = [
    u.facts.payloadKg === undefined ? 'What part weight and reach does your task need, so I can say which one fits?' : '',
    `Would you like a full side-by-side comparison of the ${joinWords(names)}?`,
  ];
  draft.actions = [`Open the ${joinWords(names)} in the catalog compare view`];
  draft.sources = sourcesOf(robots);
  return draft;
}

/**
 * Catalog robots close to one robot: about the same payload and reach (0.9-1.3x the
 * payload and 90 % of the reach first, then 0.8-1.6x and 85 %), the same type preferred,
 * one per maker (unless makers are asked for), nearest first.
 */
export async function findSimilarRobots(catalog: CatalogReader, robot: RobotRow, opts: { exclude?: string[]; makers?: string[]; limit?: number } = {}): Promise<RobotRow[]> {
  const limit = opts.limit ?? 3;
  const exclude = new Set([robot.id, ...(opts.exclude ?? [])]);
  const score = (r: RobotRow) =>
    Math.abs(Math.log(r.payloadKg / robot.payloadKg)) +
    Math.abs(Math.log(r.reachMm / robot.reachMm)) +
    (r.category === robot.category ? 0 : 0.5) +
    (r.manufacturer === robot.manufacturer ? 0.3 : 0);
  const picked: RobotRow[] = [];
  const makers = new Set<string>();
  for (const [low, high, reach] of [
    [0.9, 1.3, 0.9],
    [0.8, 1.6, 0.85],
  ] as const) {
    const rows = await findCandidateRobots(catalog, {
      minPayloadKg: robot.payloadKg * low,
      maxPayloadKg: robot.payloadKg * high,
      minReachMm: robot.reachMm * reach,
      manufacturers: opts.makers?.length ? opts.makers : undefined,
      limit: 200,
    });
    const ranked = rows.filter((r) => !exclude.has(r.id)).sort((a, b) => score(a) - score(b) || a.model.localeCompare(b.model));
    for (const r of ranked) {
      if (picked.length >= limit) break;
      if (picked.some((x) => x.id === r.id) || (!opts.makers?.length && makers.has(r.manufacturer))) continue;
      makers.add(r.manufacturer);
      picked.push(r);
    }
    if (picked.length >= limit) break;
  }
  return picked.sort((a, b) => score(a) - score(b) || a.model.localeCompare(b.model));
}

const signed = (v: number, unit: (x: number) => string) => (v === 0 ? 'same' : `${v > 0 ? '+' : '−'}${unit(Math.abs(v))}`);

/** "Show me alternatives": robots that meet the task when one is known, else robots close to the one in view. */
export async function answerAlternatives(deps: AdvisorDeps, u: Understanding, about: RobotAbout): Promise<Draft> {
  const draft = emptyDraft();
  const base = about.robots[0]!;
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
    picked = await findSimilarRobots(deps.catalog, base, { exclude, makers });
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
