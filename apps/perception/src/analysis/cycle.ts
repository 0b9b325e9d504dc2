/**
 * The repeating work cycle, from the autocorrelation of motion energy per grid cell (a
 * multichannel signal). A part moving back and forth has the same whole-frame energy on
 * the way out and back (half the period), but each place in the picture only sees it once
 * per cycle, so the per-cell autocorrelation peaks at the full cycle.
 *
 * The period is chosen by the places that repeat: every cell with its own clear
 * autocorrelation peak votes for that lag with the peak's height; the lag with the most
 * support wins (the shortest when its multiples do about as well). Cells where only
 * people walk by peak at scattered lags or not at all, so they cannot hide the cycle, and
 * the correlation of the supporting cells is what the confidence reports.
 */
import { nth, nthF32, nthF64, nthI32, nthU8 } from '../checked';
import { fft } from './fft';

export interface CycleOptions {
  minPeriod_s: number;
  /** Longest period considered; also limited to duration / minRepeats. */
  maxPeriod_s: number;
  /** A cycle must be seen at least this many times (the last one may be partial). */
  minRepeats: number;
  /** Normalised autocorrelation the supporting cells need on average at the period (1 = identical repeats). */
  minCorrelation: number;
  /** A cell votes for its peaks of at least this correlation. */
  cellCorrelation: number;
  /** How far the correlation must dip before a peak (separates a cycle from slow drift). */
  minProminence: number;
  /** Among lags with at least this share of the best support, the shortest wins (the multiples of a period are peaks too). */
  harmonicTolerance: number;
  /** Cells whose energy varies less than this (grey levels, standard deviation) are still. */
  minCellStd: number;
  /** Repeats at which the confidence is no longer reduced for having seen few cycles. */
  fullRepeats: number;
}

export const DEFAULT_CYCLE_OPTIONS: CycleOptions = {
  minPeriod_s: 0.5,
  maxPeriod_s: Number.POSITIVE_INFINITY,
  minRepeats: 1.8,
  minCorrelation: 0.4,
  cellCorrelation: 0.4,
  minProminence: 0.2,
  harmonicTolerance: 0.75,
  minCellStd: 0.15,
  fullRepeats: 3,
};

/** Below this confidence a cycle is shown but not used as a limit (stage 2 leaves it unchecked). */
export const LOW_CYCLE_CONFIDENCE = 0.5;

export interface CycleResult {
  period_s: number;
  /** Mean normalised autocorrelation of the supporting cells at the period, 0-1. */
  correlation: number;
  /** correlation, reduced when fewer than fullRepeats cycles were seen: 0-1. */
  confidence: number;
  /** Cycles in the analysed span, rounded. */
  cycles: number;
  /** Analysed span / period. */
  repeats: number;
  /** Cells that support the period, and cells that moved at all (passers-by included). */
  regions_used: number;
  regions_total: number;
  /** Indices (into the channels given) of the supporting cells. */
  supporting: number[];
}

// ---------------------------------------------------------------- FFT autocorrelation

export { fft } from './fft';

/** Sums of x[t] * x[t + lag] of the centred channel for lags 0..maxLag (raw autocovariance sums). */
export function lagProducts(channel: ArrayLike<number>, maxLag: number, centre = true): Float64Array {
  const n = channel.length;
  const out = new Float64Array(maxLag + 1);
  if (n < 2) return out;
  let mean = 0;
  if (centre) {
    for (let t = 0; t < n; t++) mean += nth(channel, t);
    mean /= n;
  }
  let size = 1;
  while (size < 2 * n) size <<= 1;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let t = 0; t < n; t++) re[t] = nth(channel, t) - mean;
  fft(re, im);
  for (let k = 0; k < size; k++) {
    re[k] = nthF64(re, k) ** 2 + nthF64(im, k) ** 2;
    im[k] = 0;
  }
  fft(re, im, true);
  for (let lag = 0; lag <= Math.min(maxLag, n - 1); lag++) out[lag] = nthF64(re, lag) / size;
  return out;
}

/**
 * Normalised autocorrelation of a channel of which only the samples with usable[t] = 1
 * count: products over pairs that are both usable, divided by their number; 0 where fewer
 * than minPairs pairs remain.
 */
