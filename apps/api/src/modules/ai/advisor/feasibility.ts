import { catalogLimits, environmentShortfall, findClosestToTask, hasEnvironmentFilter, type CatalogReader, type RobotRow } from '../../catalog';
import { candidateRobots } from './catalog-memo';
import { environmentChecks, environmentWords } from './environment';
import type { Facts } from '../understanding/facts';
import { categoryLabel, robotName } from './format';
import { categoryIn, formatterFor, joinList, messagesFor, type AnswerLanguage } from './i18n';
import { environmentTextsFor } from './environment-texts';
import { requiredPayloadKg } from './recommend';
import { emptyDraft, type Draft } from './types';

/** The types asked as the catalog query reads them ("scara,delta": either); undefined when none. */
export function categoryQuery(f: Pick<Facts, 'category' | 'categories'>): string | undefined {
  return f.categories?.length ? f.categories.join(',') : f.category;
}

/** Whether the buyer stated anything a robot must meet (a figure, a bound, a type, a maker, an environment limit). */
export function statesALimit(f: Facts): boolean {
  return (
    f.payloadKg !== undefined ||
    f.reachMm !== undefined ||
    f.maxReachMm !== undefined ||
    f.maxPayloadKg !== undefined ||
    f.axes !== undefined ||
    f.category !== undefined ||
    Boolean(f.manufacturers?.length && !f.makersPreferred) ||
    Boolean(f.excludedManufacturers?.length) ||
    Boolean(f.excludedCategories?.length) ||
    (f.environment !== undefined && hasEnvironmentFilter(f.environment))
  );
}

/**
 * What the task needs from a robot that no detail the buyer may add can change: the figures
 * (a payload not yet said is 0) and what the buyer said as a kind (the type, the makers asked
 * for, the environment). The kind is never relaxed: "a cobot for 200 kg" is not met by a
 * palletizer (issue 12, session 15; docs/decisions.md "Nearest robots keep the kind").
 */
function hardNeed(f: Facts) {
  return {
    minPayloadKg: f.payloadKg !== undefined ? requiredPayloadKg(f.payloadKg, f.toolKg) : 0,
    minReachMm: f.reachMm,
    maxReachMm: f.maxReachMm,
    // Limits on the robot itself are as hard as the figures (the shortlist never relaxes them):
    // "a 6 axis arm" is not met by a 4-axis SCARA however well it carries the load.
    maxPayloadKg: f.maxPayloadKg,
    minDof: f.axes?.min,
    maxDof: f.axes?.max,
    excludeManufacturers: f.excludedManufacturers,
    excludeCategories: f.excludedCategories,
    category: categoryQuery(f),
    // Makers named as a wish ("Epson or Denso preferred") are ranked, not kept.
    manufacturers: f.manufacturers?.length && !f.makersPreferred ? f.manufacturers : undefined,
    environment: f.environment,
  };
}

/** True when at least one robot the reader may see meets payload (with the tool allowance), reach, the hard limits and the kind asked. */
export async function anyRobotFits(catalog: CatalogReader, f: Facts): Promise<boolean> {
  const need = hardNeed(f);
  const rows = await candidateRobots(catalog, { ...need, limit: 1 });
  return rows.length > 0;
}

/** The kind the buyer named, inside a sentence ("SCARA robot", "FANUC robot", "Roboter des Typs Delta"); undefined when none. */
function kindWords(f: Facts, lang: AnswerLanguage): string | undefined {
  const or = messagesFor(lang).facts.or;
  const makers = f.manufacturers?.length && !f.makersPreferred ? f.manufacturers.join(` ${or} `) : undefined;
  const types = f.category ? (f.categories ?? [f.category]) : [];
  if (!makers && !types.length) return undefined;
  const names = types.map((c) => categoryIn(lang, c, categoryLabel));
  if (lang === 'en') {
    const type = names.length ? joinList(names.map((n) => n.label), or) : 'robot';
    return makers ? `${makers} ${type}` : type;
  }
  const robot = lang === 'de' ? 'Roboter' : 'robot';
  const type = names.length ? ` ${lang === 'de' ? 'des Typs' : 'de tipo'} ${joinList(names.map((n) => n.tag), or)}` : '';
  return `${robot}${type}${makers ? ` ${lang === 'de' ? 'von' : 'de'} ${makers}` : ''}`;
}

