/**
 * Camera-shake compensation by phase correlation (issue 16), on clips made here with ffmpeg
 * whose truth is known frame by frame: a textured work cell with a robot-like part on a
 * 6 s cycle, filmed "handheld": the whole picture sways slowly and jitters frame to frame
 * by whole video pixels given by a formula (crop offsets evaluated per frame number), so
 * the shift between any two consecutive frames is known exactly.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisSize, analyzeMotion, type MotionTrack } from './analysis/motion';
import { probeVideo } from './analysis/probe';
import { ShiftEstimator, type ShiftMethod } from './analysis/stabilise';
import { runProcess } from './process';
import { videoCycle } from './stage1/run-stage1';
import { getTools, makeVideo } from './test/helpers';
import { defined } from './test/defined';

const TEXTURE = "format=gray,geq=lum='128+45*sin(X*0.31+Y*0.13)*sin(Y*0.27-X*0.07)+30*sin(X*X*0.0011+Y*0.41)+20*sin(X*0.9)*sin(Y*0.8)'";
const WIDTH = 320;
const HEIGHT = 180;
const FPS = 10;
const SECONDS = 30;
const PERIOD = 6;

/**
 * The crop offset of frame n, in whole video pixels: a slow sway plus a frame-to-frame jitter.
 * The same formula is given to ffmpeg (as an expression of n) and computed here.
 */
const SWAY_X = { ffmpeg: 'round(5*sin(2*PI*n/13)+3*sin(2*PI*n/4.5)+2*sin(2.1*n))', js: (n: number) => Math.round(5 * Math.sin((2 * Math.PI * n) / 13) + 3 * Math.sin((2 * Math.PI * n) / 4.5) + 2 * Math.sin(2.1 * n)) };
const SWAY_Y = { ffmpeg: 'round(3*sin(2*PI*n/17)+2*sin(1.3*n+1))', js: (n: number) => Math.round(3 * Math.sin((2 * Math.PI * n) / 17) + 2 * Math.sin(1.3 * n + 1)) };

/** The part's x: right in a third of the cycle's first 2/7.5, wait, back, wait (as in the footage tests). */
function partX(period: number, x0: number, travel: number): string {
  const u = `mod(t,${period})`;
  const move = (period * 2) / 7.5;
  const back = (period * 3.5) / 7.5;
  return `if(lt(${u},${move}),${x0}+${travel}*${u}/${move},if(lt(${u},${back}),${x0 + travel},if(lt(${u},${back + move}),${x0 + travel}-${travel}*(${u}-${back})/${move},${x0})))`;
}

let dir: string;
let shaky: string;

async function ffmpeg(args: string[]): Promise<void> {
  const tools = await getTools();
  const result = await runProcess(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  if (result.code !== 0) throw new Error(`ffmpeg failed: ${result.stderrTail.join('\n')}`);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'perception-shake-'));
  const wall = path.join(dir, 'wall.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=gray:s=400x260:d=1', '-vf', TEXTURE, '-frames:v', '1', wall]);
  shaky = await makeVideo(path.join(dir, 'shaky-cycle.mp4'), [
    '-loop', '1', '-framerate', String(FPS), '-t', String(SECONDS), '-i', wall,
    '-f', 'lavfi', '-i', `color=c=orange:s=40x40:r=${FPS}:d=${SECONDS}`,
    '-filter_complex',
    `[0:v][1:v]overlay=x='${partX(PERIOD, 80, 200)}':y=110:shortest=1:format=rgb,` +
      `crop=w=${WIDTH}:h=${HEIGHT}:x='40+${SWAY_X.ffmpeg}':y='40+${SWAY_Y.ffmpeg}':exact=1,noise=alls=2:allf=t`,
  ]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The clip's frames as stage 1 sees them: grey, 160 px on the long side, 10 fps. */
async function analysisFrames(file: string): Promise<{ frames: Uint8Array[]; width: number; height: number }> {
  const tools = await getTools();
  const size = analysisSize(WIDTH, HEIGHT);
  const bytes = size.width * size.height;
  const chunks: Buffer[] = [];
  const result = await runProcess(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', file, '-vf', `fps=${FPS},scale=${size.width}:${size.height}:flags=area,format=gray`, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {
    onStdout: (chunk) => chunks.push(chunk),
  });
  expect(result.code).toBe(0);
  const all = Buffer.concat(chunks);
  const frames: Uint8Array[] = [];
  for (let o = 0; o + bytes <= all.length; o += bytes) frames.push(new Uint8Array(all.subarray(o, o + bytes)));
  return { frames, ...size };
}

