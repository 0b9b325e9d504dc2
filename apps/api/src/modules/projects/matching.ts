import { ipLabel, type ProjectMatch, type ProjectRequirements } from '@cellforge/contracts';
import { displayFigure } from '@cellforge/contracts/constants';
import { byFit, cycleCost, cycleSuitability, fitScore, payloadFit, reachFit, requiredPayloadKg, TOOL_MARGIN } from '@cellforge/robot-fit';
import { applicationsCovered } from '../catalog';

export interface MatchCandidate {
  id: string;
  manufacturer: string;
  model: string;
  category: string;
  payloadKg: number;
  reachMm: number;
  priceMinUsd: number | null;
  priceMaxUsd: number | null;
  applications: string[];
  industries: string[];
  ownerId: string | null;
  ipRating: number | null;
  cleanroomIsoClass: number | null;
  foodGrade: boolean | null;
  mounting: string[] | null;
}


/** Figures as the chat and the search chips show them ("1,500"); margins in percent to 0.1. */
const fmt = (n: number) => displayFigure(n);
const pct = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/** "a 6 s cycle" but "an 8 s cycle", "an 11 s cycle", "an 18 s cycle" (the figure as it is read aloud). */
export function aOrAn(figure: string, capital = false): string {
  const an = /^(?:8|1[18](?!\d))/.test(figure);
  return capital ? (an ? 'An' : 'A') : an ? 'an' : 'a';
}

/** The cycle-time reason: the type's suitability (robot-fit cycleSuitability, which the order reads too) in words. */
function cycleSuitabilityText(robot: MatchCandidate, req: ProjectRequirements, cycle: number): { score: number; ok: boolean; text: string } {
  const part = req.payload_kg ?? 0;
  const s = `${fmt(cycle)} s`;
  const fit = cycleSuitability(robot.category, cycle, part, req.application === 'palletizing');
  switch (robot.category) {
    case 'collaborative':
      return {
        ...fit,
        text: fit.ok
          ? `${aOrAn(s, true)} ${s} cycle suits a cobot working beside people`
          : `A cobot runs at reduced speed near people: ${aOrAn(s)} ${s} cycle${part ? ` with ${fmt(part)} kg` : ''} is demanding; confirm with a cycle-time study`,
      };
    case 'palletizing':
      return { ...fit, text: fit.score === 1 ? `A 4-axis palletizer is built for fast stacking: suits ${aOrAn(s)} ${s} cycle` : `A 4-axis palletizer is fast, but made for stacking` };
    case 'scara':
    case 'delta':
      return {
        ...fit,
        text: fit.score === 1 ? `${robot.category === 'scara' ? 'A SCARA' : 'A delta robot'} is among the fastest for light parts: suits ${aOrAn(s)} ${s} cycle` : `Fast, but at its heavy end with ${fmt(part)} kg`,
      };
    default:
      return { ...fit, text: cycle < 2 ? `An industrial arm can run ${aOrAn(s)} ${s} cycle on short moves; check the path` : `An industrial arm runs ${aOrAn(s)} ${s} cycle at full speed behind guarding` };
  }
}

/**
 * A robot against a project's requirements: the reasons, each met or not. Only the
 * requirements the customer gave are judged. The fit score is the one rankMatches gives
 * (from the order); alone, a robot is its own closest fit (100 when it meets every
 * requirement and is made for the application).
 */
