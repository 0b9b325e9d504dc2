/**
 * What the camera and the light do, measured between consecutive small grey frames, so that
 * motion energy counts only what moves in the cell:
 *
 * - Camera movement: a global shift by phase correlation (analysis/phase.ts; sub-pixel by a
 *   Gaussian fit through the peak). Its strongest peaks are candidates, highest first; each
 *   must be confirmed by 3x3 blocks (most textured blocks match better shifted than not), so
 *   a part moving over a plain background (one block) or a person walking by (a few blocks)
 *   is never taken for the camera, and when a large mover's peak outranks the camera's the
 *   next peak is tried. The earlier estimate, integral projections (column and row sums
 *   compared as normalised cross-correlation of their derivatives), stays selectable as
 *   `projections` (tests and the bench compare the two).
 * - Lighting: the gain between frames, the median ratio of grey levels (moving pixels are
 *   the minority), refined by the mean over the pixels that agree with it. Flicker and
 *   auto-exposure scale the whole picture; a gain the majority of pixels do not share is
 *   not a lighting change and is ignored.
 */
import { nthF32, nthF64, nthU8 } from '../checked';
import { PhaseCorrelator, type Spectrum } from './phase';

/** Blocks per side that vote on the camera shift. */
export const SHIFT_BLOCKS = 3;
/** Largest shift looked for between two frames 0.1 s apart, in analysis pixels (5 % of 160). */
export const MAX_SHIFT_PX = 8;
/** A block needs this much structure (mean |derivative| of its projection, grey levels per pixel) to vote. */
export const MIN_BLOCK_TEXTURE = 0.25;
/** Normalised correlation a block's best shift needs. */
export const MIN_SHIFT_CORRELATION = 0.5;
/** Projection derivatives are clipped at this multiple of their mean size. */
const CLIP_EDGES = 2;
/** Correlation given up per pixel of shift, so a repeating texture does not pull the estimate far. */
const SHIFT_PENALTY = 0.004;
/** A block agrees with the shift when its difference shifted is at most this share of its difference unshifted. */
const BLOCK_IMPROVEMENT = 0.8;
/** A block changed between two frames when its mean absolute difference is at least this (grey levels). */
const BLOCK_CHANGED = 2;
/** A camera shift must be confirmed by this many blocks (most of the 3x3). */
const AGREEING_BLOCKS = Math.ceil((SHIFT_BLOCKS * SHIFT_BLOCKS) / 2);
/** Phase-correlation peaks compared as candidates for the camera's shift. */
const PHASE_CANDIDATES = 4;
/** Gradient steps of the sub-pixel refinement. */
const REFINE_STEPS = 3;
/** Pixels differing by more than this multiple of the mean difference (plus the noise levels) are left out of the refinement. */
const REFINE_OUTLIER = 2.5;
const MOTION_NOISE_LEVELS = 3;
/** Shifts below this (analysis pixels) are a still camera. */
export const STILL_SHIFT_PX = 0.25;

export interface Shift {
  dx: number;
  dy: number;
}

function edges(length: number, parts: number): number[] {
  return Array.from({ length: parts + 1 }, (_, i) => Math.round((i * length) / parts));
}

