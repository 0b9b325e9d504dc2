/**
 * Net present value of cash flows at the end of years 0, 1, 2, ... (cashFlows[0] is
 * today's and is not discounted; unlike a spreadsheet's NPV(), which discounts its
 * first value too). `rate` is a fraction: 0.08 for 8%.
 */
export function npv(rate: number, cashFlows: readonly number[]): number {
  let total = 0;
  let factor = 1;
  for (const cashFlow of cashFlows) {
    total += cashFlow / factor;
    factor *= 1 + rate;
  }
  return total;
}

/** d NPV / d rate, for Newton steps. */
function npvDerivative(rate: number, cashFlows: readonly number[]): number {
  let total = 0;
  for (const [t, cashFlow] of cashFlows.entries()) {
    if (t > 0) total -= (t * cashFlow) / (1 + rate) ** (t + 1);
  }
  return total;
}

/**
 * Rates scanned for a sign change of the NPV. Fine steps near the usual range, then
 * wide ones: a cell that pays for itself in weeks has an IRR in the thousands of percent.
 */
const BRACKET_GRID: readonly [number, ...number[]] = [
  -0.9999, -0.999, -0.99, -0.95, -0.9, -0.8, -0.7, -0.6, -0.5, -0.4, -0.3, -0.2, -0.1, -0.05, 0, 0.05, 0.1, 0.15, 0.2,
  0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 25, 50, 100, 1e3, 1e4, 1e5, 1e6,
];

/** Newton steps kept inside [lo, hi]; a bisection step whenever Newton would leave it or stall. */
function solveInBracket(cashFlows: readonly number[], lo: number, hi: number): number {
  let fLo = npv(lo, cashFlows);
  let rate = (lo + hi) / 2;
  for (let i = 0; i < 200; i += 1) {
    const f = npv(rate, cashFlows);
    if (f === 0) return rate;
    if (Math.sign(f) === Math.sign(fLo)) {
      lo = rate;
      fLo = f;
    } else {
      hi = rate;
    }
    const slope = npvDerivative(rate, cashFlows);
    let next = slope !== 0 ? rate - f / slope : Number.NaN;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - rate) <= 1e-12 * Math.max(1, Math.abs(rate)) || hi - lo <= 1e-13 * Math.max(1, Math.abs(lo))) {
      return next;
    }
    rate = next;
  }
  return rate;
}

/**
 * Internal rate of return (a fraction), or null when none exists: cash flows that are
 * never both negative and positive, or an NPV that never changes sign above -100%.
 * With several sign changes (unusual cash flows) it returns the root nearest to 0.
 */
export function irr(cashFlows: readonly number[]): number | null {
  if (cashFlows.length < 2 || cashFlows.some((c) => !Number.isFinite(c))) return null;
  if (!cashFlows.some((c) => c > 0) || !cashFlows.some((c) => c < 0)) return null;

  const roots: number[] = [];
  let prevRate = BRACKET_GRID[0];
  let prevValue = npv(prevRate, cashFlows);
  if (prevValue === 0) roots.push(prevRate);
  for (const rate of BRACKET_GRID.slice(1)) {
    const value = npv(rate, cashFlows);
    if (value === 0) roots.push(rate);
    else if (prevValue !== 0 && Math.sign(value) !== Math.sign(prevValue)) roots.push(solveInBracket(cashFlows, prevRate, rate));
    prevRate = rate;
    prevValue = value;
  }
  if (roots.length === 0) return null;
  return roots.reduce((best, r) => (Math.abs(r) < Math.abs(best) ? r : best));
}

/** Rounds half away from zero to `digits` decimals (and never returns -0). */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  const rounded = (Math.sign(value) * Math.round((Math.abs(value) + Number.EPSILON) * factor)) / factor;
  return rounded === 0 ? 0 : rounded;
}