export function scoreMatch(robot: MatchCandidate, req: ProjectRequirements): ProjectMatch {
  const reasons: ProjectMatch['reasons'] = [];

  if (req.payload_kg) {
    const { ok, needed } = payloadFit(robot.payloadKg, req.payload_kg);
    const margin = ((robot.payloadKg - req.payload_kg) / req.payload_kg) * 100;
    reasons.push({
      kind: 'payload',
      ok,
      text: ok
        ? `Payload ${fmt(robot.payloadKg)} kg: ${pct(margin)}% above the ${fmt(req.payload_kg)} kg part, room for the tool (needs ${fmt(needed)} kg)`
        : `Payload ${fmt(robot.payloadKg)} kg carries the ${fmt(req.payload_kg)} kg part but leaves under ${TOOL_MARGIN * 100}% for the tool (needs ${fmt(needed)} kg)`,
    });
  }
  if (req.reach_mm) {
    const { ok } = reachFit(robot.reachMm, req.reach_mm);
    const margin = ((robot.reachMm - req.reach_mm) / req.reach_mm) * 100;
    reasons.push({
      kind: 'reach',
      ok,
      text: ok
        ? `Reach ${fmt(robot.reachMm)} mm: ${pct(margin)}% beyond the ${fmt(req.reach_mm)} mm needed`
        : `Reach ${fmt(robot.reachMm)} mm is short of the ${fmt(req.reach_mm)} mm needed`,
    });
  }
  if (req.cycle_time_s) {
    const cycle = cycleSuitabilityText(robot, req, req.cycle_time_s);
    reasons.push({ kind: 'cycle_time', ok: cycle.ok, text: cycle.text });
  }
  if (req.budget_usd) {
    if (robot.priceMinUsd === null) {
      reasons.push({ kind: 'price', ok: false, text: 'No indicative price known: ask the supplier' });
    } else {
      const ok = robot.priceMinUsd <= req.budget_usd;
      const band =
        robot.priceMaxUsd !== null && robot.priceMaxUsd !== robot.priceMinUsd
          ? `${money(robot.priceMinUsd)}–${money(robot.priceMaxUsd)}`
          : money(robot.priceMinUsd);
      const fullyInside = robot.priceMaxUsd === null || robot.priceMaxUsd <= req.budget_usd;
      reasons.push({
        kind: 'price',
        ok,
        text: !ok
          ? `Indicative price ${band} is above the ${money(req.budget_usd)} budget`
          : fullyInside
            ? `Indicative price ${band} is within the ${money(req.budget_usd)} budget`
            : `Indicative price ${band} starts within the ${money(req.budget_usd)} budget; its upper end is above it: ask for a quote`,
      });
    }
  }
  if (req.application) {
    const covered = applicationsCovered(req.application);
    const ok = robot.applications.some((a) => covered.includes(a));
    reasons.push({
      kind: 'application',
      ok,
      text: ok ? `Made for ${req.application.replace(/-/g, ' ')}` : `Not marketed for ${req.application.replace(/-/g, ' ')}`,
    });
  }
  if (req.industry) {
    const ok = robot.industries.includes(req.industry);
    reasons.push({
      kind: 'industry',
      ok,
      text: ok ? `Used in ${req.industry.replace(/-/g, ' ')}` : `Not typical in ${req.industry.replace(/-/g, ' ')}`,
    });
  }

  // Environment limits are hard (the candidates all meet them); the reason says with which published values.
  const env: string[] = [];
  if (req.food_grade && robot.foodGrade) env.push('food-grade');
  if (req.ip_rating_min !== null && robot.ipRating !== null) env.push(ipLabel(robot.ipRating));
  if (req.cleanroom_iso_class !== null && robot.cleanroomIsoClass !== null) env.push(`cleanroom ISO ${robot.cleanroomIsoClass}`);
  if (req.mounting && robot.mounting?.includes(req.mounting)) env.push(`${req.mounting} mounting allowed`);
  if (env.length) reasons.push({ kind: 'environment', ok: true, text: `Published: ${env.join(', ')}` });

  const match: ProjectMatch = {
    robot_id: robot.id,
    manufacturer: robot.manufacturer,
    model: robot.model,
    category: robot.category,
    payload_kg: robot.payloadKg,
    reach_mm: robot.reachMm,
    price_min_usd: robot.priceMinUsd,
    price_max_usd: robot.priceMaxUsd,
    listed_by_supplier: robot.ownerId !== null,
    // Filled by the service from the offers table (one query for the page's matches).
    offers: null,
    fit_score: 0,
    reasons,
  };
  return { ...match, fit_score: displayedScore(band(match), 0, 0) };
}