/** The best shift of b against a over [lo, hi) (b[i + s] ~ a[i]), from their derivatives; null without structure or agreement. */
export function shift1d(a: Float64Array, b: Float64Array, lo: number, hi: number, maxShift: number, summed: number, centre = 0): { shift: number; peak: number } | null {
  const n = hi - lo - 1;
  if (n < 8) return null;
  const da = new Float64Array(n);
  const db = new Float64Array(n);
  let ta = 0;
  let tb = 0;
  for (let i = 0; i < n; i++) {
    const x = nthF64(a, lo + i + 1) - nthF64(a, lo + i);
    const y = nthF64(b, lo + i + 1) - nthF64(b, lo + i);
    da[i] = x;
    db[i] = y;
    ta += Math.abs(x);
    tb += Math.abs(y);
  }
  if (ta / n / summed < MIN_BLOCK_TEXTURE || tb / n / summed < MIN_BLOCK_TEXTURE) return null;
  // clip strong edges, so one bright part moving (or a dark person) cannot outweigh the rest of the picture
  const ca = (CLIP_EDGES * ta) / n;
  const cb = (CLIP_EDGES * tb) / n;
  for (let i = 0; i < n; i++) {
    da[i] = Math.max(-ca, Math.min(ca, nthF64(da, i)));
    db[i] = Math.max(-cb, Math.min(cb, nthF64(db, i)));
  }
  const range = Math.min(maxShift, Math.floor(n / 3));
  const first = Math.max(-range, Math.round(centre) - maxShift);
  const last = Math.min(range, Math.round(centre) + maxShift);
  if (last < first) return null;
  const scores = new Float64Array(last - first + 1);
  let best = 0;
  for (let s = first; s <= last; s++) {
    const from = Math.max(0, -s);
    const to = Math.min(n, n - s);
    let sa = 0;
    let sb = 0;
    for (let i = from; i < to; i++) {
      sa += nthF64(da, i);
      sb += nthF64(db, i + s);
    }
    const m = to - from;
    const ma = sa / m;
    const mb = sb / m;
    let sab = 0;
    let saa = 0;
    let sbb = 0;
    for (let i = from; i < to; i++) {
      const x = nthF64(da, i) - ma;
      const y = nthF64(db, i + s) - mb;
      sab += x * y;
      saa += x * x;
      sbb += y * y;
    }
    // a slight preference for small shifts: a repeating texture matches at several
    const score = (saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0) - SHIFT_PENALTY * Math.abs(s);
    scores[s - first] = score;
    if (score > nthF64(scores, best)) best = s - first;
  }
  const peak = nthF64(scores, best);
  if (peak < MIN_SHIFT_CORRELATION) return null;
  let offset = 0;
  if (best > 0 && best < scores.length - 1) {
    const y0 = nthF64(scores, best - 1);
    const y2 = nthF64(scores, best + 1);
    const denom = y0 - 2 * peak + y2;
    if (denom < 0) offset = Math.max(-0.5, Math.min(0.5, (0.5 * (y0 - y2)) / denom));
  }
  return { shift: best + first + offset, peak };
}

/** Sum over rows [y0, y1) of columns [x0, x1) of a width-wide frame: one value per column. */
function columnProfile(frame: Uint8Array, width: number, x0: number, x1: number, y0: number, y1: number): Float64Array {
  const out = new Float64Array(x1 - x0);
  for (let y = y0; y < y1; y++) {
    const offset = y * width;
    for (let x = x0; x < x1; x++) out[x - x0] = nthF64(out, x - x0) + nthU8(frame, offset + x);
  }
  return out;
}

/** Sum over columns [x0, x1) of rows [y0, y1): one value per row. */
function rowProfile(frame: Uint8Array, width: number, x0: number, x1: number, y0: number, y1: number): Float64Array {
  const out = new Float64Array(y1 - y0);
  for (let y = y0; y < y1; y++) {
    const offset = y * width;
    let sum = 0;
    for (let x = x0; x < x1; x++) sum += nthU8(frame, offset + x);
    out[y - y0] = sum;
  }
  return out;
}

/** Column sums over the central rows and row sums over the central columns of a frame. */
export interface Projections {
  cols: Float64Array;
  rows: Float64Array;
}

/** How the camera's shift is measured: phase correlation (the default) or integral projections. */
export type ShiftMethod = 'phase' | 'projections';

/** What a frame contributes to the shift estimate, computed once per frame. */
export interface PreparedFrame {
  projections: Projections | null;
  spectrum: Spectrum | null;
}

/**
 * The camera's shift between two frames from integral projections: the column sums give
 * the horizontal shift, the row sums the vertical one. Each is measured again over the
 * rows (columns) the other shift keeps in view, so content entering at an edge does not
 * bias it. Then every 3x3 block checks it: the shift must explain most of the picture.
 */
