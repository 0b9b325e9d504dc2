import type { RobotRow } from '../../catalog';
import { isCatalogField, type RankField } from '../understanding/robot-question';
import { categoryLabel, formatNumber, joinWords, kg, mm, priceBand, robotName, specLine, withArticle } from './format';
import { robotSummary } from './general';
import { emptyDraft, type Draft, type RobotAbout, type Understanding } from './types';
import { NOT_PUBLISHED, fieldLabels, fieldSentence, fieldValue, sourcesOf, descriptionSnippet } from './robot-fields';
import { defined, nth } from '../../../lib/invariants';
import { joinNames, rankTextsFor, rankValue } from './rank-texts';
import { priceWords, type OfferPrices } from './offer-prices';

/**
 * Follow-ups about robots in view (the detail page's robot, the compare page, robots the
 * conversation named): their catalog fields ("what payload can it carry?") and a ranking
 * ("which has the longest reach?"). Every figure comes from the catalog row.
 */

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
export function answerRobotSpecs(u: Understanding, about: RobotAbout, offers: OfferPrices = new Map()): Draft {
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

  const lang = u.language ?? 'en';
  if (lang !== 'en' && fields.length && fields.every((f) => f !== 'price' && (RANKED_FIELDS as readonly string[]).includes(f))) {
    return answerSpecsIn(lang, about, fields as RankField[], draft);
  }

  if (robots.length === 1) {
    const r = nth(robots, 0);
    if (!fields.length) lines.push(...robotSummary(r));
    else {
      lines.push(`${yesNoCategory(u.message, r)}The ${robotName(r)}, from the catalog data we hold:`);
      for (const f of fields) {
        // "How much is it?": what suppliers offer it for comes before the indicative band.
        if (f === 'price' && (offers.get(r.id)?.count ?? 0) > 0) lines.push(`- Supplier offers: ${priceWords(r, offers)}.`);
        lines.push(`- ${fieldSentence(r, f, q.accuracy)}`);
      }
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
        lines.push(`- ${fieldLabels[f]}: ${robots.map((r) => `${r.model} ${f === 'price' && offers.has(r.id) ? priceWords(r, offers) : fieldValue(r, f)}`).join(' | ')}`);
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

const RANKED_FIELDS = ['payload', 'reach', 'repeatability', 'axes', 'weight', 'price'] as const satisfies readonly RankField[];

/**
 * "¿Y qué alcance tiene el primero?", "Welche Traglast hat er?": catalog figures asked in German or
 * Spanish are answered in that language (issue 12: answer in the language asked; outsider I3).
 */
function answerSpecsIn(lang: 'de' | 'es', about: RobotAbout, fields: RankField[], draft: Draft): Draft {
  const t = rankTextsFor(lang);
  const robots = about.robots;
  const names = robots.map((r) => r.model);
  const lines: string[] = [];
  if (robots.length === 1) {
    const r = nth(robots, 0);
    lines.push(lang === 'de' ? `Für den ${robotName(r)}, aus den Katalogdaten, die wir haben:` : `Para el ${robotName(r)}, según los datos del catálogo que tenemos:`);
    for (const f of fields) lines.push(`- ${t.field[f]}: ${rankValue(lang, f, r)}`);
    if (r.datasheetSource) lines.push('', `${lang === 'de' ? 'Quelle der Angaben' : 'Fuente de las cifras'}: ${r.datasheetSource}.`);
  } else {
    lines.push(`${t.lead(about.from, joinNames(lang, about.from === 'compare_page' || about.from === 'conversation' ? names : robots.map(robotName)))}:`);
    for (const f of fields) lines.push(`- ${t.field[f]}: ${robots.map((r) => `${r.model} ${rankValue(lang, f, r)}`).join(' | ')}`);
  }
  draft.followUps = [t.taskQ, ...(robots.length > 1 ? [t.compareQ(joinNames(lang, names))] : [])];
  draft.actions = robots.length > 1 ? [t.compare(joinNames(lang, names))] : [];
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
  const { field, want } = defined(u.question.rank, 'the field a rank question ranks on');
  const robots = about.robots;
  const phrase = rankPhrases[field];
  const values = robots.map((r) => phrase.value(r, want));
  const known = values.filter((v): v is number => v != null);
  const names = robots.map((r) => r.model);
  const lines: string[] = [];
  const lang = u.language ?? 'en';
  if (lang !== 'en') return answerRobotRankIn(lang, u, about, values, draft);

  if (!known.length) {
    lines.push(`The datasheets we hold publish no ${fieldLabels[field].toLowerCase()} for the ${joinWords(names)}, so I can't rank them on it.`);
  } else {
    const best = want === 'max' ? Math.max(...known) : Math.min(...known);
    const winners = robots.filter((_, i) => values[i] === best);
    if (winners.length === robots.length) lines.push(`The ${joinWords(names)} are level on ${fieldLabels[field].toLowerCase()}: ${phrase.show(nth(winners, 0))}.`);
    else lines.push(`The ${joinWords(winners.map(robotName))} ${winners.length > 1 ? 'share' : 'has'} ${want === 'max' ? phrase.max : phrase.min}: ${phrase.show(nth(winners, 0))}.`);
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

/** The ranking in German or Spanish (outside testers: rankings were English-only); the same order and figures. */
function answerRobotRankIn(lang: 'de' | 'es', u: Understanding, about: RobotAbout, values: Array<number | null>, draft: Draft): Draft {
  const { field, want } = defined(u.question.rank, 'the field a rank question ranks on');
  const t = rankTextsFor(lang);
  const robots = about.robots;
  const known = values.filter((v): v is number => v != null);
  const names = joinNames(lang, robots.map((r) => r.model));
  const lines: string[] = [];
  if (!known.length) lines.push(t.none(t.field[field], names));
  else {
    const best = want === 'max' ? Math.max(...known) : Math.min(...known);
    const winners = robots.filter((_, i) => values[i] === best);
    const value = rankValue(lang, field, nth(winners, 0));
    if (winners.length === robots.length) lines.push(t.level(names, t.field[field], value));
    else lines.push(t.winner(joinNames(lang, winners.map(robotName)), winners.length > 1, t.best[field][want], value));
    const order = robots
      .map((r, i) => ({ r, v: values[i] }))
      .sort((a, b) => (a.v == null ? 1 : b.v == null ? -1 : want === 'max' ? b.v - a.v : a.v - b.v));
    lines.push('', `${t.lead(about.from, about.from === 'compare_page' || about.from === 'conversation' ? names : joinNames(lang, robots.map(robotName)))}:`);
    for (const { r } of order) lines.push(`- ${robotName(r)}: ${rankValue(lang, field, r)}`);
    const unknown = robots.filter((_, i) => values[i] == null);
    if (unknown.length) lines.push('', t.notRanked(joinNames(lang, unknown.map((r) => r.model)), unknown.length > 1));
  }
  if (field === 'price') lines.push('', t.prices);
  if (field === 'payload' || field === 'reach') lines.push('', t.task);
  draft.text = lines.join('\n');
  draft.answered = true;
  draft.named = [...robots];
  draft.followUps = [u.facts.payloadKg === undefined ? t.taskQ : '', t.compareQ(names)];
  draft.actions = [t.compare(names)];
  draft.sources = sourcesOf(robots);
  return draft;
}
