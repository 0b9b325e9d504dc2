/**
 * Stage 1 on footage that looks like real filming (issue 16), with known truth: a textured
 * cell (not a flat grey), lighting flicker, a handheld camera, people walking close to the
 * camera, few repeats, a machine-tending cycle of minutes, a file cut short. The clips are
 * made here with ffmpeg, small (160-320 px, 5-10 fps) so the whole file runs in seconds.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorBodySchema, stage1ResultsSchema } from '@cellforge/contracts';
import { buildZip } from '@cellforge/storage/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from './process';
import type { Stage1Output } from './stage1/run-stage1';
import { createTestEnv, getTools, makeVideo, type TestEnv } from './test/helpers';
import { defined } from './test/defined';

let dir: string;
let env: TestEnv;
const clips = new Map<string, Buffer>();

async function ffmpeg(args: string[]): Promise<void> {
  const tools = await getTools();
  const result = await runProcess(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  if (result.code !== 0) throw new Error(`ffmpeg failed: ${result.stderrTail.join('\n')}`);
}

/** A still, textured workshop wall (400x260): sharp detail everywhere, so a shifted camera changes many pixels. */
const TEXTURE = "format=gray,geq=lum='128+45*sin(X*0.31+Y*0.13)*sin(Y*0.27-X*0.07)+30*sin(X*X*0.0011+Y*0.41)+20*sin(X*0.9)*sin(Y*0.8)'";

/**
 * A pick-and-place part (orange box) on a 7.5 s cycle (or `period`): moves right in 2 s,
 * waits, moves back in 2 s, waits. x from x0 to x0+travel.
 */
function partX(period: number, x0: number, travel: number): string {
  const u = `mod(t,${period})`;
  const move = (period * 2) / 7.5;
  const back = (period * 3.5) / 7.5;
  return `if(lt(${u},${move}),${x0}+${travel}*${u}/${move},if(lt(${u},${back}),${x0 + travel},if(lt(${u},${back + move}),${x0 + travel}-${travel}*(${u}-${back})/${move},${x0})))`;
}

/** Gain flicker on the luma: lum * (1 + expr). */
const flicker = (expr: string) => `format=yuv420p,geq=lum='lum(X,Y)*(1+${expr})':cb='cb(X,Y)':cr='cr(X,Y)'`;

