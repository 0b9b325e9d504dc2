import { byFit, cycleCost, cycleSuitability, fitScore, partAllowanceKg, payloadFit, reachFit, requiredPayloadKg, TOOL_MARGIN } from '@cellforge/robot-fit';
import { type CandidateQuery, type CatalogReader, type EnvironmentQuery, type RobotRow } from '../../catalog';
import { candidateRobots } from './catalog-memo';
import { environmentChecks } from './environment';
import type { RobotLimits } from '../understanding/conversation';
import type { BudgetSaid } from '../understanding/facts';
import { applicationLabel, applicationMatches, listedFor } from '../understanding/vocabulary';
import { formatNumber, kg, mm, priceBand } from './format';
import { fitTextsFor } from './fit-texts';
import { formatterFor, messagesFor, type AnswerLanguage } from './i18n';

/** The payload rules are the catalog-wide ones (packages/robot-fit). */
export { partAllowanceKg, requiredPayloadKg };

export interface SelectionCriteria {
  payloadKg: number;
  toolKg?: number;
  reachMm?: number;
  application?: string;
  industry?: string;
  manufacturers?: string[];
  /** Hard limits: never relaxed. */
  excludedManufacturers?: string[];
  /** Robot types ruled out ("no cobots"): never relaxed. */
  excludedCategories?: string[];
  maxReachMm?: number;
  maxPayloadKg?: number;
  axes?: { min?: number; max?: number };
  category?: string;
  /** Every type asked when more than one ("delta or SCARA": either). */
  categories?: string[];
  budgetUsd?: number;
  /** The budget as the buyer said it, when not in USD: read back with the USD beside it. */
  budgetSaid?: BudgetSaid;
  cycleTimeS?: number;
  /** Hard environment limits: never relaxed; a robot whose value is not published does not pass. */
  environment?: EnvironmentQuery;
  limits?: RobotLimits;
}

export interface Recommendation {
  robot: RobotRow;
  score: number;
  requiredPayloadKg: number;
  payloadMarginPct: number;
  reachMarginMm: number | null;
  reasons: string[];
  applicationMatch: boolean | null;
  industryMatch: boolean | null;
}

export interface RecommendationResult {
  requiredPayloadKg: number;
  recommendations: Recommendation[];
  /** Preferences dropped because nothing met them ("application", "manufacturer", "category", "budget"). */
  relaxed: Array<'application' | 'manufacturer' | 'category' | 'budget'>;
  /** Nothing meets the budget with the rest: the recommendations are the cheapest that meet the rest. */
  overBudget: boolean;
  candidates: number;
}

const minDefined = (...values: Array<number | undefined>) => {
  const set = values.filter((v): v is number => v !== undefined);
  return set.length ? Math.min(...set) : undefined;
};

const PRECISION_APPS = new Set(['assembly', 'inspection', 'laboratory', 'dispensing', 'screwdriving', 'cleanroom']);

/** The catalog-wide fit ranking (robot-fit fitScore, also the catalog search's relevance order) plus what only the chat knows. */
function scoreRobot(r: RobotRow, c: SelectionCriteria, required: number): number {
  let score = fitScore(r, { payloadKg: required, reachMm: c.reachMm, tasks: !c.category && c.application ? applicationMatches(c.application) : [] });
  if (c.application) score += listedFor(r.applications, c.application) ? -0.8 : 0;
  // The industry is a preference shown with each robot (industryMatch), not a rank: the search box
  // and project matching do not rank by it, and the three put the same robots first (issue 12).
  // The type's fit for a stated cycle time: robot-fit's cost, the one project matching adds too.
  if (c.cycleTimeS !== undefined) score += cycleCost(cycleSuitability(r.category, c.cycleTimeS, c.payloadKg, c.application === 'palletizing'));
  if (!c.category) {
    // Large 4-axis and heavy robots are poor picks for small precise work.
    if (c.application && PRECISION_APPS.has(c.application) && r.category === 'heavy-payload') score += 0.5;
  }
  if (c.application && PRECISION_APPS.has(c.application) && r.repeatabilityMm != null && r.repeatabilityMm <= 0.02) score -= 0.2;
  return score;
}