export function maskedAutocorrelation(channel: ArrayLike<number>, usable: Uint8Array, maxLag: number, minPairs: number, minShare = 0.25): Float64Array {
  const n = channel.length;
  const out = new Float64Array(maxLag + 1);
  let mean = 0;
  let count = 0;
  for (let t = 0; t < n; t++) {
    if (nthU8(usable, t)) {
      mean += nth(channel, t);
      count += 1;
    }
  }
  if (count < 2) return out;
  mean /= count;
  const x = new Float64Array(n);
  const w = new Float64Array(n);
  let variance = 0;
  for (let t = 0; t < n; t++) {
    if (!nthU8(usable, t)) continue;
    const v = nth(channel, t) - mean;
    x[t] = v;
    w[t] = 1;
    variance += v * v;
  }
  variance /= count;
  if (variance <= 1e-12) return out;
  const products = lagProducts(x, maxLag, false);
  const pairs = lagProducts(w, maxLag, false);
  for (let lag = 0; lag <= Math.min(maxLag, n - 1); lag++) {
    const m = Math.round(nthF64(pairs, lag));
    out[lag] = m >= minPairs && m >= minShare * (n - lag) ? nthF64(products, lag) / m / variance : 0;
  }
  return out;
}

/** Unbiased normalised autocorrelation of one channel from its lag products (1 at lag 0; 0 for a constant). */
function normalise(products: Float64Array, n: number): Float64Array {
  const out = new Float64Array(products.length);
  const variance = nthF64(products, 0) / n;
  if (variance <= 1e-12) return out;
  for (let lag = 0; lag < Math.min(products.length, n); lag++) out[lag] = nthF64(products, lag) / (n - lag) / variance;
  return out;
}

/**
 * Normalised multichannel autocorrelation for lags 0..maxLag, unbiased (each lag divided by
 * its overlap), so long lags are not penalised. channels[c][t]; 1 at lag 0.
 */
export function autocorrelation(channels: ArrayLike<number>[], maxLag: number): Float64Array {
  const out = new Float64Array(maxLag + 1);
  const n = channels[0]?.length ?? 0;
  if (n < 2) return out;
  const sums = new Float64Array(maxLag + 1);
  for (const ch of channels) {
    const p = lagProducts(ch, maxLag);
    for (let lag = 0; lag <= maxLag; lag++) sums[lag] = nthF64(sums, lag) + nthF64(p, lag);
  }
  return normalise(sums, n);
}

/** Offset (-0.5..0.5) of the true peak from sample 1 of three, from the parabola through them. */
export function parabolicOffset(y0: number, y1: number, y2: number): number {
  const denom = y0 - 2 * y1 + y2;
  if (denom >= 0) return 0;
  return Math.max(-0.5, Math.min(0.5, (0.5 * (y0 - y2)) / denom));
}

/** samples[t][channel] -> channels[channel][t], leaving out channels that never change. */
export function toChannels(samples: ArrayLike<number>[]): Float64Array[] {
  return toChannelsIndexed(samples).channels;
}

/** toChannels, with the cell index of each channel kept. */
export function toChannelsIndexed(samples: ArrayLike<number>[]): { channels: Float64Array[]; cells: number[] } {
  const n = samples.length;
  const c = samples[0]?.length ?? 0;
  const channels = Array.from({ length: c }, () => new Float64Array(n));
  for (let t = 0; t < n; t++) {
    const row = nth(samples, t);
    for (let k = 0; k < c; k++) nth(channels, k)[t] = nth(row, k);
  }
  const spread = channels.map((ch) => {
    let m = 0;
    for (const v of ch) m += v;
    m /= n || 1;
    let s = 0;
    for (const v of ch) s += (v - m) ** 2;
    return s;
  });
  const top = Math.max(0, ...spread);
  const keep = spread.map((s, k) => (top > 0 && s > top * 1e-3 ? k : -1)).filter((k) => k >= 0);
  return { channels: keep.map((k) => nth(channels, k)), cells: keep };
}

/** Standard deviation over the usable samples (all without a mask). */
function std(channel: ArrayLike<number>, usable?: Uint8Array): number {
  let n = 0;
  let m = 0;
  for (let t = 0; t < channel.length; t++) {
    if (usable && !nthU8(usable, t)) continue;
    m += nth(channel, t);
    n += 1;
  }
  if (!n) return 0;
  m /= n;
  let s = 0;
  for (let t = 0; t < channel.length; t++) if (!usable || nthU8(usable, t)) s += (nth(channel, t) - m) ** 2;
  return Math.sqrt(s / n);
}