/** A person walking across close to the camera: a dark, full-height figure crossing in the given windows. */
function crossings(windows: [number, number, 'ltr' | 'rtl'][], width = 320, figure = 80): string {
  return windows.reduceRight(
    (otherwise, [from, to, way]) => {
      const f = `(t-${from})/${to - from}`;
      const x = way === 'ltr' ? `-${figure}+${width + figure}*${f}` : `${width}-${width + figure}*${f}`;
      return `if(between(t,${from},${to}),${x},${otherwise})`;
    },
    `-${figure * 2}`,
  );
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'perception-footage-'));
  const bg = path.join(dir, 'wall.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=gray:s=400x260:d=1', '-vf', TEXTURE, '-frames:v', '1', bg]);
  const wall = (seconds: number, fps = 10) => ['-loop', '1', '-framerate', String(fps), '-t', String(seconds), '-i', bg];
  const box = (seconds: number, size = 40, fps = 10) => ['-f', 'lavfi', '-i', `color=c=orange:s=${size}x${size}:r=${fps}:d=${seconds}`];
  const person = (seconds: number) => ['-f', 'lavfi', '-i', `color=c=0x2a2420:s=80x180:r=10:d=${seconds}`];

  const made = await Promise.all([
    // an empty cell under fluorescent light: about 6 % gain flicker, sensor noise, nothing moves
    makeVideo(path.join(dir, 'flicker-empty.mp4'), [
      ...wall(20),
      '-vf', `crop=320:180:40:40,${flicker('0.045*sin(2*PI*T/1.9)+0.02*sin(2*PI*T/0.53)')},noise=alls=2:allf=t`,
    ]),
    // a real 7.5 s cycle under 3 % flicker
    makeVideo(path.join(dir, 'flicker-cycle.mp4'), [
      ...wall(30), ...box(30),
      '-filter_complex', `[0:v]crop=320:180:40:40[w];[w][1:v]overlay=x='${partX(7.5, 40, 200)}':y=70:shortest=1,${flicker('0.03*sin(2*PI*T/2.3)')}`,
    ]),
    // an idle cell filmed handheld: the picture sways by about 6 px, nothing in it moves
    makeVideo(path.join(dir, 'sway-idle.mp4'), [
      ...wall(20),
      '-vf', "crop=320:180:x='40+4*sin(2*PI*t/1.3)+2*sin(2*PI*t/0.45)':y='40+3*sin(2*PI*t/1.7)',noise=alls=2:allf=t",
    ]),
    // a 7.5 s cycle filmed handheld: the part moves on the wall and the whole picture sways by about 6 px
    makeVideo(path.join(dir, 'sway-cycle.mp4'), [
      ...wall(30), ...box(30),
      '-filter_complex', `[0:v][1:v]overlay=x='${partX(7.5, 80, 200)}':y=110:shortest=1,crop=320:180:x='40+4*sin(2*PI*t/1.3)+2*sin(2*PI*t/0.45)':y='40+3*sin(2*PI*t/1.7)',noise=alls=2:allf=t`,
    ]),
    // a 7.5 s robot cycle in the lower right; two people walk past close to the camera at irregular times
    makeVideo(path.join(dir, 'people.mp4'), [
      ...wall(30), ...box(30, 30), ...person(30), ...person(30),
      '-filter_complex', [
        `[0:v]crop=320:180:40:40[w]`,
        `[w][1:v]overlay=x='${partX(7.5, 190, 95)}':y=125:shortest=1[r]`,
        `[r][2:v]overlay=x='${crossings([[1, 4.5, 'ltr'], [12, 15, 'rtl'], [26, 29, 'ltr']])}':y=0:shortest=1[p]`,
        `[p][3:v]overlay=x='${crossings([[5.5, 8.5, 'rtl'], [16.5, 20.5, 'ltr']])}':y=0:shortest=1`,
      ].join(';'),
    ]),
    // exactly two 6 s cycles
    makeVideo(path.join(dir, 'two-cycles.mp4'), [
      ...wall(12), ...box(12),
      '-filter_complex', `[0:v]crop=320:180:40:40[w];[w][1:v]overlay=x='${partX(6, 40, 200)}':y=70:shortest=1`,
    ]),
    // machine tending: a 3-minute cycle (three moves, then the machine runs) in a 7-minute clip, 128x72 at 5 fps
    makeVideo(path.join(dir, 'long-cycle.mp4'), [
      ...wall(420, 5), ...box(420, 14, 5),
      '-filter_complex', [
        '[0:v]crop=128:72:40:40[w]',
        "[w][1:v]overlay=x='if(lt(mod(t,180),12),8+92*mod(t,180)/12,if(lt(mod(t,180),120),100,if(lt(mod(t,180),132),100-92*(mod(t,180)-120)/12,8)))'" +
          ":y='if(lt(mod(t,180),60),14,if(lt(mod(t,180),66),14+34*(mod(t,180)-60)/6,if(lt(mod(t,180),120),48,if(lt(mod(t,180),132),48-34*(mod(t,180)-120)/12,14))))':shortest=1",
      ].join(';'),
    ]),
    // a 12 s phone-style MP4 (index at the front) with a moving part, to be cut in half
    makeVideo(path.join(dir, 'faststart.mp4'), [
      ...wall(12), ...box(12),
      '-filter_complex', `[0:v]crop=320:180:40:40[w];[w][1:v]overlay=x='${partX(4, 40, 200)}':y=70:shortest=1`,
      '-movflags', '+faststart',
    ]),
  ]);
  for (const file of made) clips.set(path.basename(file, '.mp4'), await readFile(file));
  env = await createTestEnv();
}, 120_000);

afterAll(async () => {
  await env?.cleanup();
  await rm(dir, { recursive: true, force: true });
});

