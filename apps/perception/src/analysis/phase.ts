/**
 * The camera's shift between two small grey frames by phase correlation: the normalised
 * cross-power spectrum of the two frames is a pure phase ramp when one is the other
 * shifted, and its inverse transform is a single peak at that shift. Moving parts add
 * peaks of their own (at their own shift), so the strongest few peaks are answered, and
 * the caller checks which one the picture agrees with (analysis/stabilise.ts).
 *
 * - The FFT window is the largest power of two that fits the frame on each side (128x64
 *   on a 160x90 analysis frame), centred, mean removed and Hann-tapered so the frame's
 *   edges do not make a peak of their own at zero shift. (Halving the frame first made the
 *   FFTs 4 times cheaper but lost the fine texture that carries the camera's peak: on the
 *   shake test a moving part then outranked the camera in 12 of 299 frame pairs.)
 * - The cross-power spectrum is weighted by a Gaussian (the spatial peak becomes a Gaussian
 *   of PHASE_SIGMA_PX instead of a sinc): noise at high frequencies counts less and the
 *   sub-pixel position comes from a Gaussian fit through the peak and its neighbours.
 * - Peak heights are scaled so a perfect whole-pixel shift of the same picture scores 1.
 */
import { nthF64, nthU8 } from '../checked';
import { fft2d } from './fft';

/** Width (standard deviation, analysis pixels) of the correlation peak after weighting. */
export const PHASE_SIGMA_PX = 1;
/** Peaks below this height are noise (uncorrelated frames give about 0.02 per position on 128x64). */
export const MIN_PHASE_PEAK = 0.1;
/** The FFT window's sides are at most this (a power of two). */
const MAX_WINDOW = 256;
/** And at least this: smaller frames (a tiny region of interest) are left to the projections. */
export const MIN_WINDOW = 16;

export interface Spectrum {
  re: Float64Array;
  im: Float64Array;
}

export interface PhasePeak {
  /** cur(x, y) ~ prev(x - dx, y - dy), analysis pixels, sub-pixel. */
  dx: number;
  dy: number;
  /** Height of the peak, 1 for a perfect whole-pixel shift. */
  peak: number;
}

function windowSide(n: number): number {
  let p = 1;
  while (p * 2 <= Math.min(n, MAX_WINDOW)) p *= 2;
  return p;
}

/** Sub-pixel offset of a peak from its two neighbours: Gaussian fit, else parabola; within ±0.5. */
export function peakOffset(before: number, at: number, after: number): number {
  let offset = 0;
  if (before > 0 && at > 0 && after > 0) {
    const lb = Math.log(before);
    const la = Math.log(at);
    const lf = Math.log(after);
    const denom = lb - 2 * la + lf;
    if (denom < 0) offset = (0.5 * (lb - lf)) / denom;
  } else {
    const denom = before - 2 * at + after;
    if (denom < 0) offset = (0.5 * (before - after)) / denom;
  }
  return Math.max(-0.5, Math.min(0.5, offset));
}

export class PhaseCorrelator {
  /** The FFT window: its size and its top-left corner in the frame. */
  readonly windowWidth: number;
  readonly windowHeight: number;
  private readonly x0: number;
  private readonly y0: number;
  private readonly taper: Float64Array;
  private readonly weight: Float64Array;
  private readonly weightSum: number;
  private readonly scratchRe: Float64Array;
  private readonly scratchIm: Float64Array;
  private readonly surfaceRe: Float64Array;
  private readonly surfaceIm: Float64Array;