/** Lags (minLag..maxLag) where r has a local maximum of at least minValue that rises minProminence above the lowest point before it. */
function prominentPeaks(r: Float64Array, minLag: number, maxLag: number, minValue: number, minProminence: number): number[] {
  const peaks: number[] = [];
  let dip = Number.POSITIVE_INFINITY;
  for (let k = 1; k < minLag; k++) dip = Math.min(dip, nthF64(r, k));
  for (let lag = minLag; lag <= maxLag; lag++) {
    const v = nthF64(r, lag);
    if (v > nthF64(r, lag - 1) && v >= nthF64(r, lag + 1) && v >= minValue && v - dip >= minProminence) peaks.push(lag);
    dip = Math.min(dip, v);
  }
  return peaks;
}

/** The cycle period of a multichannel motion signal sampled at sampleFps, or null if nothing repeats. */
export function detectCycle(channels: ArrayLike<number>[], sampleFps: number, options: Partial<CycleOptions> = {}, usable?: Uint8Array[]): CycleResult | null {
  const o = { ...DEFAULT_CYCLE_OPTIONS, ...options };
  const n = channels[0]?.length ?? 0;
  const minLag = Math.max(2, Math.ceil(o.minPeriod_s * sampleFps));
  const maxLag = Math.min(Math.floor(o.maxPeriod_s * sampleFps), Math.floor(n / o.minRepeats));
  if (channels.length === 0 || maxLag < minLag + 1) return null;
  const active = channels.map((ch, i) => ({ ch, i })).filter(({ ch, i }) => std(ch, usable?.[i]) >= o.minCellStd);
  if (!active.length) return null;

  // each moving cell's own autocorrelation and its clear peaks
  const cells = active.map(({ ch, i }) => {
    const mask = usable?.[i];
    const r = mask ? maskedAutocorrelation(ch, mask, maxLag + 1, Math.max(4, Math.round(sampleFps))) : normalise(lagProducts(ch, maxLag + 1), n);
    return { i, r, peaks: prominentPeaks(r, minLag, maxLag, o.cellCorrelation, o.minProminence) };
  });
  const voters = cells.filter((c) => c.peaks.length > 0);
  if (!voters.length) return null;

  // support of a lag: the peak heights of the cells that peak there (within 2 %, at least a sample)
  const tolerance = (lag: number) => Math.max(1, Math.round(lag * 0.02));
  const supportAt = (lag: number) => {
    const tol = tolerance(lag);
    const backers: { cell: (typeof cells)[number]; lag: number }[] = [];
    for (const cell of voters) {
      let best = -1;
      for (const p of cell.peaks) if (Math.abs(p - lag) <= tol && (best < 0 || nthF64(cell.r, p) > nthF64(cell.r, best))) best = p;
      if (best >= 0) backers.push({ cell, lag: best });
    }
    return { lag, backers, support: backers.reduce((s, b) => s + nthF64(b.cell.r, b.lag), 0) };
  };
  const candidates = [...new Set(voters.flatMap((c) => c.peaks))].sort((a, b) => a - b).map(supportAt);
  const needed = Math.min(2, active.length);
  const strong = candidates.filter((c) => c.backers.length >= needed);
  if (!strong.length) return null;
  const best = strong.reduce((a, b) => (b.support > a.support ? b : a));
  // a multiple of the period is a peak too: take the shortest whole fraction of the best lag
  // at which the same cells correlate nearly as well
  const meanAt = (lag: number) => {
    const tol = tolerance(lag);
    let sum = 0;
    for (const b of best.backers) {
      let top = Number.NEGATIVE_INFINITY;
      for (let k = Math.max(minLag, Math.round(lag) - tol); k <= Math.min(maxLag, Math.round(lag) + tol); k++) top = Math.max(top, nthF64(b.cell.r, k));
      sum += top;
    }
    return sum / best.backers.length;
  };
  const bestMean = meanAt(best.lag);
  let chosen = best;
  for (let k = Math.floor(best.lag / minLag); k >= 2; k--) {
    const lag = best.lag / k;
    if (lag < minLag || meanAt(lag) < o.harmonicTolerance * bestMean) continue;
    const fraction = strong.find((c) => Math.abs(c.lag - lag) <= tolerance(lag));
    if (fraction) {
      chosen = fraction;
      break;
    }
  }

  // the period and correlation from the supporting cells' mean autocorrelation
  const members = chosen.backers.map((b) => b.cell);
  const mean = new Float64Array(maxLag + 2);
  for (const cell of members) for (let lag = 0; lag <= maxLag + 1; lag++) mean[lag] = nthF64(mean, lag) + nthF64(cell.r, lag) / members.length;
  const tol = tolerance(chosen.lag);
  let lag = chosen.lag;
  for (let k = Math.max(minLag, chosen.lag - tol); k <= Math.min(maxLag, chosen.lag + tol); k++) if (nthF64(mean, k) > nthF64(mean, lag)) lag = k;
  const correlation = nthF64(mean, lag);
  if (correlation < o.minCorrelation) return null;
  const period_s = (lag + parabolicOffset(nthF64(mean, lag - 1), correlation, nthF64(mean, lag + 1))) / sampleFps;
  const repeats = n / sampleFps / period_s;
  const confidence = Math.max(0, Math.min(1, correlation * Math.min(1, repeats / o.fullRepeats)));
  return {
    period_s,
    correlation,
    confidence,
    cycles: Math.round(repeats),
    repeats,
    regions_used: members.length,
    regions_total: channels.filter((ch) => std(ch) >= o.minCellStd).length,
    supporting: members.map((m) => m.i),
  };
}

