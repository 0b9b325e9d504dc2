/**
 * The repeating work cycle, from the autocorrelation of motion energy. The energy is taken
 * per grid cell (a multichannel signal): a part moving back and forth has the same
 * whole-frame energy on the way out and back (half the period), but each place in the
 * picture only sees it once per cycle, so the per-cell autocorrelation peaks at the full cycle.
 */
import { defined, nth, nthF64 } from '../checked';

export interface CycleOptions {
  minPeriod_s: number;
  /** Longest period considered; also limited to duration / minCycles. */
  maxPeriod_s: number;
  /** A cycle must repeat at least this many times to be reported. */
  minCycles: number;
  /** Normalised autocorrelation a peak needs (1 = identical repeats). */
  minCorrelation: number;
  /** How far the correlation must dip before the peak (separates a cycle from slow drift). */
  minProminence: number;
  /** Among peaks within this fraction of the best, the shortest lag wins (the multiples of a period are peaks too). */
  harmonicTolerance: number;
}

export const DEFAULT_CYCLE_OPTIONS: CycleOptions = {
  minPeriod_s: 0.5,
  maxPeriod_s: 60,
  minCycles: 2,
  minCorrelation: 0.4,
  minProminence: 0.2,
  harmonicTolerance: 0.85,
};

export interface CycleResult {
  period_s: number;
  /** Autocorrelation at the period, 0-1. */
  correlation: number;
  /** Cycles in the analysed span, rounded. */
  cycles: number;
}

/**
 * Normalised multichannel autocorrelation for lags 0..maxLag, unbiased (each lag divided by
 * its overlap), so long lags are not penalised. channels[c][t]; 1 at lag 0.
 */
export function autocorrelation(channels: ArrayLike<number>[], maxLag: number): Float64Array {
  const out = new Float64Array(maxLag + 1);
  const n = channels[0]?.length ?? 0;
  if (n < 2) return out;
  const centred = channels.map((ch) => {
    let m = 0;
    for (let t = 0; t < n; t++) m += nth(ch, t);
    m /= n;
    const x = new Float64Array(n);
    for (let t = 0; t < n; t++) x[t] = nth(ch, t) - m;
    return x;
  });
  let variance = 0;
  for (const x of centred) for (const v of x) variance += v * v;
  variance /= n;
  if (variance <= 1e-12) return out;
  for (let lag = 0; lag <= Math.min(maxLag, n - 1); lag++) {
    let sum = 0;
    for (const x of centred) for (let t = 0; t + lag < n; t++) sum += nthF64(x, t) * nthF64(x, t + lag);
    out[lag] = sum / (n - lag) / variance;
  }
  return out;
}

/** Offset (-0.5..0.5) of the true peak from sample 1 of three, from the parabola through them. */
export function parabolicOffset(y0: number, y1: number, y2: number): number {
  const denom = y0 - 2 * y1 + y2;
  if (denom >= 0) return 0;
  return Math.max(-0.5, Math.min(0.5, (0.5 * (y0 - y2)) / denom));
}

/** samples[t][channel] -> channels[channel][t], leaving out channels that never change. */
export function toChannels(samples: ArrayLike<number>[]): Float64Array[] {
  const n = samples.length;
  const c = samples[0]?.length ?? 0;
  const channels = Array.from({ length: c }, () => new Float64Array(n));
  for (let t = 0; t < n; t++) for (let k = 0; k < c; k++) nth(channels, k)[t] = nth(nth(samples, t), k);
  const spread = channels.map((ch) => {
    let m = 0;
    for (const v of ch) m += v;
    m /= n || 1;
    let s = 0;
    for (const v of ch) s += (v - m) ** 2;
    return s;
  });
  const top = Math.max(0, ...spread);
  return channels.filter((_, k) => top > 0 && nth(spread, k) > top * 1e-3);
}

/** The cycle period of a multichannel motion signal sampled at sampleFps, or null if nothing repeats. */
export function detectCycle(channels: ArrayLike<number>[], sampleFps: number, options: Partial<CycleOptions> = {}): CycleResult | null {
  const o = { ...DEFAULT_CYCLE_OPTIONS, ...options };
  const n = channels[0]?.length ?? 0;
  const minLag = Math.max(2, Math.ceil(o.minPeriod_s * sampleFps));
  const maxLag = Math.min(Math.floor(o.maxPeriod_s * sampleFps), Math.floor(n / o.minCycles));
  if (channels.length === 0 || maxLag < minLag + 1) return null;
  const r = autocorrelation(channels, maxLag + 1);
  const peaks: number[] = [];
  for (let lag = minLag; lag <= maxLag; lag++) {
    if (nthF64(r, lag) > nthF64(r, lag - 1) && nthF64(r, lag) >= nthF64(r, lag + 1)) peaks.push(lag);
  }
  const prominent = peaks.filter((lag) => {
    let dip = Number.POSITIVE_INFINITY;
    for (let k = 1; k < lag; k++) dip = Math.min(dip, nthF64(r, k));
    return nthF64(r, lag) >= o.minCorrelation && nthF64(r, lag) - dip >= o.minProminence;
  });
  if (!prominent.length) return null;
  const best = Math.max(...prominent.map((lag) => nthF64(r, lag)));
  const lag = defined(prominent.find((l) => nthF64(r, l) >= o.harmonicTolerance * best), 'a peak near the best correlation');
  const period_s = (lag + parabolicOffset(nthF64(r, lag - 1), nthF64(r, lag), nthF64(r, lag + 1))) / sampleFps;
  return { period_s, correlation: nthF64(r, lag), cycles: Math.round(n / sampleFps / period_s) };
}
