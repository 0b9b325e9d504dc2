import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { nthF32, nthF64, nthU16, nthU8 } from '../checked';
import { PerceptionError } from '../errors';
import type { FfmpegTools } from '../ffmpeg';
import { runProcess, withoutPaths } from '../process';
import type { VideoProbe } from './probe';
import { estimateGain, ShiftEstimator, type PreparedFrame, type ShiftMethod } from './stabilise';

/** Motion is measured on small grey frames: cheap, and enough to see people and arms move. */
export const MOTION_SAMPLE_FPS = 10;
/** Videos filmed at fewer frames a second are sampled at their own rate (no repeated frames). */
export const MIN_SAMPLE_FPS = 2;

export function sampleRate(fps: number | null): number {
  if (fps === null || fps >= MOTION_SAMPLE_FPS) return MOTION_SAMPLE_FPS;
  return Math.max(MIN_SAMPLE_FPS, Math.round(fps * 1000) / 1000);
}
export const MOTION_FRAME_LONG_SIDE = 160;
/** Cells of the motion grid, in analysis pixels (8x5 cells on a 16:9 video). */
export const MOTION_CELL_PX = 20;
/** ffmpeg's scene score above which a frame starts a new shot (STACK.md). */
export const SCENE_THRESHOLD = 0.3;
/** Grey-level differences up to this are camera noise and compression flicker, not motion. */
export const MOTION_NOISE_FLOOR = 3;
/** At most this many candidate key frames per video (one a second for videos up to 5 min). */
export const MAX_THUMBNAILS = 300;

export interface Thumbnail {
  time_s: number;
  file: string;
}

export interface MotionTrack {
  sampleFps: number;
  width: number;
  height: number;
  cols: number;
  rows: number;
  /** Time of each difference sample (between frame k-1 and k). */
  times: number[];
  /** Mean absolute grey-level difference between consecutive frames, 0-255, over the whole frame. */
  energy: number[];
  /** The same per grid cell: cells[k][c]. Direction-free energy per place, so back-and-forth motion keeps its full period. */
  cells: Float32Array[];
  /** Shot changes found by ffmpeg's scene score, in seconds from the start. */
  sceneCuts: number[];
  thumbnails: Thumbnail[];
  /** Seconds of video covered by the analysis (what decoded, when the file is cut short). */
  analyzed_s: number;
  /** Set when less decoded than the file declares (truncated or damaged). */
  decode: { decoded_s: number; declared_s: number | null; error: string | null } | null;
  stability: Stability;
  /** The measured region in the video's pixels, or null for the whole picture. */
  region: { x: number; y: number; width: number; height: number } | null;
}

/** The analysis frame: the long side scaled to 160 (never up: a smaller video is measured at its own size). */
export function analysisSize(width: number, height: number, maxLongSide = MOTION_FRAME_LONG_SIDE): { width: number; height: number } {
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const longSide = Math.min(maxLongSide, even(Math.max(width, height)));
  if (width >= height) return { width: longSide, height: even((longSide * height) / Math.max(1, width)) };
  return { width: even((longSide * width) / Math.max(1, height)), height: longSide };
}

export interface FrameDiff {
  /** Mean absolute grey-level difference over the frame, 0-255, after removing camera shift and brightness gain. */
  energy: number;
  cells: Float32Array;
  /** The camera's shift from the previous frame, analysis pixels (0 when still). */
  dx: number;
  dy: number;
  /** Brightness gain from the previous frame (1 when steady). */
  gain: number;
}

/** The gain is estimated on every GAIN_SAMPLE_STEP-th pixel (thousands of pixels are plenty). */
const GAIN_SAMPLE_STEP = 3;

/** With a moving camera, differences up to this share of the local gradient are alignment residue (about half a pixel). */
export const ALIGNMENT_TOLERANCE = 0.5;