export class ShiftEstimator {
  private readonly xEdges: number[];
  private readonly yEdges: number[];
  private readonly margin: number;
  private readonly phase: PhaseCorrelator | null;
  /** The method in use: phase correlation falls back to projections on frames too small for its window. */
  readonly method: ShiftMethod;

  constructor(
    readonly width: number,
    readonly height: number,
    method: ShiftMethod = 'phase',
  ) {
    this.xEdges = edges(width, SHIFT_BLOCKS);
    this.yEdges = edges(height, SHIFT_BLOCKS);
    this.margin = Math.min(MAX_SHIFT_PX, Math.floor(Math.min(width, height) / 6));
    this.method = method === 'phase' && PhaseCorrelator.fits(width, height) ? 'phase' : 'projections';
    this.phase = this.method === 'phase' ? new PhaseCorrelator(width, height) : null;
  }

  /** What estimate() needs of a frame: its spectrum (phase) or its projections. */
  prepare(frame: Uint8Array): PreparedFrame {
    if (this.phase) return { projections: null, spectrum: null }; // computed when needed (not for a picture that did not change)
    return { projections: this.profiles(frame), spectrum: null };
  }

  /** The projections of a frame over the central window (the margin left out on the other axis), in one pass. */
  profiles(frame: Uint8Array): Projections {
    const { width: w, height: h, margin: m } = this;
    const cols = new Float64Array(w);
    const rows = new Float64Array(h);
    for (let y = 0; y < h; y++) {
      const offset = y * w;
      let sum = 0;
      for (let x = m; x < w - m; x++) sum += nthU8(frame, offset + x);
      rows[y] = sum;
      if (y < m || y >= h - m) continue;
      for (let x = 0; x < w; x++) cols[x] = nthF64(cols, x) + nthU8(frame, offset + x);
    }
    return { cols, rows };
  }

  /**
   * The shift from prev to cur (cur(x, y) ~ prev(x - dx, y - dy)); zero when still or when the
   * picture does not agree. prevProfiles and curProfiles are profiles() of the two frames.
   */
  estimate(prev: Uint8Array, cur: Uint8Array, prevPrepared: PreparedFrame = this.prepare(prev), curPrepared: PreparedFrame = this.prepare(cur)): Shift {
    if (this.phase) {
      // the camera moved only where most blocks changed (agreed() needs them): else no FFT at all
      if (this.changedBlocks(prev, cur) < AGREEING_BLOCKS) return { dx: 0, dy: 0 };
      prevPrepared.spectrum ??= this.phase.spectrum(prev);
      curPrepared.spectrum ??= this.phase.spectrum(cur);
      return this.byPhase(prev, cur, prevPrepared.spectrum, curPrepared.spectrum);
    }
    return this.byProjections(prev, cur, prevPrepared.projections ?? this.profiles(prev), curPrepared.projections ?? this.profiles(cur));
  }