async function analyse(name: string, body: Buffer = defined(clips.get(name)), extra: Record<string, unknown> = {}, key = `footage/${name}.mp4`): Promise<Stage1Output> {
  await env.storage.putObject('uploads', key, body);
  const res = await request(env.app)
    .post('/stage1')
    .send({ job_id: key.replace(/[^A-Za-z0-9]/g, '-'), project_id: 'proj-f', user_id: 'u', bucket_name: 'uploads', object_key: key, result_bucket: 'results', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(stage1ResultsSchema.safeParse(res.body).success).toBe(true);
  return res.body as Stage1Output;
}

const within = (actual: number | null | undefined, truth: number, tolerance: number) => {
  expect(actual, `expected about ${truth}`).not.toBeNull();
  expect(Math.abs(defined(actual) - truth) / truth, `${actual} vs ${truth}`).toBeLessThan(tolerance);
};

describe('stage 1 on footage with lighting flicker', () => {
  it('sees no motion and no cycle in an empty cell under 6 % flicker, and says the lighting is unstable', async () => {
    const r = await analyse('flicker-empty');
    expect(r.extracted_activities.map((a) => a.motion_level)).toEqual(['low']);
    expect(r.extracted_activities.every((a) => a.cycle_time_s === null)).toBe(true);
    expect(r.cycle_time_s).toBeNull();
    expect(r.video.cycle).toBeNull();
    const warning = defined(r.warnings.find((w) => /lighting unstable/i.test(w)));
    expect(warning).toMatch(/±\d+(\.\d)? %/);
    const measured = Number(defined(/±(\d+(?:\.\d)?) %/.exec(warning))[1]);
    expect(measured).toBeGreaterThanOrEqual(4);
    expect(measured).toBeLessThanOrEqual(9);
    expect(r.video.lighting_variation_pct).toBe(measured);
  });

  it('measures a 7.5 s cycle under 3 % flicker within 5 %, with its start times and spread', async () => {
    const r = await analyse('flicker-cycle');
    within(r.cycle_time_s, 7.5, 0.05);
    const cycle = defined(r.video.cycle);
    within(cycle.period_s, 7.5, 0.05);
    expect(cycle.confidence).toBeGreaterThanOrEqual(0.5);
    expect(cycle.cycle_count).toBeGreaterThanOrEqual(3);
    expect(cycle.cycle_count).toBeLessThanOrEqual(4);
    // consecutive starts one period apart
    expect(cycle.starts_s.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < cycle.starts_s.length; i++) within(defined(cycle.starts_s[i]) - defined(cycle.starts_s[i - 1]), 7.5, 0.05);
    const d = defined(cycle.durations_s);
    expect(d.min).toBeLessThanOrEqual(d.median);
    expect(d.median).toBeLessThanOrEqual(d.max);
    within(d.median, 7.5, 0.05);
    expect(d.max - d.min).toBeLessThan(0.6);
  });
});

describe('stage 1 on a handheld camera', () => {
  it('invents no activity and no cycle in an idle cell filmed with about 6 px sway, and says the camera moved', async () => {
    const r = await analyse('sway-idle');
    expect(r.extracted_activities.map((a) => a.motion_level)).toEqual(['low']);
    expect(r.cycle_time_s).toBeNull();
    expect(r.video.cycle).toBeNull();
    const warning = defined(r.warnings.find((w) => /camera mov/i.test(w)));
    const px = Number(defined(/(\d+(?:\.\d)?) px/.exec(warning))[1]);
    // measured in the video's own pixels: the sway spans about 12 px peak to peak, 6 px either way
    expect(px).toBeGreaterThanOrEqual(4);
    expect(px).toBeLessThanOrEqual(16);
    expect(r.video.camera_shift_px).toBe(px);
  });
});

describe('stage 1 on a handheld camera over a working cell', () => {
  it('aligns the frames before differencing: the 7.5 s cycle within 5 %, and the camera warning with its size', async () => {
    const r = await analyse('sway-cycle');
    within(r.cycle_time_s, 7.5, 0.05);
    within(defined(r.video.cycle).period_s, 7.5, 0.05);
    const warning = defined(r.warnings.find((w) => /camera mov/i.test(w)));
    const px = Number(defined(/(\d+(?:\.\d)?) px/.exec(warning))[1]);
    expect(px).toBeGreaterThanOrEqual(4);
    expect(px).toBeLessThanOrEqual(16);
  });
});

describe('stage 1 with people walking by', () => {
  it('finds the 7.5 s robot cycle although people cross close to the camera', async () => {
    const r = await analyse('people');
    within(r.cycle_time_s, 7.5, 0.05);
    const cycle = defined(r.video.cycle);
    // the period comes from the places that repeat, not from the whole picture
    expect(cycle.regions_used).toBeGreaterThan(0);
    expect(cycle.regions_used).toBeLessThan(cycle.regions_total);
  });

  it('finds it within a region of interest given with the request, and echoes the region', async () => {
    const roi = { x: 0.55, y: 0.5, width: 0.45, height: 0.5 };
    const r = await analyse('people', undefined, { region_of_interest: roi }, 'footage/people-roi.mp4');
    within(r.cycle_time_s, 7.5, 0.05);
    expect(r.video.region_of_interest).toEqual(roi);
  });

  it('takes the region of interest from the ZIP manifest', async () => {
    const roi = { x: 0.55, y: 0.5, width: 0.45, height: 0.5 };
    const zip = buildZip([
      { name: 'cell.mp4', data: defined(clips.get('people')), method: 'store' },
      { name: 'manifest.json', data: JSON.stringify({ payloads: [], region_of_interest: roi }) },
    ]);
    const r = await analyse('people', zip, {}, 'footage/people-roi.zip');
    within(r.cycle_time_s, 7.5, 0.05);
    expect(r.video.region_of_interest).toEqual(roi);
  });
});

describe('stage 1 on few and long cycles', () => {
  it('reports exactly two 6 s cycles, with a confidence that says only two were seen', async () => {
    const r = await analyse('two-cycles');
    within(r.cycle_time_s, 6, 0.05);
    const cycle = defined(r.video.cycle);
    expect(cycle.cycle_count).toBe(2);
    expect(cycle.confidence).toBeGreaterThan(0);
    expect(cycle.confidence).toBeLessThan(0.8);
    expect(r.video.cycle_time_s).toBe(r.cycle_time_s);
  });

  it('finds a 3-minute machine-tending cycle in a 7-minute clip', async () => {
    const r = await analyse('long-cycle');
    expect(r.video.duration_s).toBeCloseTo(420, 0);
    within(r.cycle_time_s, 180, 0.05);
    const cycle = defined(r.video.cycle);
    expect(cycle.cycle_count).toBe(2);
    expect(cycle.starts_s.length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});

describe('stage 1 is honest about its input', () => {
  it('analyses a truncated MP4 only as far as it decodes, and says so', async () => {
    const whole = defined(clips.get('faststart'));
    const half = whole.subarray(0, Math.round(whole.length * 0.5));
    const r = await analyse('faststart', half, {}, 'footage/cut.mp4');
    expect(r.video.duration_s).toBeCloseTo(12, 0); // what the file declares
    expect(r.video.analyzed_s).toBeGreaterThan(3);
    expect(r.video.analyzed_s).toBeLessThan(9);
    const warning = defined(r.warnings.find((w) => /cut\.mp4/.test(w) && /decod/.test(w)));
    expect(warning).toContain(`${r.video.analyzed_s.toFixed(1)} s`);
    expect(warning).toContain('12.0 s');
    expect(Math.max(...r.extracted_activities.map((a) => a.end_s))).toBeCloseTo(r.video.analyzed_s, 1);
  });

  it('shows no server path in the error for an unreadable file', async () => {
    await env.storage.putObject('uploads', 'footage/garbage.mp4', Buffer.from('not a video at all\n'.repeat(50)));
    const res = await request(env.app)
      .post('/stage1')
      .send({ job_id: 'garbage', project_id: 'proj-f', user_id: 'u', bucket_name: 'uploads', object_key: 'footage/garbage.mp4', result_bucket: 'results' });
    expect(res.status).toBe(422);
    const body = errorBodySchema.parse(res.body);
    expect(body.code).toBe('VIDEO_UNREADABLE');
    expect(body.message).toMatch(/"garbage\.mp4"/);
    expect(body.message).not.toContain(env.root);
    expect(body.message).not.toMatch(/cellforge-stage1|\/tmp\/|\/upload\b/);
  });
});