/**
 * Frame-to-frame differences of grey frames, whole-frame and per grid cell, after the
 * previous frame is aligned to the camera's shift and scaled by the lighting gain
 * (analysis/stabilise.ts). Differences of MOTION_NOISE_FLOOR levels or less count as 0.
 */
export class FrameDiffer {
  readonly cols: number;
  readonly rows: number;
  private previous: Uint8Array | null = null;
  private previousPrepared: PreparedFrame | null = null;
  private readonly cellOfColumn: Uint16Array;
  private readonly cellOfRow: Uint16Array;
  private readonly shifts: ShiftEstimator;
  private readonly cellPixels: Float64Array;
  private readonly aligned: Float32Array;
  private readonly mask: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    cellPx = MOTION_CELL_PX,
    shiftMethod: ShiftMethod = 'phase',
  ) {
    this.cols = Math.ceil(width / cellPx);
    this.rows = Math.ceil(height / cellPx);
    this.cellOfColumn = new Uint16Array(width).map((_, x) => Math.floor(x / cellPx));
    this.cellOfRow = new Uint16Array(height).map((_, y) => Math.floor(y / cellPx) * this.cols);
    this.shifts = new ShiftEstimator(width, height, shiftMethod);
    this.cellPixels = new Float64Array(this.cols * this.rows);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const c = nthU16(this.cellOfRow, y) + nthU16(this.cellOfColumn, x);
        this.cellPixels[c] = nthF64(this.cellPixels, c) + 1;
      }
    }
    this.aligned = new Float32Array(width * height);
    this.mask = new Uint8Array(width * height);
  }

  /** The previous frame moved by (dx, dy) with bilinear sampling; mask 0 where it falls outside. */
  private align(prev: Uint8Array, dx: number, dy: number): void {
    const { width, height, aligned, mask } = this;
    if (dx === 0 && dy === 0) {
      for (let i = 0; i < prev.length; i++) aligned[i] = nthU8(prev, i);
      mask.fill(1);
      return;
    }
    for (let y = 0; y < height; y++) {
      const sy = y - dy;
      const y0 = Math.floor(sy);
      const fy = sy - y0;
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const sx = x - dx;
        const x0 = Math.floor(sx);
        if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
          mask[i] = 0;
          aligned[i] = 0;
          continue;
        }
        const fx = sx - x0;
        const o = y0 * width + x0;
        const top = nthU8(prev, o) * (1 - fx) + nthU8(prev, o + 1) * fx;
        const bottom = nthU8(prev, o + width) * (1 - fx) + nthU8(prev, o + width + 1) * fx;
        aligned[i] = top * (1 - fy) + bottom * fy;
        mask[i] = 1;
      }
    }
  }

  /** Feeds one frame (width*height bytes); answers the difference to the frame before, or null for the first. */
  push(frame: Uint8Array): FrameDiff | null {
    const prev = this.previous;
    const prevPrepared = this.previousPrepared;
    const prepared = this.shifts.prepare(frame);
    this.previous = Uint8Array.from(frame);
    this.previousPrepared = prepared;
    if (!prev || !prevPrepared) return null;
    const { dx, dy } = this.shifts.estimate(prev, frame, prevPrepared, prepared);
    const moving = dx !== 0 || dy !== 0;
    if (!moving) return this.still(prev, frame, dx, dy);
    this.align(prev, dx, dy);
    const { width, height, cols, rows, cellOfColumn, cellOfRow, aligned, mask } = this;
    const gain = estimateGain(frame, aligned, mask, GAIN_SAMPLE_STEP);
    const sums = new Float64Array(cols * rows);
    const counts = new Float64Array(cols * rows);
    let total = 0;
    let pixels = 0;
    for (let y = 0; y < height; y++) {
      const rowCell = nthU16(cellOfRow, y);
      const offset = y * width;
      for (let x = 0; x < width; x++) {
        const i = offset + x;
        if (nthU8(mask, i) === 0) continue;
        const v = nthU8(frame, i);
        let d = Math.abs(v - gain * nthF32(aligned, i));
        let floor = MOTION_NOISE_FLOOR;
        if (moving) {
          const gx = x > 0 && x < width - 1 ? Math.abs(nthU8(frame, i + 1) - nthU8(frame, i - 1)) : 0;
          const gy = y > 0 && y < height - 1 ? Math.abs(nthU8(frame, i + width) - nthU8(frame, i - width)) : 0;
          floor += ALIGNMENT_TOLERANCE * 0.5 * (gx + gy);
        }
        if (d <= floor) d = 0;
        total += d;
        pixels += 1;
        const c = rowCell + nthU16(cellOfColumn, x);
        sums[c] = nthF64(sums, c) + d;
        counts[c] = nthF64(counts, c) + 1;
      }
    }
    const cells = new Float32Array(sums.length);
    for (let c = 0; c < sums.length; c++) cells[c] = nthF64(counts, c) > 0 ? nthF64(sums, c) / nthF64(counts, c) : 0;
    return { energy: pixels ? total / pixels : 0, cells, dx, dy, gain };
  }

  /** The common case, a still camera: every pixel compared with the same pixel before, scaled by the gain. */
  private still(prev: Uint8Array, frame: Uint8Array, dx: number, dy: number): FrameDiff {
    const { width, height, cols, rows, cellOfColumn, cellOfRow } = this;
    const gain = estimateGain(frame, prev, null, GAIN_SAMPLE_STEP);
    const sums = new Float64Array(cols * rows);
    let total = 0;
    for (let y = 0; y < height; y++) {
      const rowCell = nthU16(cellOfRow, y);
      const offset = y * width;
      for (let x = 0; x < width; x++) {
        let d = Math.abs(nthU8(frame, offset + x) - gain * nthU8(prev, offset + x));
        if (d <= MOTION_NOISE_FLOOR) d = 0;
        total += d;
        const c = rowCell + nthU16(cellOfColumn, x);
        sums[c] = nthF64(sums, c) + d;
      }
    }
    const cells = new Float32Array(sums.length);
    for (let c = 0; c < sums.length; c++) cells[c] = nthF64(sums, c) / nthF64(this.cellPixels, c);
    return { energy: total / (width * height), cells, dx, dy, gain };
  }
}

