import { ROBOT_TOOL_MARGIN } from '@cellforge/contracts/constants';

/**
 * Whether a robot fits a task, one rule for every part of the product: project matching,
 * the assistant's recommendations and answers, and stage 2 of the video analysis. A buyer
 * must never see a robot "fit" in one place and "not viable" in another.
 *
 * Inputs: what the task needs (part and tool weight, reach, axes) must be finite numbers
 * >= 0, else a RangeError names the figure (callers validate user input before this). A
 * robot figure that is not a finite number >= 0 never fits (ok: false).
 */

/** Allowance for the end-of-arm tool when only the part's weight is known (0.2 = 20 %). */
export const TOOL_MARGIN = ROBOT_TOOL_MARGIN;

const round2 = (n: number) => Math.round(n * 100) / 100;

function taskFigure(name: string, value: number): number {
  if (!(Number.isFinite(value) && value >= 0)) throw new RangeError(`${name} must be a finite number >= 0, not ${value}`);
  return value;
}

/**
 * The payload the wrist must carry: the part plus the stated tool weight, or the part
 * plus TOOL_MARGIN of it when the tool's weight is not known (undefined or null).
 */
export function requiredPayloadKg(partKg: number, toolKg?: number | null): number {
  taskFigure('part weight (kg)', partKg);
  const need = toolKg != null ? partKg + taskFigure('tool weight (kg)', toolKg) : partKg * (1 + TOOL_MARGIN);
  // Rounded up to the gram, so a robot is never shown as fitting by a rounding error
  // (max with 0: a zero part gives 0, not the -0 of ceil(-1e-9)).
  return Math.max(0, Math.ceil(need * 1000 - 1e-9) / 1000);
}

/**
 * The heaviest part a robot of this rated payload carries with TOOL_MARGIN for its tool
 * (rounded down to 0.1 kg): the inverse of requiredPayloadKg.
 */
export function partAllowanceKg(ratedPayloadKg: number): number {
  taskFigure('rated payload (kg)', ratedPayloadKg);
  return Math.floor((ratedPayloadKg / (1 + TOOL_MARGIN)) * 10 + 1e-9) / 10;
}

/** One check of one robot figure against what the task needs. */
export interface FitCheck {
  ok: boolean;
  /** What the task needs (kg, mm or axes). */
  needed: number;
  /** The robot's figure. */
  actual: number;
  /** actual - needed, rounded to 0.01: negative when it misses, 0 exactly at the limit. */
  margin: number;
}

function check(actual: number, needed: number): FitCheck {
  const usable = Number.isFinite(actual) && actual >= 0;
  return { ok: usable && actual >= needed, needed, actual, margin: round2(actual - needed) };
}

/** Rated payload against the part plus the tool (its stated weight, else TOOL_MARGIN). */
export function payloadFit(ratedPayloadKg: number, partKg: number, toolKg?: number | null): FitCheck {
  return check(ratedPayloadKg, requiredPayloadKg(partKg, toolKg));
}

/** Reach against the distance the task needs (at least). */
export function reachFit(reachMm: number, neededMm: number): FitCheck {
  return check(reachMm, taskFigure('needed reach (mm)', neededMm));
}

/** Number of axes against the fewest the task can do with (at least). */
export function axesFit(axes: number, minAxes: number): FitCheck {
  return check(axes, taskFigure('minimum axes', minAxes));
}

/**
 * How the fit of robots that all meet a task is ranked (lower is a closer fit), one rule
 * for the assistant's recommendations and the catalog search's relevance order (its SQL,
 * catalog.repository.ts fitOrder, is written from these figures): the least payload
 * headroom first, a reach with some room beyond the need (at the very edge of its envelope
 * a robot is slowest and least stiff), a robot of the task's own category ahead (a
 * palletizer for palletizing), cheaper ahead, an unknown price behind a known one.
 */
export const FIT_RANKING = {
  /** Reach within this ratio of the need is at the edge of the envelope. */
  reachEdgeRatio: 1.05,
  /** Cost of a reach at the edge of the envelope. */
  reachEdgeCost: 0.3,
  /** Cost per unit of ln(reach / needed) beyond the edge. */
  reachOversizeWeight: 0.6,
  /** Bonus (negative cost) of a robot whose category is the task asked (palletizing). */
  taskCategoryBonus: -0.3,
  /** Cost of the mid price per USD. */
  pricePerUsd: 0.3 / 200_000,
  /** Cost of an unknown price (that of a robot of about 167,000 USD). */
  unknownPriceCost: 0.25,
} as const;