/** Reasons that are preferences, not requirements: a robot missing them is still presented as meeting the project. */
const PREFERENCES: ReadonlySet<string> = new Set(['application', 'industry']);

/**
 * The order's first two keys as one band: 2 x the requirements missed, + 1 when the robot is
 * not made for the project's application. Band 0: meets every requirement and made for the task.
 */
function band(match: ProjectMatch): number {
  const misses = match.reasons.filter((r) => !r.ok && !PREFERENCES.has(r.kind)).length;
  const offTask = match.reasons.some((r) => r.kind === 'application' && !r.ok) ? 1 : 0;
  return 2 * misses + offTask;
}

/** The top of a band's scores: 100, 60, 36, 22, ... (each band 0.6 of the one before). */
const bandTop = (k: number) => 100 * FIT_SCORE.bandRatio ** k;

/**
 * The fit score the card shows (docs/decisions.md "A fit score that follows the order"), from
 * the order's own keys so it never rises down the list: the band's top for the closest fit in
 * the band, falling towards the next band's top as the fit cost rises above that robot's
 * (exp(-extra cost / costScale): twice the payload headroom of the closest fit, ln 2 = 0.69,
 * is half way). A robot meeting every requirement made for the task scores 60-100; one
 * missing a requirement 36 or less.
 */
function displayedScore(k: number, cost: number, bestCost: number): number {
  const top = bandTop(k);
  const floor = bandTop(k + 1);
  return Math.round(floor + (top - floor) * Math.exp(-Math.max(0, cost - bestCost) / FIT_SCORE.costScale));
}

export const FIT_SCORE = {
  /** Each band's top is this share of the band before (misses, then off the application). */
  bandRatio: 0.6,
  /** Fit cost (robot-fit fitScore units) over the closest fit in the band that takes the score 1/e of the way down. */
  costScale: 1,
} as const;

/**
 * The one order of robots for a need (issue 12; docs/decisions.md "Project matches in the one
 * fit order"): first the robots that meet every requirement the project states (payload,
 * reach, cycle time, budget, environment), then fewer misses ahead of more; among those, a
 * robot listed for the project's application ahead (the search box and the chat narrow to
 * it); then robot-fit's fitScore on the same need the chat and the search box read from the
 * same words (the part plus the gripper allowance, the reach, the application as the task),
 * plus the type's cycle-time cost when the project states a cycle time; ties by maker, then
 * model (byFit). The 0-100 fit_score the card shows is read from the same keys (displayedScore),
 * so it never rises down the list; the reasons say why.
 */
export function rankMatches(candidates: MatchCandidate[], req: ProjectRequirements, limit = 20): ProjectMatch[] {
  const need = {
    payloadKg: req.payload_kg ? requiredPayloadKg(req.payload_kg) : undefined,
    reachMm: req.reach_mm ?? undefined,
    tasks: req.application ? applicationsCovered(req.application) : [],
  };
  const ranked = candidates
    .map((c) => {
      const match = scoreMatch(c, req);
      const cycle = req.cycle_time_s ? cycleCost(cycleSuitability(c.category, req.cycle_time_s, req.payload_kg ?? 0, req.application === 'palletizing')) : 0;
      return { match, band: band(match), cost: fitScore(c, need) + cycle, manufacturer: c.manufacturer, model: c.model };
    })
    .sort((a, b) => a.band - b.band || byFit(a, b))
    .slice(0, limit);
  // The closest fit in each band (the first listed in it) sets the band's top score.
  const best = new Map<number, number>();
  for (const s of ranked) if (!best.has(s.band)) best.set(s.band, s.cost);
  return ranked.map((s) => ({ ...s.match, fit_score: displayedScore(s.band, s.cost, best.get(s.band) ?? s.cost) }));
}