/** The pts_time of a showinfo line, or null for other lines. */
export function parseShowinfoTime(line: string): number | null {
  if (!line.includes('Parsed_showinfo')) return null;
  const match = /\bpts_time:\s*(-?\d+(?:\.\d+)?)/.exec(line);
  return match ? Number(match[1]) : null;
}

/** A part of the picture, as fractions of the frame (display orientation): x, y of the top-left corner, width, height. */
export interface RegionOfInterest {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MotionOptions {
  thumbnailDir: string;
  maxSeconds: number;
  signal?: AbortSignal;
  name: string;
  /** Motion is measured inside this region only (key frames and shot changes keep the whole picture). */
  region?: RegionOfInterest | null;
  /** How the camera's shift is measured (default phase correlation; the tests and the bench compare with projections). */
  shiftMethod?: ShiftMethod;
}

/** The region in pixels of a width x height picture, even-sized for ffmpeg's crop; null for (nearly) the whole frame. */
export function regionPixels(region: RegionOfInterest | null | undefined, width: number, height: number): { x: number; y: number; width: number; height: number } | null {
  if (!region) return null;
  const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);
  const x = Math.min(width - 2, Math.max(0, Math.round(region.x * width)));
  const y = Math.min(height - 2, Math.max(0, Math.round(region.y * height)));
  const w = even(Math.min(width - x, region.width * width));
  const h = even(Math.min(height - y, region.height * height));
  if (w >= width - 1 && h >= height - 1) return null;
  return { x, y, width: w, height: h };
}

/** Half the spread (5th to 95th percentile) of a series. */
function halfSpread(values: number[]): number {
  if (values.length < 2) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] ?? 0;
  return (at(0.95) - at(0.05)) / 2;
}