  /**
   * Phase correlation proposes, the picture decides: the strongest peaks' whole-pixel shifts
   * and no shift are compared by their mean absolute difference over the frame (the one that
   * explains most of the picture wins, so a high-contrast part moving, whose peak can be the
   * highest, is not taken for the camera); a shift must then be confirmed by most of the 3x3
   * blocks. The sub-pixel part comes from a few robust gradient (Lucas-Kanade) steps around
   * the winner, with the pixels that do not follow it (moving parts, people) left out.
   */
  private byPhase(prev: Uint8Array, cur: Uint8Array, prevSpectrum: Spectrum, curSpectrum: Spectrum): Shift {
    const peaks = this.phase?.peaks(prevSpectrum, curSpectrum, MAX_SHIFT_PX, PHASE_CANDIDATES) ?? [];
    // each peak's nearest whole shift (and no shift), by the difference it leaves
    const scored: { x: number; y: number; r: number }[] = [];
    const seen = new Set<string>();
    const score = (x: number, y: number) => {
      const key = `${x},${y}`;
      if (seen.has(key) || Math.abs(x) > MAX_SHIFT_PX || Math.abs(y) > MAX_SHIFT_PX) return null;
      seen.add(key);
      const found = { x, y, r: this.residual(prev, cur, x, y) };
      scored.push(found);
      return found;
    };
    for (const peak of [{ dx: 0, dy: 0 }, ...peaks]) score(Math.round(peak.dx), Math.round(peak.dy));
    let { x: bx, y: by, r: best } = scored.reduce((a, b) => (b.r < a.r ? b : a));
    const still = scored[0]?.r ?? this.residual(prev, cur, 0, 0);
    if (best >= BLOCK_IMPROVEMENT * still) {
      // no whole-pixel shift explains the picture clearly better than none: at most a sub-pixel sway
      bx = 0;
      by = 0;
      best = still;
    } else if (!this.agreed(prev, cur, bx, by)) return { dx: 0, dy: 0 };
    const { dx, dy } = this.refine(prev, cur, bx, by, best);
    if (Math.abs(dx) < STILL_SHIFT_PX && Math.abs(dy) < STILL_SHIFT_PX) return { dx: 0, dy: 0 };
    return { dx, dy };
  }

  /** How many of the 3x3 blocks changed (mean absolute difference of 2 grey levels or more beyond a uniform brightness change, every other pixel). */
  private changedBlocks(prev: Uint8Array, cur: Uint8Array): number {
    const { width: w, height: h } = this;
    let changed = 0;
    for (let br = 0; br < SHIFT_BLOCKS; br++) {
      for (let bc = 0; bc < SHIFT_BLOCKS; bc++) {
        const x1 = this.xEdges[bc + 1] ?? w;
        const y1 = this.yEdges[br + 1] ?? h;
        let sum = 0;
        let signed = 0;
        let n = 0;
        for (let y = this.yEdges[br] ?? 0; y < y1; y += 2) {
          for (let x = this.xEdges[bc] ?? 0; x < x1; x += 2) {
            const d = nthU8(cur, y * w + x) - nthU8(prev, y * w + x);
            sum += Math.abs(d);
            signed += d;
            n += 1;
          }
        }
        // a brightness change (flicker, exposure) moves every pixel the same way: it is not a change here
        if (n && (sum - Math.abs(signed)) / n >= BLOCK_CHANGED) changed += 1;
      }
    }
    return changed;
  }

  /** Mean absolute difference of cur against prev shifted by whole pixels (every other pixel, over the overlap). */
  private residual(prev: Uint8Array, cur: Uint8Array, dx: number, dy: number): number {
    const { width: w, height: h } = this;
    let sum = 0;
    let n = 0;
    for (let y = Math.max(0, dy); y < Math.min(h, h + dy); y += 2) {
      for (let x = Math.max(0, dx); x < Math.min(w, w + dx); x += 2) {
        sum += Math.abs(nthU8(cur, y * w + x) - nthU8(prev, (y - dy) * w + x - dx));
        n += 1;
      }
    }
    return n ? sum / n : Infinity;
  }