function reasonsFor(r: RobotRow, c: SelectionCriteria, required: number): string[] {
  const reasons: string[] = [];
  const headroom = ((r.payloadKg - required) / required) * 100;
  const allowance = c.toolKg !== undefined ? `${kg(c.payloadKg)} part + ${kg(c.toolKg)} tool` : `${kg(c.payloadKg)} part + ${TOOL_MARGIN * 100}% for the gripper`;
  reasons.push(`Payload ${kg(r.payloadKg)} vs ${kg(required)} needed (${allowance}): ${formatNumber(headroom, 0)}% headroom`);
  if (c.reachMm) reasons.push(`Reach ${mm(r.reachMm)} vs ${mm(c.reachMm)} needed (+${mm(r.reachMm - c.reachMm)})`);
  else reasons.push(`Reach ${mm(r.reachMm)}`);
  const axes =
    r.dof === 4
      ? '4 axes: fast for flat pick-and-place, but it cannot tilt the tool'
      : r.dof === 7
        ? '7 axes: extra flexibility to work around obstacles'
        : `${r.dof} axes: can reach parts from any angle`;
  reasons.push(axes);
  if (r.repeatabilityMm != null) reasons.push(`Repeatability ±${r.repeatabilityMm} mm`);
  if (c.application) {
    const match = listedFor(r.applications, c.application);
    reasons.push(match ? `Listed for ${applicationLabel(c.application)}` : `Not listed for ${applicationLabel(c.application)} by its maker: check with the supplier`);
  }
  const checks = environmentChecks(r, c.environment);
  if (checks.length) reasons.push(`Environment: ${checks.map((x) => x.text).join(', ')}`);
  const band = priceBand(r);
  reasons.push(band ? `Indicative price ${band} (arm + controller)` : 'Price not published');
  return reasons;
}

/**
 * Ranks catalog robots for a task. Every robot returned meets the payload (with the
 * tool allowance) and reach; maker, category, application and budget are applied
 * when possible and listed in `relaxed` when nothing met them.
 */
export async function recommendRobots(catalog: CatalogReader, c: SelectionCriteria, limit = 3): Promise<RecommendationResult> {
  const required = requiredPayloadKg(c.payloadKg, c.toolKg);
  const base: CandidateQuery = {
    minPayloadKg: Math.max(required, c.limits?.minPayloadKg ?? 0),
    maxPayloadKg: minDefined(c.limits?.maxPayloadKg, c.maxPayloadKg),
    minReachMm: c.reachMm,
    maxReachMm: c.maxReachMm,
    excludeManufacturers: c.excludedManufacturers,
    excludeCategories: c.excludedCategories,
    minDof: c.axes?.min,
    maxDof: c.axes?.max,
    minPriceUsd: c.limits?.minPriceUsd,
    environment: c.environment,
    limit: 80,
  };
  const budget = c.budgetUsd ?? c.limits?.maxPriceUsd;
  const prefs = {
    application: c.application ? applicationMatches(c.application) : undefined,
    manufacturer: c.manufacturers?.length ? c.manufacturers : undefined,
    category: c.categories?.length ? c.categories.join(',') : c.category,
    budget,
  };
  const relaxed: RecommendationResult['relaxed'] = [];
  const query = () =>
    candidateRobots(catalog, {
      ...base,
      applications: prefs.application,
      manufacturers: prefs.manufacturer,
      category: prefs.category,
      maxPriceUsd: prefs.budget,
    });
  let rows = await query();
  // The budget is the buyer's hard limit, said plainly when it is what rules the catalog out
  // (outside testers: "cobot for 10 kg, budget 30k" must not name cobots above it as fitting
  // nor drop the cobot for a cheaper arm): when everything else is met without it, the answer
  // says nothing fits the budget and names the cheapest robots that meet the rest, with prices.
  let overBudget = false;
  if (!rows.length && prefs.budget !== undefined) {
    const withinEverythingElse = await candidateRobots(catalog, { ...base, applications: prefs.application, manufacturers: prefs.manufacturer, category: prefs.category });
    if (withinEverythingElse.length) {
      prefs.budget = undefined;
      relaxed.push('budget');
      overBudget = true;
      rows = withinEverythingElse;
    }
  }
  // Drop preferences one at a time, least important first, until something fits.
  for (const key of ['application', 'category', 'manufacturer', 'budget'] as const) {
    if (rows.length) break;
    if (prefs[key] === undefined) continue;
    prefs[key] = undefined;
    relaxed.push(key);
    rows = await query();
  }

  const price = (r: RobotRow) => r.priceMinUsd ?? Number.POSITIVE_INFINITY;
  // The one fit order (robot-fit byFit: cost, then maker, then model), the catalog search's for
  // the same words, so the "see more" link opens on the same first robots; over budget the
  // cheapest come first. No "one robot per maker" reordering (issue 12, session 13).
  const picked = rows
    .map((robot) => ({ robot, score: scoreRobot(robot, c, required) }))
    .sort(
      (a, b) =>
        (overBudget ? price(a.robot) - price(b.robot) : 0) ||
        byFit({ cost: a.score, manufacturer: a.robot.manufacturer, model: a.robot.model }, { cost: b.score, manufacturer: b.robot.manufacturer, model: b.robot.model }),
    )
    .slice(0, limit);

  return {
    requiredPayloadKg: required,
    candidates: rows.length,
    relaxed,
    overBudget,
    recommendations: picked.map(({ robot, score }) => ({
      robot,
      score: Math.round(score * 1000) / 1000,
      requiredPayloadKg: required,
      payloadMarginPct: Math.round(((robot.payloadKg - required) / required) * 1000) / 10,
      reachMarginMm: c.reachMm ? Math.round(robot.reachMm - c.reachMm) : null,
      reasons: reasonsFor(robot, c, required),
      applicationMatch: c.application ? listedFor(robot.applications, c.application) : null,
      industryMatch: c.industry ? robot.industries.includes(c.industry) : null,
    })),
  };
}