/** "48%" in English, "48 %" in German and Spanish. */
const pct = (short: number, need: number, lang: AnswerLanguage) => `${Math.round((short / need) * 100)}${lang === 'en' ? '' : ' '}%`;

/** How far a robot falls short of the payload and reach needed ("payload 5 kg, 1 kg (17%) short"); empty when it meets both. */
function figureMisses(r: RobotRow, need: ReturnType<typeof hardNeed>, lang: AnswerLanguage): string[] {
  const t = messagesFor(lang).none;
  const x = formatterFor(lang);
  const misses: string[] = [];
  if (r.payloadKg < need.minPayloadKg) misses.push(t.payloadShort(x.kg(r.payloadKg), x.kg(need.minPayloadKg - r.payloadKg), pct(need.minPayloadKg - r.payloadKg, need.minPayloadKg, lang)));
  if (need.minReachMm !== undefined && r.reachMm < need.minReachMm) misses.push(t.reachShort(x.mm(r.reachMm), x.mm(need.minReachMm - r.reachMm), pct(need.minReachMm - r.reachMm, need.minReachMm, lang)));
  return misses;
}

/**
 * Feasibility first (issue 12): when the figures already known rule out the whole catalog,
 * say which one does (and what the catalog's limit is), and show the nearest robots with
 * how far each falls short, instead of asking for more details.
 */
export async function answerNothingFits(catalog: CatalogReader, f: Facts, intro: string[], lang: AnswerLanguage = 'en'): Promise<Draft> {
  const t = messagesFor(lang).none;
  const x = formatterFor(lang);
  const and = messagesFor(lang).facts.and;
  const or = messagesFor(lang).facts.or;
  const need = hardNeed(f);
  if (need.environment && hasEnvironmentFilter(need.environment)) {
    const withoutEnvironment = { ...need, environment: undefined };
    // The figures alone fit: the environment limits are what rule the catalog out.
    if ((await candidateRobots(catalog, { ...withoutEnvironment, limit: 1 })).length) return answerNoEnvironmentFit(catalog, f, intro, lang);
  }
  const draft = emptyDraft();
  const kind = kindWords(f, lang);
  const kindQuery = { category: need.category, manufacturers: need.manufacturers };
  const limits = await catalogLimits(catalog, kindQuery);
  const lines = [...intro];
  const reasons: string[] = [];
  // With a kind named, the limits are those of that kind ("no SCARA robot reaches 2,000 mm").
  if (need.minPayloadKg > limits.maxPayloadKg) reasons.push(kind ? t.kindPayload(kind, x.kg(need.minPayloadKg), x.kg(limits.maxPayloadKg)) : t.payload(x.kg(need.minPayloadKg), x.kg(limits.maxPayloadKg)));
  if (need.minReachMm !== undefined && need.minReachMm > limits.maxReachMm) reasons.push(kind ? t.kindReach(kind, x.mm(need.minReachMm), x.mm(limits.maxReachMm)) : t.reach(x.mm(need.minReachMm), x.mm(limits.maxReachMm)));
  if (!reasons.length) {
    const parts = need.minPayloadKg > 0 ? [t.payloadPart(x.kg(need.minPayloadKg))] : [];
    if (need.minReachMm !== undefined) parts.push(t.reachPart(x.mm(need.minReachMm)));
    if (need.maxReachMm !== undefined) parts.push(t.atMostReach(x.mm(need.maxReachMm)));
    const facts = messagesFor(lang).facts;
    if (need.maxPayloadKg !== undefined) parts.push(facts.maxPayload(x.kg(need.maxPayloadKg)));
    if (need.minDof !== undefined && need.minDof === need.maxDof) parts.push(facts.axesExactly(need.minDof));
    else if (need.minDof !== undefined) parts.push(facts.axesMin(need.minDof));
    else if (need.maxDof !== undefined) parts.push(facts.axesMax(need.maxDof));
    if (need.excludeManufacturers?.length) parts.push(t.notMakers(need.excludeManufacturers.join(` ${or} `)));
    if (need.excludeCategories?.length) parts.push(t.notMakers(need.excludeCategories.map((c) => categoryIn(lang, c, categoryLabel).label).join(` ${or} `)));
    if (!kind) parts.push(...environmentWords(need.environment, lang));
    reasons.push(kind ? t.kindTogether(kind, parts.join(` ${and} `)) : t.together(parts.join(` ${and} `)));
  }
  // The kind is what rules the catalog out: say that other robots meet the figures (not named: they are not what was asked).
  if (kind && (await candidateRobots(catalog, { ...need, category: undefined, manufacturers: undefined, limit: 1 })).length) reasons.push(t.othersFit);
  lines.push('', t.heading, ...reasons.map((r) => `- ${r}`));

  const closest: RobotRow[] = await findClosestToTask(catalog, need, 3);
  if (closest.length) {
    lines.push('', kind ? t.closestOfKind : t.closest);
    for (const r of closest) {
      // The nearest robots keep the kind and the limits on the robot itself; an environment limit they miss is said.
      const misses = [...figureMisses(r, need, lang), ...environmentChecks(r, need.environment, lang).filter((c) => c.ok !== true).map((c) => c.text)];
      lines.push(`- ${robotName(r)}: ${misses.length ? misses.join('; ') : t.meets}`);
    }
    draft.named.push(...closest);
  }
  // From the heading to the nearest robots: what no phrasing may drop (issue 12).
  draft.kept = lines.slice(intro.length);
  draft.keptKinds = ['nothing-fits'];
  lines.push('', t.split, t.gantry);
  draft.text = lines.join('\n');
  draft.answered = true;
  draft.followUps = [...t.followUps];
  draft.actions = [...t.actions];
  return draft;
}