  /**
   * Sub-pixel refinement from a whole-pixel shift: Lucas-Kanade steps (every other pixel, the
   * current frame's gradient) on the bilinearly shifted previous frame, leaving out the pixels
   * whose difference is over REFINE_OUTLIER times the mean (what moves on its own does not pull
   * the camera). `meanDiff` is the mean absolute difference at the starting shift. A first step
   * that stays under STILL_SHIFT_PX from no shift ends it: the camera stood still.
   */
  private refine(prev: Uint8Array, cur: Uint8Array, dx0: number, dy0: number, meanDiff: number): Shift {
    const { width: w, height: h } = this;
    let dx = dx0;
    let dy = dy0;
    let limit = REFINE_OUTLIER * meanDiff + MOTION_NOISE_LEVELS;
    const m = Math.ceil(Math.max(Math.abs(dx0), Math.abs(dy0))) + 2;
    for (let step = 0; step < REFINE_STEPS; step++) {
      const ix = Math.floor(dx);
      const iy = Math.floor(dy);
      const fx = dx - ix;
      const fy = dy - iy;
      // P(x, y) = prev(x - dx, y - dy), bilinear from the four pixels around (x - ix - 1 + (1 - fx), ...)
      const w00 = fx * fy;
      const w01 = fx * (1 - fy);
      const w10 = (1 - fx) * fy;
      const w11 = (1 - fx) * (1 - fy);
      let sxx = 0;
      let sxy = 0;
      let syy = 0;
      let sxt = 0;
      let syt = 0;
      let diff = 0;
      let count = 0;
      for (let y = m; y < h - m; y += 2) {
        const row = (y - iy - 1) * w;
        for (let x = m; x < w - m; x += 2) {
          const o = row + x - ix - 1;
          const p = w00 * nthU8(prev, o) + w10 * nthU8(prev, o + 1) + w01 * nthU8(prev, o + w) + w11 * nthU8(prev, o + w + 1);
          const i = y * w + x;
          const t = nthU8(cur, i) - p;
          diff += Math.abs(t);
          count += 1;
          if (Math.abs(t) > limit) continue;
          const gx = 0.5 * (nthU8(cur, i + 1) - nthU8(cur, i - 1));
          const gy = 0.5 * (nthU8(cur, i + w) - nthU8(cur, i - w));
          sxx += gx * gx;
          sxy += gx * gy;
          syy += gy * gy;
          sxt += gx * t;
          syt += gy * t;
        }
      }
      const det = sxx * syy - sxy * sxy;
      if (!count || det <= 1e-6 * (sxx + syy) ** 2) break;
      limit = REFINE_OUTLIER * (diff / count) + MOTION_NOISE_LEVELS;
      // cur = P(x - u) ~ P - u . grad, so t = -u . grad: u = -A^-1 b
      const ux = -(syy * sxt - sxy * syt) / det;
      const uy = -(sxx * syt - sxy * sxt) / det;
      dx = Math.max(dx0 - 1, Math.min(dx0 + 1, dx + ux));
      dy = Math.max(dy0 - 1, Math.min(dy0 + 1, dy + uy));
      if (step === 0 && dx0 === 0 && dy0 === 0 && Math.abs(dx) < STILL_SHIFT_PX && Math.abs(dy) < STILL_SHIFT_PX) break;
      if (Math.abs(ux) < 0.02 && Math.abs(uy) < 0.02) break;
    }
    return { dx, dy };
  }

  private byProjections(prev: Uint8Array, cur: Uint8Array, prevProfiles: Projections, curProfiles: Projections): Shift {
    const { width: w, height: h, margin: m } = this;
    const clamp = (v: number) => Math.max(-m, Math.min(m, Math.round(v)));
    const horizontal = (rdy: number) =>
      shift1d(rdy === 0 ? prevProfiles.cols : columnProfile(prev, w, 0, w, m - rdy, h - m - rdy), curProfiles.cols, 0, w, MAX_SHIFT_PX, h - 2 * m);
    const vertical = (rdx: number) =>
      shift1d(rdx === 0 ? prevProfiles.rows : rowProfile(prev, w, m - rdx, w - m - rdx, 0, h), curProfiles.rows, 0, h, MAX_SHIFT_PX, w - 2 * m);
    const first = horizontal(0);
    const sy = vertical(clamp(first?.shift ?? 0));
    const rdy = clamp(sy?.shift ?? 0);
    const sx = rdy === 0 ? first : horizontal(rdy);
    if (!sx && !sy) return { dx: 0, dy: 0 };
    const dx = sx?.shift ?? 0;
    const dy = sy?.shift ?? 0;
    if (Math.abs(dx) < STILL_SHIFT_PX && Math.abs(dy) < STILL_SHIFT_PX) return { dx: 0, dy: 0 };
    return this.agreed(prev, cur, Math.round(dx), Math.round(dy)) ? { dx, dy } : { dx: 0, dy: 0 };
  }

