import { ROBOT_TOOL_MARGIN } from '@cellforge/contracts/constants';

/**
 * Whether a robot fits a task, one rule for every part of the product: project matching,
 * the assistant's recommendations and answers, and stage 2 of the video analysis. A buyer
 * must never see a robot "fit" in one place and "not viable" in another.
 */

/** Allowance for the end-of-arm tool when only the part's weight is known (20 %). */
export const TOOL_MARGIN = ROBOT_TOOL_MARGIN;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The payload the wrist must carry: the part plus the stated tool weight, or the part
 * plus TOOL_MARGIN when the tool's weight is not known.
 */
export function requiredPayloadKg(partKg: number, toolKg?: number | null): number {
  if (!(partKg >= 0)) throw new RangeError(`part weight must be a number >= 0, not ${partKg}`);
  const need = toolKg != null && toolKg >= 0 ? partKg + toolKg : partKg * (1 + TOOL_MARGIN);
  // Rounded up to the gram, so a robot is never shown as fitting by a rounding error.
  return Math.max(0, Math.ceil(need * 1000 - 1e-9) / 1000);
}

/** The heaviest part a robot of this rated payload carries with the margin for its tool (rounded down to 0.1 kg). */
export function partAllowanceKg(ratedPayloadKg: number): number {
  return Math.floor((ratedPayloadKg / (1 + TOOL_MARGIN)) * 10 + 1e-9) / 10;
}

/** One check of one robot figure against what the task needs. */
export interface FitCheck {
  ok: boolean;
  /** What the task needs (kg, mm or axes). */
  needed: number;
  /** The robot's figure. */
  actual: number;
  /** actual - needed: negative when it misses. */
  margin: number;
}

const check = (actual: number, needed: number): FitCheck => ({ ok: actual >= needed, needed, actual, margin: round2(actual - needed) });

/** Rated payload against the part (and the tool, when its weight is given). */
export function payloadFit(ratedPayloadKg: number, partKg: number, toolKg?: number | null): FitCheck {
  return check(ratedPayloadKg, requiredPayloadKg(partKg, toolKg));
}

/** Reach against the distance the task needs. */
export function reachFit(reachMm: number, neededMm: number): FitCheck {
  return check(reachMm, neededMm);
}

/** Number of axes against the fewest the task can do with. */
export function axesFit(axes: number, minAxes: number): FitCheck {
  return check(axes, minAxes);
}