// ---------------------------------------------------------------- cycle starts

export interface CycleTiming {
  /** Start of each cycle seen (seconds from the start of the signal): the moment motion starts after the longest still part of the cycle. */
  starts_s: number[];
  /** Durations between consecutive starts. */
  durations_s: { min: number; median: number; max: number } | null;
}

/**
 * When each cycle starts, from the supporting cells: their energies (z-scored) are folded
 * at the period into a template of one cycle; the cycle "starts" where motion begins
 * after the template's longest quiet stretch. Each cycle's start is then the shift
 * (within a quarter period) that best matches the template, so irregular cycles show as a
 * spread of durations.
 */
export function cycleTiming(channels: ArrayLike<number>[], sampleFps: number, period_s: number, usable?: Uint8Array[]): CycleTiming {
  const n = channels[0]?.length ?? 0;
  const factor = Math.max(1, Math.ceil((period_s * sampleFps) / 300));
  const rate = sampleFps / factor;
  // decimate (mean of `factor` samples) and z-score each channel
  const m = Math.floor(n / factor);
  // masked samples (a passer-by) count as the channel's mean: they match nothing
  const z = channels.map((ch, c) => {
    const mask = usable?.[c];
    const out = new Float64Array(m);
    const keep = new Uint8Array(m);
    for (let t = 0; t < m; t++) {
      let s = 0;
      let used = 0;
      for (let k = 0; k < factor; k++) {
        if (mask && !nthU8(mask, t * factor + k)) continue;
        s += nth(ch, t * factor + k);
        used += 1;
      }
      out[t] = used ? s / used : 0;
      keep[t] = used ? 1 : 0;
    }
    let mean = 0;
    let count = 0;
    for (let t = 0; t < m; t++) if (nthU8(keep, t)) {
      mean += nthF64(out, t);
      count += 1;
    }
    mean /= count || 1;
    let variance = 0;
    for (let t = 0; t < m; t++) if (nthU8(keep, t)) variance += (nthF64(out, t) - mean) ** 2;
    const sd = Math.sqrt(variance / (count || 1)) || 1;
    for (let t = 0; t < m; t++) out[t] = nthU8(keep, t) ? (nthF64(out, t) - mean) / sd : 0;
    return out;
  });
  const P = period_s * rate;
  const L = Math.max(2, Math.round(P));
  if (m < L || !z.length) return { starts_s: [], durations_s: null };
  // template: one cycle per channel, averaged over the repeats
  const template = z.map((ch) => {
    const sum = new Float64Array(L);
    const count = new Float64Array(L);
    for (let t = 0; t < m; t++) {
      const phase = Math.floor(((t % P) / P) * L) % L;
      sum[phase] = nthF64(sum, phase) + nthF64(ch, t);
      count[phase] = nthF64(count, phase) + 1;
    }
    return sum.map((s, i) => (nthF64(count, i) ? s / nthF64(count, i) : 0));
  });
  // activity of the template over the cycle, and where motion starts after the longest quiet stretch
  const activity = new Float64Array(L);
  for (const ch of template) for (let i = 0; i < L; i++) activity[i] = nthF64(activity, i) + nthF64(ch, i);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of activity) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const quietBelow = lo + 0.25 * (hi - lo);
  let bestRun = -1;
  let phase0 = 0;
  for (let i = 0; i < L; i++) {
    // a quiet run ending at i (circular): count back while quiet
    if (nthF64(activity, i) > quietBelow || nthF64(activity, (i + 1) % L) <= quietBelow) continue;
    let run = 0;
    while (run < L && nthF64(activity, (i - run + L) % L) <= quietBelow) run += 1;
    if (run > bestRun) {
      bestRun = run;
      phase0 = (i + 1) % L;
    }
  }
  // each cycle's start: the shift within a quarter period that best matches the template
  const reach = Math.max(1, Math.round(L / 4));
  const starts: number[] = [];
  for (let k = -1; phase0 + k * P < m; k++) {
    const expected = Math.round(phase0 + k * P);
    let bestShift = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let d = -reach; d <= reach; d++) {
      const t0 = expected + d;
      let score = 0;
      let used = 0;
      for (let i = 0; i < L; i++) {
        const t = t0 + i;
        if (t < 0 || t >= m) continue;
        const phase = (phase0 + i) % L;
        for (let c = 0; c < z.length; c++) score += nthF64(nth(z, c), t) * nthF64(nth(template, c), phase);
        used += 1;
      }
      if (used < L / 2) continue;
      score /= used;
      if (score > bestScore) {
        bestScore = score;
        bestShift = d;
      }
    }
    const start = expected + bestShift;
    if (bestScore > Number.NEGATIVE_INFINITY && start >= 0 && start < m) starts.push(start / rate);
  }
  const unique = starts.filter((s, i) => i === 0 || s - (starts[i - 1] ?? 0) > period_s / 2);
  const durations = unique.slice(1).map((s, i) => s - (unique[i] ?? 0)).sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    starts_s: unique.map(round),
    durations_s: durations.length
      ? { min: round(durations[0] ?? 0), median: round(median(durations)), max: round(durations.at(-1) ?? 0) }
      : null,
  };
}