  /** True when most textured blocks match better shifted by (dx, dy) than unshifted. */
  private agreed(prev: Uint8Array, cur: Uint8Array, dx: number, dy: number): boolean {
    const { width: w, height: h } = this;
    let agree = 0;
    let disagree = 0;
    for (let br = 0; br < SHIFT_BLOCKS; br++) {
      for (let bc = 0; bc < SHIFT_BLOCKS; bc++) {
        const x0 = Math.max(this.xEdges[bc] ?? 0, dx, 0);
        const x1 = Math.min(this.xEdges[bc + 1] ?? w, w + dx, w);
        const y0 = Math.max(this.yEdges[br] ?? 0, dy, 0);
        const y1 = Math.min(this.yEdges[br + 1] ?? h, h + dy, h);
        let still = 0;
        let shifted = 0;
        let n = 0;
        for (let y = y0; y < y1; y += 2) {
          for (let x = x0; x < x1; x += 2) {
            const v = nthU8(cur, y * w + x);
            still += Math.abs(v - nthU8(prev, y * w + x));
            shifted += Math.abs(v - nthU8(prev, (y - dy) * w + (x - dx)));
            n += 1;
          }
        }
        if (!n || still / n < BLOCK_CHANGED) continue; // nothing changed here (or no texture to tell)
        if (shifted < BLOCK_IMPROVEMENT * still) agree += 1;
        else disagree += 1;
      }
    }
    return agree >= AGREEING_BLOCKS && agree > disagree;
  }
}

const GAIN_MIN = 0.75;
const GAIN_STEP = 0.0025;
const GAIN_BINS = 201; // 0.75 .. 1.25
/** Pixels darker than this in the reference say little about the gain. */
const GAIN_MIN_LEVEL = 16;
/** The median ratio must be shared (within 2 %) by this share of the compared pixels to count as a lighting change. */
const GAIN_SUPPORT = 0.6;

/**
 * The brightness gain from ref to cur over the valid pixels (mask 1): cur ~ gain * ref.
 * 1 when most pixels do not agree on one gain (a scene change, a large object).
 */
export function estimateGain(cur: Uint8Array, ref: Float32Array | Uint8Array, mask: Uint8Array | null, step = 1): number {
  const counts = new Float64Array(GAIN_BINS);
  const sumCur = new Float64Array(GAIN_BINS);
  const sumRef = new Float64Array(GAIN_BINS);
  let considered = 0;
  for (let i = 0; i < cur.length; i += step) {
    if (mask && nthU8(mask, i) === 0) continue;
    const r = ref instanceof Uint8Array ? nthU8(ref, i) : nthF32(ref, i);
    if (r < GAIN_MIN_LEVEL) continue;
    considered += 1;
    const c = nthU8(cur, i);
    const bin = Math.round((c / r - GAIN_MIN) / GAIN_STEP);
    if (bin < 0 || bin >= GAIN_BINS) continue;
    counts[bin] = nthF64(counts, bin) + 1;
    sumCur[bin] = nthF64(sumCur, bin) + c;
    sumRef[bin] = nthF64(sumRef, bin) + r;
  }
  if (considered < 50 / step) return 1;
  let seen = 0;
  let median = -1;
  let inRange = 0;
  for (let b = 0; b < GAIN_BINS; b++) inRange += nthF64(counts, b);
  for (let b = 0; b < GAIN_BINS && median < 0; b++) {
    seen += nthF64(counts, b);
    if (seen >= inRange / 2) median = b;
  }
  let support = 0;
  let c = 0;
  let r = 0;
  for (let b = Math.max(0, median - 8); b <= Math.min(GAIN_BINS - 1, median + 8); b++) {
    support += nthF64(counts, b);
    c += nthF64(sumCur, b);
    r += nthF64(sumRef, b);
  }
  if (support < GAIN_SUPPORT * considered || r <= 0) return 1;
  return c / r;
}
