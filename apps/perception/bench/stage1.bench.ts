/**
 * Stage 1 speed on a 60 s 1280x720 30 fps camera-like H.264 video at 5 Mbit/s (sensor noise,
 * slight flicker, a part swinging every 4 s), against a bare ffmpeg decode of the same file
 * in the same run. Targets: stage 1 within 20 s on a 2-core machine and within 1.6 times the
 * bare decode (issue 16). Run: pnpm --filter @cellforge/perception bench
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { LocalFolderStorage } from '@cellforge/storage';
import { pino } from 'pino';
import request from 'supertest';
import { createPerceptionApp } from '../src/app';
import { defined } from '../src/checked';
import { FrameDiffer, MOTION_CELL_PX } from '../src/analysis/motion';
import type { ShiftMethod } from '../src/analysis/stabilise';
import { DEFAULT_CONFIG } from '../src/env';
import { resolveFfmpeg } from '../src/ffmpeg';
import { runProcess } from '../src/process';
import type { Stage1Output } from '../src/stage1/run-stage1';

const TARGET_S = 20;
const TARGET_RATIO = 1.6;
const RUNS = 2;
const print = (line = '') => process.stdout.write(`${line}\n`);

const tools = await resolveFfmpeg();
const encoders = (await runProcess(tools.ffmpeg, ['-hide_banner', '-encoders'])).stdout.toString();
const codec = /\blibx264\b/.test(encoders) ? 'libx264' : 'mpeg4';

const cacheDir = path.join(tmpdir(), 'cellforge-bench');
await mkdir(cacheDir, { recursive: true });
const video = path.join(cacheDir, `bench-60s-1280x720-30fps-camera-5M-${codec}.mp4`);

print(`ffmpeg: ${tools.ffmpeg} (${tools.source}); ${cpus().length} CPUs`);
if (codec !== 'libx264') print('NOTE: this ffmpeg has no libx264 encoder: the bench video is MPEG-4 part 2 instead of H.264.');
if (existsSync(video)) {
  print(`video: reusing ${video}`);
} else {
  print(`video: generating 60 s 1280x720 30 fps ${codec === 'libx264' ? 'H.264' : 'MPEG-4'} at 5 Mbit/s (a test pattern, sensor noise, 2 % flicker, a part swinging every 4 s)...`);
  const started = Date.now();
  const rate = ['-b:v', '5M', '-maxrate', '5M', '-bufsize', '10M'];
  const quality = codec === 'libx264' ? ['-preset', 'veryfast', ...rate] : rate;
  const made = await runProcess(tools.ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=60',
    '-f', 'lavfi', '-i', 'color=c=orange:s=160x160:r=30:d=60',
    '-filter_complex', "[0:v][1:v]overlay=x='560+400*sin(2*PI*t/4)':y=280:shortest=1,eq=brightness='0.02*sin(2*PI*t/1.7)':eval=frame,noise=alls=5:allf=t",
    '-c:v', codec, ...quality, '-pix_fmt', 'yuv420p', video,
  ]);
  if (made.code !== 0) throw new Error(`could not generate the bench video: ${made.stderrTail.join('\n')}`);
  print(`video: generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
print(`video: ${((await stat(video)).size / 1024 ** 2).toFixed(1)} MiB`);

async function timeDecode(): Promise<number> {
  const started = process.hrtime.bigint();
  const result = await runProcess(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', video, '-f', 'null', '-']);
  if (result.code !== 0) throw new Error(result.stderrTail.join('\n'));
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const root = await mkdtemp(path.join(tmpdir(), 'cellforge-bench-run-'));
const storage = new LocalFolderStorage(path.join(root, 'uploads'));
await storage.putObject('uploads', 'bench/video.mp4', await readFile(video));
const app = createPerceptionApp({ logger: pino({ level: 'silent' }), tools, storage, config: { ...DEFAULT_CONFIG, tmpDir: root } });
// the same stage 1 with the camera shift measured by block-voted projections (before session 10), timed in the same run
const projectionsApp = createPerceptionApp({ logger: pino({ level: 'silent' }), tools, storage, config: { ...DEFAULT_CONFIG, tmpDir: root, shiftMethod: 'projections' } });

async function timeStage1(run: number, on = app): Promise<{ seconds: number; results: Stage1Output }> {
  const started = process.hrtime.bigint();
  const res = await request(on)
    .post('/stage1')
    .send({ job_id: `bench-${run}`, project_id: 'bench', user_id: 'bench', bucket_name: 'uploads', object_key: 'bench/video.mp4', result_bucket: 'results' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (res.status !== 200) throw new Error(`stage 1 failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { seconds, results: res.body as Stage1Output };
}

try {
  const decodes: number[] = [];
  const stage1s: number[] = [];
  const projections: number[] = [];
  let last: Stage1Output | undefined;
  for (let run = 1; run <= RUNS; run++) {
    const decode = await timeDecode();
    decodes.push(decode);
    const { seconds, results } = await timeStage1(run);
    stage1s.push(seconds);
    last = results;
    const before = await timeStage1(run + 100, projectionsApp);
    projections.push(before.seconds);
    print(`run ${run}: bare decode ${decode.toFixed(2)} s, stage 1 ${seconds.toFixed(2)} s, stage 1 with projections ${before.seconds.toFixed(2)} s`);
  }
  const decode = Math.min(...decodes);
  const stage1 = Math.min(...stage1s);
  print();
  print(`bare decode (ffmpeg -i file -f null -): ${decode.toFixed(2)} s (best of ${RUNS})`);
  print(`stage 1 (fetch, probe, motion + scenes + key frames, segments, cycle, save): ${stage1.toFixed(2)} s (best of ${RUNS})`);
  print(`ratio stage 1 / decode: ${(stage1 / decode).toFixed(2)}`);
  print(`stage 1 with block-voted projections instead of phase correlation: ${Math.min(...projections).toFixed(2)} s (best of ${RUNS}), ratio ${(Math.min(...projections) / decode).toFixed(2)}`);
  const result = defined(last, 'the results of the last run');
  print(`result: ${result.extracted_activities.length} activities, cycle ${result.cycle_time_s ?? 'none'} s, processing_s ${result.processing_s}, warnings ${JSON.stringify(result.warnings)}`);
  // the Node side alone, per camera-shift method: the bench video decoded once to the 160x90 grey frames stage 1 measures
  const chunks: Buffer[] = [];
  const grey = await runProcess(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', video, '-vf', 'fps=10,scale=160:90:flags=area,format=gray', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {
    onStdout: (chunk) => chunks.push(chunk),
  });
  if (grey.code !== 0) throw new Error(grey.stderrTail.join('\n'));
  const frames = Buffer.concat(chunks);
  for (const method of ['phase', 'projections'] satisfies ShiftMethod[]) {
    const differ = new FrameDiffer(160, 90, MOTION_CELL_PX, method);
    const started = process.hrtime.bigint();
    let count = 0;
    for (let o = 0; o + 14_400 <= frames.length; o += 14_400, count++) differ.push(frames.subarray(o, o + 14_400));
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    print(`frame differences with ${method === 'phase' ? 'phase correlation' : 'block-voted projections'}: ${(ms / count).toFixed(2)} ms a frame (${count} frames, ${(ms / 1000).toFixed(2)} s)`);
  }
  print(`load average: ${(await readFile('/proc/loadavg', 'utf8').catch(() => 'n/a')).trim()}`);
  print(stage1 <= TARGET_S ? `OK: stage 1 within the ${TARGET_S} s target` : `TARGET MISSED: stage 1 took more than ${TARGET_S} s`);
  print(stage1 / decode <= TARGET_RATIO ? `OK: within ${TARGET_RATIO} times the bare decode` : `TARGET MISSED: more than ${TARGET_RATIO} times the bare decode`);
} finally {
  await rm(root, { recursive: true, force: true });
}