/** A series minus its moving average over `window` samples (what changes faster than the window). */
function detrend(values: number[], window: number): number[] {
  const half = Math.floor(window / 2);
  const prefix = [0];
  for (const v of values) prefix.push((prefix.at(-1) ?? 0) + v);
  return values.map((v, i) => {
    const from = Math.max(0, i - half);
    const to = Math.min(values.length, i + half + 1);
    return v - ((prefix[to] ?? 0) - (prefix[from] ?? 0)) / (to - from);
  });
}

/** Camera shift (from the start, analysis px) and log brightness (from the start) per frame, from the per-pair estimates. */
export interface Stability {
  /** How far the picture moved from its middle position, at most (5th-95th percentile, half the span), in the video's own pixels. */
  camera_shift_px: number;
  /** The same as a share of the frame width, percent. */
  camera_shift_pct: number;
  /** Share of frame pairs in which the camera moved. */
  camera_moving_share: number;
  /** Brightness change faster than 5 s, percent either way (5th-95th percentile). */
  lighting_variation_pct: number;
}

export function measureStability(shifts: { dx: number; dy: number; gain: number }[], analysisWidth: number, sourceWidth: number, sampleFps: number): Stability {
  let x = 0;
  let y = 0;
  let light = 0;
  const xs: number[] = [];
  const ys: number[] = [];
  const lights: number[] = [];
  let moving = 0;
  for (const s of shifts) {
    x += s.dx;
    y += s.dy;
    light += Math.log(Math.min(1.25, Math.max(0.8, s.gain)));
    if (s.dx !== 0 || s.dy !== 0) moving += 1;
    xs.push(x);
    ys.push(y);
    lights.push(light);
  }
  const shift = Math.max(halfSpread(xs), halfSpread(ys));
  const scale = sourceWidth / Math.max(1, analysisWidth);
  const lighting = halfSpread(detrend(lights, Math.round(5 * sampleFps)));
  return {
    camera_shift_px: Math.round(shift * scale * 10) / 10,
    camera_shift_pct: Math.round((shift / Math.max(1, analysisWidth)) * 1000) / 10,
    camera_moving_share: shifts.length ? moving / shifts.length : 0,
    lighting_variation_pct: Math.round((Math.exp(lighting) - 1) * 1000) / 10,
  };
}

/**
 * A shot change leaves a large difference even after the frames are aligned and their
 * brightness matched (mean grey-level difference; twice the "high motion" level). ffmpeg's
 * scene score also fires when a handheld camera jerks or the light flickers: those cuts are dropped.
 */
export const CUT_MIN_ENERGY = 6;

/** The largest motion energy within a sample of time t. */
function cutEnergy(times: number[], energy: number[], t: number, fps: number): number {
  let best = 0;
  for (let i = 0; i < times.length; i++) if (Math.abs((times[i] ?? 0) - t) <= 1.01 / fps) best = Math.max(best, energy[i] ?? 0);
  return best;
}

/** Less than this share of the declared length decoded: the file is cut short or damaged. */
const DECODED_SHARE = 0.97;

/**
 * One decode of the video feeds three branches: small grey frames at 10 fps piped to Node
 * (motion energy), the scene-score selector (shot changes) and one JPEG per interval
 * (key-frame candidates). Decoding is the expensive part, so it happens once.
 */