/** Does one robot meet a task? Used on the robot detail page and by the evaluation; the notes in the answer's language. */
export function checkFit(r: RobotRow, c: Partial<SelectionCriteria>, lang: AnswerLanguage = 'en'): { fits: boolean; notes: string[] } {
  const t = fitTextsFor(lang);
  const x = formatterFor(lang);
  const appName = (a: string) => (lang === 'en' ? applicationLabel(a) : messagesFor(lang).app(a));
  const notes: string[] = [];
  let fits = true;
  if (c.payloadKg !== undefined) {
    const { ok, needed: need } = payloadFit(r.payloadKg, c.payloadKg, c.toolKg);
    const allowance = c.toolKg !== undefined ? t.allowanceTool : t.allowanceMargin;
    if (ok) notes.push(t.payloadOk(x.kg(r.payloadKg), x.kg(need), allowance));
    else {
      fits = false;
      notes.push(t.payloadShort(x.kg(r.payloadKg), x.kg(need), allowance));
      // "Can it lift 11 kg?" of a 12.5 kg robot: the part alone, yes; with a gripper, no.
      if (c.toolKg === undefined && r.payloadKg >= c.payloadKg) notes.push(t.partAlone(x.kg(c.payloadKg), x.kg(r.payloadKg - c.payloadKg)));
    }
  }
  if (c.reachMm !== undefined) {
    if (reachFit(r.reachMm, c.reachMm).ok) notes.push(t.reachOk(x.mm(r.reachMm), x.mm(c.reachMm)));
    else {
      fits = false;
      notes.push(t.reachShort(x.mm(r.reachMm), x.mm(c.reachMm)));
    }
  }
  if (c.application) notes.push(listedFor(r.applications, c.application) ? t.appListed(appName(c.application)) : t.appNotListed(appName(c.application)));
  if (c.industry) {
    const industry = c.industry.replace(/-/g, ' ');
    notes.push(r.industries.includes(c.industry) ? t.industryListed(industry) : t.industryNotListed(industry));
  }
  if (c.budgetUsd !== undefined && r.priceMinUsd != null) {
    if (r.priceMinUsd <= c.budgetUsd) {
      const top = r.priceMaxUsd != null && r.priceMaxUsd > c.budgetUsd ? x.usd(r.priceMaxUsd) : undefined;
      notes.push(t.budgetOk(x.usd(r.priceMinUsd), x.budget(c.budgetUsd, c.budgetSaid), top));
    } else {
      fits = false;
      notes.push(t.budgetOver(x.usd(r.priceMinUsd), x.budget(c.budgetUsd, c.budgetSaid)));
    }
  }
  return { fits, notes };
}

export type CompareField = 'payload_kg' | 'reach_mm' | 'dof' | 'repeatability_mm' | 'weight_kg' | 'price_min_usd' | 'price_max_usd';

export interface CompareRow {
  field: CompareField;
  label: string;
  unit: string | null;
  better: 'higher' | 'lower' | null;
  values: Array<number | null>;
  /** Indexes of the robots with the best value (empty when no value or all equal). */
  best: number[];
}

const compareFields: Array<{ field: CompareField; label: string; unit: string | null; better: 'higher' | 'lower' | null; get: (r: RobotRow) => number | null }> = [
  { field: 'payload_kg', label: 'Payload', unit: 'kg', better: 'higher', get: (r) => r.payloadKg },
  { field: 'reach_mm', label: 'Reach', unit: 'mm', better: 'higher', get: (r) => r.reachMm },
  { field: 'dof', label: 'Axes', unit: null, better: null, get: (r) => r.dof },
  { field: 'repeatability_mm', label: 'Repeatability', unit: 'mm', better: 'lower', get: (r) => r.repeatabilityMm },
  { field: 'weight_kg', label: 'Arm weight', unit: 'kg', better: 'lower', get: (r) => r.weightKg },
  { field: 'price_min_usd', label: 'Indicative price from', unit: 'USD', better: 'lower', get: (r) => r.priceMinUsd },
  { field: 'price_max_usd', label: 'Indicative price to', unit: 'USD', better: 'lower', get: (r) => r.priceMaxUsd },
];

/** Side-by-side rows with the best value of each row marked ("more payload is better", "lower price is better"). */
export function compareRobotRows(list: RobotRow[]): CompareRow[] {
  return compareFields.map(({ field, label, unit, better, get }) => {
    const values = list.map(get);
    const known = values.filter((v): v is number => v != null);
    let best: number[] = [];
    if (better && known.length >= 2 && new Set(known).size > 1) {
      const target = better === 'higher' ? Math.max(...known) : Math.min(...known);
      best = values.flatMap((v, i) => (v === target ? [i] : []));
    }
    return { field, label, unit, better, values, best };
  });
}
