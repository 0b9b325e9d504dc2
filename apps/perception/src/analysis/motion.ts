import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { nthF64, nthU16, nthU8 } from '../checked';
import { PerceptionError } from '../errors';
import type { FfmpegTools } from '../ffmpeg';
import { runProcess } from '../process';
import type { VideoProbe } from './probe';

/** Motion is measured on small grey frames: cheap, and enough to see people and arms move. */
export const MOTION_SAMPLE_FPS = 10;
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
  /** Seconds of video covered by the analysis. */
  analyzed_s: number;
}

export function analysisSize(width: number, height: number, longSide = MOTION_FRAME_LONG_SIDE): { width: number; height: number } {
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  if (width >= height) return { width: longSide, height: even((longSide * height) / Math.max(1, width)) };
  return { width: even((longSide * width) / Math.max(1, height)), height: longSide };
}

/** Frame-to-frame differences of grey frames, whole-frame and per grid cell. */
export class FrameDiffer {
  readonly cols: number;
  readonly rows: number;
  private previous: Uint8Array | null = null;
  private readonly cellOfColumn: Uint16Array;
  private readonly cellPixels: Float64Array;

  constructor(
    readonly width: number,
    readonly height: number,
    cellPx = MOTION_CELL_PX,
  ) {
    this.cols = Math.ceil(width / cellPx);
    this.rows = Math.ceil(height / cellPx);
    this.cellOfColumn = new Uint16Array(width).map((_, x) => Math.floor(x / cellPx));
    this.cellPixels = new Float64Array(this.cols * this.rows);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const c = Math.floor(y / cellPx) * this.cols + nthU16(this.cellOfColumn, x);
        this.cellPixels[c] = nthF64(this.cellPixels, c) + 1;
      }
    }
  }

  /** Feeds one frame (width*height bytes); answers the difference to the frame before, or null for the first. */
  push(frame: Uint8Array): { energy: number; cells: Float32Array } | null {
    const prev = this.previous;
    this.previous = Uint8Array.from(frame);
    if (!prev) return null;
    const sums = new Float64Array(this.cols * this.rows);
    let total = 0;
    const { width, height, cols, cellOfColumn } = this;
    for (let y = 0; y < height; y++) {
      const rowCell = Math.floor(y / MOTION_CELL_PX) * cols;
      const offset = y * width;
      let rowTotal = 0;
      for (let x = 0; x < width; x++) {
        let d = Math.abs(nthU8(frame, offset + x) - nthU8(prev, offset + x));
        if (d <= MOTION_NOISE_FLOOR) d = 0;
        rowTotal += d;
        const c = rowCell + nthU16(cellOfColumn, x);
        sums[c] = nthF64(sums, c) + d;
      }
      total += rowTotal;
    }
    const cells = new Float32Array(sums.length);
    for (let c = 0; c < sums.length; c++) cells[c] = nthF64(sums, c) / nthF64(this.cellPixels, c);
    return { energy: total / (width * height), cells };
  }
}

/** The pts_time of a showinfo line, or null for other lines. */
export function parseShowinfoTime(line: string): number | null {
  if (!line.includes('Parsed_showinfo')) return null;
  const match = /\bpts_time:\s*(-?\d+(?:\.\d+)?)/.exec(line);
  return match ? Number(match[1]) : null;
}

export interface MotionOptions {
  thumbnailDir: string;
  maxSeconds: number;
  signal?: AbortSignal;
  name: string;
}

/**
 * One decode of the video feeds three branches: small grey frames at 10 fps piped to Node
 * (motion energy), the scene-score selector (shot changes) and one JPEG per interval
 * (key-frame candidates). Decoding is the expensive part, so it happens once.
 */
export async function analyzeMotion(tools: FfmpegTools, file: string, probe: VideoProbe, options: MotionOptions): Promise<MotionTrack> {
  const size = analysisSize(probe.width, probe.height);
  const frameBytes = size.width * size.height;
  const duration = Math.min(probe.duration_s ?? options.maxSeconds, options.maxSeconds);
  const thumbInterval = Math.max(1, duration / MAX_THUMBNAILS);
  const graph = [
    '[0:v]split=3[m][s][k]',
    `[m]fps=${MOTION_SAMPLE_FPS},scale=${size.width}:${size.height}:flags=area,format=gray[mo]`,
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

  const differ = new FrameDiffer(size.width, size.height);
  const times: number[] = [];
  const energy: number[] = [];
  const cells: Float32Array[] = [];
  const sceneCuts: number[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let frames = 0;
  const onFrame = (frame: Uint8Array) => {
    const diff = differ.push(frame);
    if (diff) {
      times.push((frames - 0.5) / MOTION_SAMPLE_FPS);
      energy.push(diff.energy);
      cells.push(diff.cells);
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
  if (result.code !== 0 || frames === 0) {
    const why = result.code !== 0 ? (result.stderrTail.at(-1) ?? `ffmpeg exited with ${result.code}`) : 'no frame could be decoded';
    throw new PerceptionError('VIDEO_UNREADABLE', `"${options.name}" could not be decoded: ${why}`);
  }
  const thumbnails = (await readdir(options.thumbnailDir))
    .filter((f) => f.endsWith('.jpg'))
    .sort()
    .map((f, i) => ({ time_s: i * thumbInterval, file: path.join(options.thumbnailDir, f) }));
  const measured = frames / MOTION_SAMPLE_FPS;
  return {
    sampleFps: MOTION_SAMPLE_FPS,
    width: size.width,
    height: size.height,
    cols: differ.cols,
    rows: differ.rows,
    times,
    energy,
    cells,
    sceneCuts: sceneCuts.filter((t) => t > 0.05 && t < measured - 0.05),
    thumbnails,
    analyzed_s: probe.duration_s ? Math.min(probe.duration_s, options.maxSeconds) : measured,
  };
}