  /** True when a width x height frame holds a window of at least MIN_WINDOW on each side. */
  static fits(width: number, height: number): boolean {
    return windowSide(width) >= MIN_WINDOW && windowSide(height) >= MIN_WINDOW;
  }

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const fw = windowSide(width);
    const fh = windowSide(height);
    this.windowWidth = fw;
    this.windowHeight = fh;
    this.x0 = Math.floor((width - fw) / 2);
    this.y0 = Math.floor((height - fh) / 2);
    const hann = (n: number) => Float64Array.from({ length: n }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / n));
    const hx = hann(fw);
    const hy = hann(fh);
    this.taper = new Float64Array(fw * fh);
    this.weight = new Float64Array(fw * fh);
    const s2 = 2 * Math.PI * Math.PI * PHASE_SIGMA_PX * PHASE_SIGMA_PX;
    let sum = 0;
    for (let y = 0; y < fh; y++) {
      const ky = (y < fh / 2 ? y : y - fh) / fh;
      for (let x = 0; x < fw; x++) {
        const kx = (x < fw / 2 ? x : x - fw) / fw;
        this.taper[y * fw + x] = nthF64(hx, x) * nthF64(hy, y);
        const w = x === 0 && y === 0 ? 0 : Math.exp(-s2 * (kx * kx + ky * ky)); // no DC: the mean says nothing of a shift
        this.weight[y * fw + x] = w;
        sum += w;
      }
    }
    this.weightSum = sum;
    this.scratchRe = new Float64Array(fh);
    this.scratchIm = new Float64Array(fh);
    this.surfaceRe = new Float64Array(fw * fh);
    this.surfaceIm = new Float64Array(fw * fh);
  }

  /** The tapered window's spectrum of a frame (width*height grey bytes). */
  spectrum(frame: Uint8Array): Spectrum {
    const { width, windowWidth: fw, windowHeight: fh, x0, y0, taper } = this;
    const re = new Float64Array(fw * fh);
    const im = new Float64Array(fw * fh);
    let mean = 0;
    for (let y = 0; y < fh; y++) {
      const row = (y + y0) * width + x0;
      for (let x = 0; x < fw; x++) mean += nthU8(frame, row + x);
    }
    mean /= fw * fh;
    for (let y = 0; y < fh; y++) {
      const row = (y + y0) * width + x0;
      for (let x = 0; x < fw; x++) re[y * fw + x] = (nthU8(frame, row + x) - mean) * nthF64(taper, y * fw + x);
    }
    fft2d(re, im, fw, fh, this.scratchRe, this.scratchIm);
    return { re, im };
  }

  /**
   * The strongest peaks (up to `count`, highest first, each at least MIN_PHASE_PEAK) of the
   * phase correlation of cur against prev, within maxShift pixels on each axis.
   */
  peaks(prev: Spectrum, cur: Spectrum, maxShift: number, count = 3): PhasePeak[] {
    const { windowWidth: fw, windowHeight: fh, weight, surfaceRe: re, surfaceIm: im } = this;
    for (let k = 0; k < fw * fh; k++) {
      const cr = nthF64(cur.re, k);
      const ci = nthF64(cur.im, k);
      const pr = nthF64(prev.re, k);
      const pi = nthF64(prev.im, k);
      const xr = cr * pr + ci * pi;
      const xi = ci * pr - cr * pi;
      const magnitude = Math.sqrt(xr * xr + xi * xi);
      const w = nthF64(weight, k);
      if (magnitude > 1e-9 && w > 0) {
        re[k] = (xr / magnitude) * w;
        im[k] = (xi / magnitude) * w;
      } else {
        re[k] = 0;
        im[k] = 0;
      }
    }
    fft2d(re, im, fw, fh, this.scratchRe, this.scratchIm, true);
    const scale = 1 / this.weightSum;
    const at = (dx: number, dy: number) => nthF64(re, (((dy % fh) + fh) % fh) * fw + (((dx % fw) + fw) % fw)) * scale;
    const range = Math.min(maxShift, fw / 2 - 2, fh / 2 - 2);
    const found: PhasePeak[] = [];
    for (let dy = -range; dy <= range; dy++) {
      for (let dx = -range; dx <= range; dx++) {
        const v = at(dx, dy);
        if (v < MIN_PHASE_PEAK) continue;
        let highest = true;
        for (let ny = -1; ny <= 1 && highest; ny++) {
          for (let nx = -1; nx <= 1; nx++) {
            if ((nx || ny) && at(dx + nx, dy + ny) > v) {
              highest = false;
              break;
            }
          }
        }
        if (!highest) continue;
        found.push({
          dx: dx + peakOffset(at(dx - 1, dy), v, at(dx + 1, dy)),
          dy: dy + peakOffset(at(dx, dy - 1), v, at(dx, dy + 1)),
          peak: v,
        });
      }
    }
    return found.sort((a, b) => b.peak - a.peak).slice(0, count);
  }
}