export async function analyzeMotion(tools: FfmpegTools, file: string, probe: VideoProbe, options: MotionOptions): Promise<MotionTrack> {
  const crop = regionPixels(options.region, probe.width, probe.height);
  const measuredWidth = crop?.width ?? probe.width;
  const size = analysisSize(measuredWidth, crop?.height ?? probe.height);
  const frameBytes = size.width * size.height;
  const fps = sampleRate(probe.fps);
  const duration = Math.min(probe.duration_s ?? options.maxSeconds, options.maxSeconds);
  const thumbInterval = Math.max(1, duration / MAX_THUMBNAILS);
  const cropFilter = crop ? `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y},` : '';
  const graph = [
    '[0:v]split=3[m][s][k]',
    `[m]fps=${fps},${cropFilter}scale=${size.width}:${size.height}:flags=area,format=gray[mo]`,
    `[s]scale=w='min(320,iw)':h=-2,select='gt(scene,${SCENE_THRESHOLD})',showinfo[so]`,
    `[k]fps=${(1 / thumbInterval).toFixed(6)},scale=w='min(640,iw)':h=-2[ko]`,
  ].join(';');
  const args = [
    '-hide_banner', '-nostats', '-loglevel', 'info',
    '-t', String(options.maxSeconds),
    '-i', file,
    '-an', '-sn', '-dn',
    '-filter_complex', graph,
    '-map', '[mo]', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1',
    '-map', '[so]', '-f', 'null', '-',
    '-map', '[ko]', '-q:v', '4', '-f', 'image2', path.join(options.thumbnailDir, '%05d.jpg'),
  ];

  const differ = new FrameDiffer(size.width, size.height, MOTION_CELL_PX, options.shiftMethod ?? 'phase');
  const times: number[] = [];
  const energy: number[] = [];
  const cells: Float32Array[] = [];
  const steadiness: { dx: number; dy: number; gain: number }[] = [];
  const sceneCuts: number[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let frames = 0;
  const onFrame = (frame: Uint8Array) => {
    const diff = differ.push(frame);
    if (diff) {
      times.push((frames - 0.5) / fps);
      energy.push(diff.energy);
      cells.push(diff.cells);
      steadiness.push({ dx: diff.dx, dy: diff.dy, gain: diff.gain });
    }
    frames += 1;
  };
  const result = await runProcess(tools.ffmpeg, args, {
    signal: options.signal,
    onStdout: (chunk) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let offset = 0;
      while (pending.length - offset >= frameBytes) {
        onFrame(pending.subarray(offset, offset + frameBytes));
        offset += frameBytes;
      }
      pending = pending.subarray(offset);
    },
    onStderrLine: (line) => {
      const t = parseShowinfoTime(line);
      if (t !== null) sceneCuts.push(Math.max(0, t - probe.start_s));
    },
  });
  const lastError = () => withoutPaths(result.stderrTail.filter((l) => !l.includes('Parsed_showinfo')).at(-1) ?? `ffmpeg exited with ${result.code}`, file);
  if (frames < 2) {
    const why = result.code !== 0 ? lastError() : 'no frame could be decoded';
    throw new PerceptionError('VIDEO_UNREADABLE', `"${options.name}" could not be decoded: ${why}`);
  }
  const thumbnails = (await readdir(options.thumbnailDir))
    .filter((f) => f.endsWith('.jpg'))
    .sort()
    .map((f, i) => ({ time_s: i * thumbInterval, file: path.join(options.thumbnailDir, f) }));
  const decoded = frames / fps;
  const expected = probe.duration_s === null ? null : Math.min(probe.duration_s, options.maxSeconds);
  const cutShort = result.code !== 0 || (expected !== null && decoded < expected * DECODED_SHARE - 2 / fps);
  const analyzed_s = cutShort || expected === null ? Math.min(decoded, expected ?? decoded) : expected;
  return {
    sampleFps: fps,
    width: size.width,
    height: size.height,
    cols: differ.cols,
    rows: differ.rows,
    times,
    energy,
    cells,
    sceneCuts: sceneCuts.filter((t) => t > 0.05 && t < analyzed_s - 0.05 && cutEnergy(times, energy, t, fps) >= CUT_MIN_ENERGY),
    thumbnails: thumbnails.filter((t) => t.time_s <= analyzed_s),
    analyzed_s,
    decode: cutShort ? { decoded_s: analyzed_s, declared_s: probe.duration_s, error: result.code !== 0 ? lastError() : null } : null,
    stability: measureStability(steadiness, size.width, measuredWidth, fps),
    region: crop,
  };
}