/**
 * Robots meet the figures, but none is known to meet the environment limits (issue 12:
 * "food-grade IP67 for raw chicken, 5 kg"): said plainly, with how many robots have no
 * published value (they are not counted as fitting), and the nearest robots with what
 * each misses or does not publish.
 */
async function answerNoEnvironmentFit(catalog: CatalogReader, f: Facts, intro: string[], lang: AnswerLanguage): Promise<Draft> {
  const { kg, mm } = formatterFor(lang);
  const t = environmentTextsFor(lang);
  const and = messagesFor(lang).facts.and;
  const draft = emptyDraft();
  const need = hardNeed(f);
  const asked = environmentWords(need.environment, lang).join(', ');
  const shortfall = await environmentShortfall(catalog, need, 3);
  // The nearest robots are known to meet the environment limits (and the kind) when any is, however far
  // they miss the figures; only when none is are the robots whose value is unpublished shown.
  const known = await findClosestToTask(catalog, need, 3);
  const nearest = known.length ? known : shortfall.nearest;
  const lines = [...intro];
  lines.push('', t.noneKnown(asked, t.figures(kg(need.minPayloadKg), need.minReachMm !== undefined ? mm(need.minReachMm) : undefined)));
  const unknown = shortfall.unknown.filter((u) => u.robots > 0);
  if (unknown.length) lines.push(t.unpublished(shortfall.meetingFigures, joinList(unknown.map((u) => t.unpublishedPart(u.robots, u.filter)), and)));
  if (nearest.length) {
    lines.push('', t.nearest);
    for (const r of nearest) {
      const misses = [...figureMisses(r, need, lang), ...environmentChecks(r, need.environment, lang).filter((c) => c.ok !== true).map((c) => c.text)];
      lines.push(`- ${robotName(r)} (${kg(r.payloadKg)}, ${mm(r.reachMm)}): ${misses.length ? misses.join('; ') : t.meetsLimits}`);
    }
    draft.named.push(...nearest);
  }
  draft.kept = lines.slice(intro.length);
  draft.keptKinds = ['nothing-fits'];
  draft.text = lines.join('\n');
  draft.answered = true;
  draft.followUps = [...t.followUps];
  draft.actions = [...t.actions];
  return draft;
}