/** The figures of a robot the fit ranking reads. */
export interface RankedRobot {
  payloadKg: number;
  reachMm: number;
  category: string;
  priceMinUsd: number | null;
  priceMaxUsd: number | null;
}

/** What the ranking measures against: the payload the wrist must carry (with the tool), the reach, the task. */
export interface RankingNeed {
  payloadKg?: number;
  reachMm?: number;
  /** The tasks asked (catalog applications); a robot whose category is one of them ranks ahead. */
  tasks?: readonly string[];
}

/** The fit cost of a robot for a need (lower ranks first); FIT_RANKING says how. */
export function fitScore(robot: RankedRobot, need: RankingNeed): number {
  const F = FIT_RANKING;
  let score = 0;
  if (need.payloadKg !== undefined && need.payloadKg > 0) score += Math.log(Math.max(robot.payloadKg, 1e-9) / need.payloadKg);
  if (need.reachMm !== undefined && need.reachMm > 0) {
    const ratio = robot.reachMm / need.reachMm;
    score += ratio < F.reachEdgeRatio ? F.reachEdgeCost : F.reachOversizeWeight * Math.log(ratio);
  }
  if (need.tasks?.includes(robot.category)) score += F.taskCategoryBonus;
  score +=
    robot.priceMinUsd != null && robot.priceMaxUsd != null
      ? ((robot.priceMinUsd + robot.priceMaxUsd) / 2) * F.pricePerUsd
      : F.unknownPriceCost;
  return score;
}

/** A robot with its fit cost, for the one order of robots that fit (byFit). */
export interface FitRanked {
  cost: number;
  manufacturer: string;
  model: string;
}

/** Plain code-unit order (SQL `collate "C"`, the catalog search's tie-break), not the locale's. */
const codeOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The one order of robots for a need, used by the assistant's recommendations, the catalog
 * search's relevance order (its SQL sorts by fitCost, then maker, then model, collate "C")
 * and a project's matches (after the requirements they miss): the lowest fit cost first,
 * ties by maker, then model. No other reordering (no "one robot per maker"): the chat's
 * first three are the search's first three for the same words.
 */
export function byFit(a: FitRanked, b: FitRanked): number {
  return a.cost - b.cost || codeOrder(a.manufacturer, b.manufacturer) || codeOrder(a.model, b.model);
}

/** Whether a robot type suits a cycle time, 0-1 (1: built for it), and whether it is a concern. */
export interface CycleSuitability {
  score: number;
  /** false: demanding for this type (a cobot's reduced speed near people); confirm with a study. */
  ok: boolean;
}

/**
 * How a robot's type suits a cycle time (the catalog holds no speeds, so this is the type's,
 * not the model's): cobots run at reduced speed near people, so a short cycle with a heavy
 * part is demanding for them; a 4-axis palletizer is built for fast stacking; SCARA and delta
 * robots are the fastest for light parts; an industrial arm runs at full speed behind guarding.
 */
export function cycleSuitability(category: string, cycleS: number, partKg: number, palletizing: boolean): CycleSuitability {
  taskFigure('cycle time (s)', cycleS);
  switch (category) {
    case 'collaborative':
      return cycleS < 3 || (partKg >= 10 && cycleS < 10) ? { score: 0.35, ok: false } : { score: 0.85, ok: true };
    case 'palletizing':
      return { score: palletizing || partKg >= 20 ? 1 : 0.8, ok: true };
    case 'scara':
    case 'delta':
      return { score: partKg <= 10 ? 1 : 0.6, ok: true };
    default:
      // At a pick a second or faster an arm built to tilt the tool is not the type built for it.
      return { score: cycleS <= 1 ? 0.5 : cycleS < 2 ? 0.7 : 0.9, ok: true };
  }
}

/**
 * Cost of a cycle-time suitability below 1 (added to fitScore only when a cycle time is stated).
 * 2: a type not built for the stated rate (an arm at 60 picks a minute: 0.5) costs more than a
 * type built for it with 2.5 times the payload headroom (ln 2.5 = 0.92), so the order puts the
 * fast types first whenever they fit (issue 12, session 14).
 */
export const CYCLE_COST_WEIGHT = 2;

/** The fit cost of a robot's type for a stated cycle time (0 when the type is built for it). */
export function cycleCost(suitability: CycleSuitability): number {
  return CYCLE_COST_WEIGHT * (1 - suitability.score);
}