function median(sorted: number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

// ---------------------------------------------------------------- passers-by

/** A cell moves in a sample when its energy reaches this (grey levels). */
export const MOVING_CELL_LEVEL = 2;
/** A moving region this share of the view's height or taller is someone or something passing in front of the camera. */
export const PASSER_BY_HEIGHT = 0.8;

/**
 * Which samples of each cell show the cell itself: 0 where a moving region reaches over most
 * of the picture's height (a person walking close to the camera), dilated by a cell sideways
 * and a sample in time; 1 elsewhere. Null when nothing like that happened. cells[t][c], c = row * cols + col.
 */
export function passerByMasks(cells: Float32Array[], cols: number, rows: number): Uint8Array[] | null {
  const n = cells.length;
  const tall = Math.max(3, Math.ceil(PASSER_BY_HEIGHT * rows));
  if (rows < 3) return null;
  const hidden = new Uint8Array(n * cols * rows); // hidden[t * cells + c]
  const size = cols * rows;
  let any = false;
  const label = new Int32Array(size);
  const stack: number[] = [];
  for (let t = 0; t < n; t++) {
    const frame = nth(cells, t);
    label.fill(-1);
    for (let start = 0; start < size; start++) {
      if (nthI32(label, start) >= 0 || nthF32(frame, start) < MOVING_CELL_LEVEL) continue;
      // flood fill one moving region, noting its rows
      const members: number[] = [];
      let top = rows;
      let bottom = -1;
      stack.push(start);
      label[start] = start;
      while (stack.length) {
        const c = stack.pop() ?? 0;
        members.push(c);
        const r = Math.floor(c / cols);
        const k = c % cols;
        top = Math.min(top, r);
        bottom = Math.max(bottom, r);
        const next = [k > 0 ? c - 1 : -1, k < cols - 1 ? c + 1 : -1, r > 0 ? c - cols : -1, r < rows - 1 ? c + cols : -1];
        for (const d of next) {
          if (d < 0 || nthI32(label, d) >= 0 || nthF32(frame, d) < MOVING_CELL_LEVEL) continue;
          label[d] = start;
          stack.push(d);
        }
      }
      if (bottom - top + 1 < tall) continue;
      any = true;
      for (const c of members) {
        const k = c % cols;
        for (let dt = -2; dt <= 2; dt++) {
          const tt = t + dt;
          if (tt < 0 || tt >= n) continue;
          for (let dk = -1; dk <= 1; dk++) if (k + dk >= 0 && k + dk < cols) hidden[tt * size + c + dk] = 1;
        }
      }
    }
  }
  if (!any) return null;
  return Array.from({ length: size }, (_, c) => {
    const mask = new Uint8Array(n);
    for (let t = 0; t < n; t++) mask[t] = nthU8(hidden, t * size + c) ? 0 : 1;
    return mask;
  });
}