/** Per consecutive frame pair, the error of the estimated shift against the truth, in video pixels. */
function shiftErrors(frames: Uint8Array[], width: number, height: number, method: ShiftMethod): { x: number[]; y: number[] } {
  const estimator = new ShiftEstimator(width, height, method);
  const scale = WIDTH / width;
  const x: number[] = [];
  const y: number[] = [];
  for (let k = 1; k < frames.length; k++) {
    const shift = estimator.estimate(defined(frames[k - 1]), defined(frames[k]));
    // the crop window moved by +d, so the picture moved by -d
    x.push(Math.abs(shift.dx * scale + (SWAY_X.js(k) - SWAY_X.js(k - 1))));
    y.push(Math.abs(shift.dy * scale + (SWAY_Y.js(k) - SWAY_Y.js(k - 1))));
  }
  return { x, y };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

describe('phase correlation on a shaking camera', () => {
  it('measures every frame-to-frame shake within 1 px of the known shift', async () => {
    const { frames, width, height } = await analysisFrames(shaky);
    expect(frames.length).toBe(SECONDS * FPS);
    // the clip does shake: most frame pairs move, by up to several pixels
    const truth = frames.slice(1).map((_, i) => Math.hypot(SWAY_X.js(i + 1) - SWAY_X.js(i), SWAY_Y.js(i + 1) - SWAY_Y.js(i)));
    expect(truth.filter((d) => d >= 1).length).toBeGreaterThan(0.8 * truth.length);
    expect(Math.max(...truth)).toBeGreaterThanOrEqual(6);

    const phase = shiftErrors(frames, width, height, 'phase');
    const projections = shiftErrors(frames, width, height, 'projections');
    const worst = Math.max(...phase.x, ...phase.y);
    const summary = `phase: mean ${mean([...phase.x, ...phase.y]).toFixed(2)} px, worst ${worst.toFixed(2)} px; projections: mean ${mean([...projections.x, ...projections.y]).toFixed(2)} px, worst ${Math.max(...projections.x, ...projections.y).toFixed(2)} px`;
    expect(worst, summary).toBeLessThanOrEqual(1);
    expect(mean([...phase.x, ...phase.y]), summary).toBeLessThanOrEqual(mean([...projections.x, ...projections.y]));
  }, 60_000);
});

describe('stage 1 cycle on shaky footage', () => {
  async function track(method: ShiftMethod): Promise<MotionTrack> {
    const tools = await getTools();
    const probe = await probeVideo(tools, shaky, 'shaky-cycle.mp4');
    const thumbnailDir = await mkdtemp(path.join(dir, `frames-${method}-`));
    return analyzeMotion(tools, shaky, probe, { thumbnailDir, maxSeconds: 600, name: 'shaky-cycle.mp4', shiftMethod: method });
  }

  it('finds the 6 s cycle within 5 %, at least as close as the block-voted projections', async () => {
    const [phase, projections] = [await track('phase'), await track('projections')];
    const byPhase = defined(videoCycle(phase)).period_s;
    const byProjections = videoCycle(projections)?.period_s ?? null;
    const error = (p: number | null) => (p === null ? Infinity : Math.abs(p - PERIOD) / PERIOD);
    const summary = `phase ${byPhase} s, projections ${byProjections} s (truth ${PERIOD} s)`;
    expect(error(byPhase), summary).toBeLessThan(0.05);
    expect(error(byPhase), summary).toBeLessThanOrEqual(error(byProjections));
    // the camera warning's measure comes from the same shifts: the sway spans about 10 px either way
    expect(phase.stability.camera_moving_share).toBeGreaterThan(0.8);
    expect(phase.stability.camera_shift_px).toBeGreaterThanOrEqual(4);
    expect(phase.stability.camera_shift_px).toBeLessThanOrEqual(12);
  }, 60_000);
});
