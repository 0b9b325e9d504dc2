import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorBodySchema, stage1ResultsSchema } from '@cellforge/contracts';
import { LocalFolderStorage } from '@cellforge/storage';
import { buildZip } from '@cellforge/storage/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stage1Output } from './stage1/run-stage1';
import { createTestEnv, makeVideo, type TestEnv } from './test/helpers';
import { defined, nth } from './test/defined';

let videos: string;
let env: TestEnv;
const clip: Record<'segments' | 'periodic' | 'motionStart', Buffer> = {} as never;

beforeAll(async () => {
  videos = await mkdtemp(path.join(tmpdir(), 'perception-videos-'));
  const size = 's=320x240:r=25';
  // 3 s solid red, 4 s testsrc, 3 s Game of Life: shot changes at 3.0 s and 7.0 s
  const segments = makeVideo(path.join(videos, 'segments.mp4'), [
    '-f', 'lavfi', '-i', `color=c=red:${size}:d=3`,
    '-f', 'lavfi', '-i', `testsrc=${size}:d=4`,
    '-f', 'lavfi', '-i', `life=${size}:mold=10:ratio=0.5:death_color=#203040:life_color=#e0e0a0`,
    '-filter_complex', '[2:v]trim=duration=3,setpts=PTS-STARTPTS,format=yuv420p[l];[0:v]format=yuv420p[a];[1:v]format=yuv420p[b];[a][b][l]concat=n=3:v=1:a=0',
  ]);
  // an orange box swinging left and right with a period of exactly 2.0 s, for 12 s
  const periodic = makeVideo(path.join(videos, 'periodic.mp4'), [
    '-f', 'lavfi', '-i', `color=c=gray:${size}:d=12`,
    '-f', 'lavfi', '-i', 'color=c=orange:s=60x60:r=25:d=12',
    '-filter_complex', "[0:v][1:v]overlay=x='130+100*sin(2*PI*t/2.0)':y=90:shortest=1",
  ]);
  // still for 4 s, then the box starts moving: a boundary without any shot change
  const motionStart = makeVideo(path.join(videos, 'motion-start.mp4'), [
    '-f', 'lavfi', '-i', `color=c=gray:${size}:d=10`,
    '-f', 'lavfi', '-i', 'color=c=orange:s=60x60:r=25:d=10',
    '-filter_complex', "[0:v][1:v]overlay=x='if(lt(t,4),130,130+100*sin(2*PI*(t-4)/1.5))':y=90:shortest=1",
  ]);
  const [a, b, c] = await Promise.all([segments, periodic, motionStart]);
  clip.segments = await readFile(a);
  clip.periodic = await readFile(b);
  clip.motionStart = await readFile(c);
  env = await createTestEnv();
}, 60_000);

afterAll(async () => {
  await env?.cleanup();
  await rm(videos, { recursive: true, force: true });
});

function stage1Body(objectKey: string, overrides: Record<string, unknown> = {}) {
  const job = objectKey.replace(/[^A-Za-z0-9]/g, '-');
  return { job_id: job, project_id: 'proj-1', user_id: 'user-1', bucket_name: 'uploads', object_key: objectKey, result_bucket: 'results', ...overrides };
}

async function upload(key: string, body: Buffer, storage: LocalFolderStorage = env.storage) {
  await storage.putObject('uploads', key, body);
  return key;
}

function runStage1(key: string, app = env.app, overrides: Record<string, unknown> = {}) {
  return request(app).post('/stage1').send(stage1Body(key, overrides));
}

describe('POST /stage1 on real videos', () => {
  it('finds the activities of a video made of three shots, boundaries within 0.5 s', async () => {
    await upload('videos/segments.mp4', clip.segments);
    const res = await runStage1('videos/segments.mp4').expect(200);
    const results = res.body as Stage1Output;
    expect(stage1ResultsSchema.safeParse(results).success).toBe(true);

    const activities = results.extracted_activities;
    expect(activities).toHaveLength(3);
    expect(Math.abs(nth(activities, 0).end_s - 3)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(nth(activities, 1).start_s - 3)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(nth(activities, 1).end_s - 7)).toBeLessThanOrEqual(0.5);
    expect(nth(activities, 2).end_s).toBeCloseTo(10, 1);
    expect(activities.map((a) => a.motion_level)).toEqual(['low', 'medium', 'high']);
    expect(nth(activities, 0).activity_name).toBe('Activity 1, 0:00-0:03, low motion');
    expect(nth(activities, 2).activity_name).toBe('Activity 3, 0:07-0:10, high motion');
    expect(nth(activities, 0).description).toMatch(/^0:00-0:03 \(3\.0 s\)\. Motion low/);
    expect(activities.map((a) => a.duration_s)).toEqual(activities.map((a) => Number((a.end_s - a.start_s).toFixed(2))));

    // one JPEG key frame per activity, in the result bucket
    const job = 'videos-segments-mp4';
    expect(activities.map((a) => a.key_frame)).toEqual([1, 2, 3].map((n) => `proj-1/${job}/frames/${n}.jpg`));
    for (const a of activities) {
      const jpeg = await env.storage.getObjectBuffer('results', defined(a.key_frame));
      expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }

    expect(results.video).toMatchObject({ name: 'segments.mp4', duration_s: 10, fps: 25, width: 320, height: 240, codec: 'h264', scene_changes: 2, activities: 3 });
    expect(results.extracted_payloads).toEqual([]);
    expect(results.analyzed_at).toBe('2025-01-02T03:04:05.000Z');
    // saved as stage1.json, identical to the answer
    expect(JSON.parse((await env.storage.getObjectBuffer('results', `proj-1/${job}/stage1.json`)).toString())).toEqual(results);
  });

  it('measures the cycle of a back-and-forth motion with a 2.0 s period within 5 %', async () => {
    await upload('videos/periodic.mp4', clip.periodic);
    const results = (await runStage1('videos/periodic.mp4').expect(200)).body as Stage1Output;
    expect(results.extracted_activities).toHaveLength(1);
    const [activity] = results.extracted_activities;
    expect(Math.abs(defined(defined(activity).cycle_time_s) - 2) / 2).toBeLessThan(0.05);
    expect(Math.abs(defined(results.cycle_time_s) - 2) / 2).toBeLessThan(0.05);
    expect(defined(activity).cycle_count).toBe(6);
    expect(defined(activity).motion_level).toBe('medium');
    expect(defined(activity).description).toContain('Repeats every 2.0 s (6 cycles).');
  });

  it('starts a new activity where motion starts, without any shot change', async () => {
    await upload('videos/motion-start.mp4', clip.motionStart);
    const results = (await runStage1('videos/motion-start.mp4').expect(200)).body as Stage1Output;
    expect(results.extracted_activities.map((a) => a.motion_level)).toEqual(['low', 'medium']);
    expect(Math.abs(nth(results.extracted_activities, 0).end_s - 4)).toBeLessThanOrEqual(0.5);
    expect(results.video.scene_changes).toBe(0);
    expect(Math.abs(defined(nth(results.extracted_activities, 1).cycle_time_s) - 1.5) / 1.5).toBeLessThan(0.05);
  });

  it('merges the manifest of a ZIP (video + manifest.json) into the results', async () => {
    const manifest = {
      payloads: [{ name: 'Gearbox housing', weight_kg: 10, dimensions_mm: [300, 200, 150] }],
      workstations: [{ name: 'Assembly bench', dimensions_mm: [1200, 800, 900], station_id: 'B-2' }],
      notes: 'Filmed on line 2',
    };
    const zip = buildZip([
      { name: 'line2/', data: undefined },
      { name: 'line2/cell.mp4', data: clip.periodic, method: 'store' },
      { name: 'manifest.json', data: JSON.stringify(manifest) },
      { name: '__MACOSX/line2/._cell.mp4', data: 'resource fork' },
    ]);
    await upload('zips/job.zip', zip);
    const results = (await runStage1('zips/job.zip').expect(200)).body as Stage1Output;
    expect(results.extracted_payloads).toEqual(manifest.payloads);
    expect(results.extracted_workstations).toEqual(manifest.workstations);
    expect(results.notes).toBe('Filmed on line 2');
    expect(results.video.name).toBe('line2/cell.mp4');
    expect(nth(results.extracted_activities, 0).video).toBe('line2/cell.mp4');
    expect(Math.abs(defined(results.cycle_time_s) - 2) / 2).toBeLessThan(0.05);
  });

  it('analyses every video of a ZIP, numbering activities across them', async () => {
    const zip = buildZip([
      { name: 'a.mp4', data: clip.periodic, method: 'store' },
      { name: 'b.MOV', data: clip.segments, method: 'store' },
      { name: 'manifest.yaml', data: 'payloads: []' },
    ]);
    await upload('zips/two.zip', zip);
    const results = (await runStage1('zips/two.zip').expect(200)).body as Stage1Output;
    expect(results.videos.map((v) => [v.name, v.activities])).toEqual([
      ['a.mp4', 1],
      ['b.MOV', 3],
    ]);
    expect(results.extracted_activities.map((a) => a.activity_name.split(',')[0])).toEqual(['Activity 1', 'Activity 2', 'Activity 3', 'Activity 4']);
    expect(nth(results.extracted_activities, 1).description).toMatch(/^b\.MOV, 0:00-0:03/);
    expect(results.warnings).toEqual(['manifest.yaml was ignored: write the manifest as manifest.json (JSON).']);
  });

  it('clears an old confirmation and stage 2 when stage 1 runs again', async () => {
    await upload('videos/rerun.mp4', clip.periodic);
    await runStage1('videos/rerun.mp4').expect(200);
    const job = 'videos-rerun-mp4';
    await request(env.app).post('/confirm').send({ job_id: job, project_id: 'proj-1', user_id: 'user-1', confirmed: true }).expect(200);
    expect(await env.storage.objectExists('results', `proj-1/${job}/confirmation.json`)).toBe(true);
    await runStage1('videos/rerun.mp4').expect(200);
    expect(await env.storage.objectExists('results', `proj-1/${job}/confirmation.json`)).toBe(false);
  });
});

describe('POST /stage1 refuses bad input with a clear error', () => {
  async function expectError(res: request.Response, status: number, code: string, message: RegExp) {
    expect(res.status).toBe(status);
    const body = errorBodySchema.parse(res.body);
    expect(body.code).toBe(code);
    expect(body.message).toMatch(message);
    expect(body.error).toBe(body.message);
    return body;
  }

  it('404 OBJECT_NOT_FOUND for a missing upload', async () => {
    await expectError(await runStage1('videos/never-uploaded.mp4'), 404, 'OBJECT_NOT_FOUND', /No uploaded file at uploads\/videos\/never-uploaded\.mp4/);
  });

  it('422 VIDEO_UNREADABLE for a file that is not a video', async () => {
    await upload('videos/notes.mp4', Buffer.from('These are meeting notes, not a video.\n'.repeat(20)));
    await expectError(await runStage1('videos/notes.mp4'), 422, 'VIDEO_UNREADABLE', /"notes\.mp4" is not a readable video/);
  });

  it('422 VIDEO_UNREADABLE for a truncated video', async () => {
    await upload('videos/truncated.mp4', clip.periodic.subarray(0, 2000));
    await expectError(await runStage1('videos/truncated.mp4'), 422, 'VIDEO_UNREADABLE', /truncated\.mp4/);
  });

  it('422 ZIP_BOMB for a ZIP bomb', async () => {
    await upload('zips/bomb.zip', buildZip([{ name: 'zeros.mp4', data: Buffer.alloc(30 * 1024 * 1024) }]));
    await expectError(await runStage1('zips/bomb.zip'), 422, 'ZIP_BOMB', /ZIP bomb/);
  });

  it('422 ZIP_PATH_TRAVERSAL for an entry climbing out of the folder, and nothing escapes', async () => {
    await upload('zips/traversal.zip', buildZip([{ name: 'clip.mp4', data: clip.periodic, method: 'store' }, { name: '../../escaped.txt', data: 'x' }]));
    await expectError(await runStage1('zips/traversal.zip'), 422, 'ZIP_PATH_TRAVERSAL', /unsafe path|climbs out/);
    expect(existsSync(path.join(env.root, 'escaped.txt'))).toBe(false);
  });

  it('leaves no temporary files behind, after successes and failures alike', async () => {
    expect((await readdir(env.root)).filter((f) => f.startsWith('cellforge-stage1-'))).toEqual([]);
  });

  it('422 NO_VIDEO_FOUND for a ZIP without videos', async () => {
    await upload('zips/docs.zip', buildZip([{ name: 'readme.txt', data: 'hello' }]));
    await expectError(await runStage1('zips/docs.zip'), 422, 'NO_VIDEO_FOUND', /holds no video/);
  });

  it('422 MANIFEST_INVALID with field details for a wrong manifest', async () => {
    await upload('zips/bad-manifest.zip', buildZip([{ name: 'clip.mp4', data: clip.periodic, method: 'store' }, { name: 'manifest.json', data: '{"payloads":[{"name":"Box","weight_kg":"heavy"}]}' }]));
    const body = await expectError(await runStage1('zips/bad-manifest.zip'), 422, 'MANIFEST_INVALID', /manifest\.json does not match/);
    expect(Object.keys(defined(body.details))).toEqual(['payloads.0.weight_kg']);
  });

  it('400 VALIDATION_FAILED with details for a body that breaks the contract or unsafe ids', async () => {
    let body = await expectError(await request(env.app).post('/stage1').send({ job_id: 'j' }), 400, 'VALIDATION_FAILED', /invalid/);
    expect(Object.keys(defined(body.details)).sort()).toEqual(['bucket_name', 'object_key', 'project_id', 'result_bucket', 'user_id']);
    body = await expectError(await runStage1('videos/x.mp4', env.app, { job_id: '../../etc' }), 400, 'VALIDATION_FAILED', /invalid/);
    expect(Object.keys(defined(body.details))).toEqual(['job_id']);
    body = await expectError(await runStage1('../secrets.mp4', env.app, { job_id: 'job-secrets' }), 400, 'VALIDATION_FAILED', /Invalid object key/);
    expect(Object.keys(defined(body.details))).toEqual(['object_key']);
    await expectError(await runStage1('videos/x.mp4', env.app, { bucket_name: 'Not_A_Bucket' }), 400, 'VALIDATION_FAILED', /Invalid bucket name/);
    await expectError(await request(env.app).post('/stage1').set('content-type', 'application/json').send('{"job_id":'), 400, 'INVALID_JSON', /not valid JSON/);
  });

  it('504 ANALYSIS_TIMEOUT when the job passes its deadline', async () => {
    const slow = new LocalFolderStorage(path.join(env.root, 'uploads'));
    const headObject = slow.headObject.bind(slow);
    slow.headObject = async (bucket, key) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return headObject(bucket, key);
    };
    const timed = await createTestEnv({ storage: slow }, { jobTimeoutMs: 100 });
    try {
      await upload('videos/slow.mp4', clip.periodic);
      await expectError(await runStage1('videos/slow.mp4', timed.app), 504, 'ANALYSIS_TIMEOUT', /longer than 0 s|was stopped/);
    } finally {
      await timed.cleanup();
    }
  });
});

describe('POST /stage1 with a vision model configured', () => {
  async function startFakeModel(answer: (body: { model: string; messages: { content: unknown }[] }) => { status: number; json: unknown }) {
    const seen: { auth?: string; body: { model: string; messages: { content: unknown }[] } }[] = [];
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString());
      seen.push({ auth: req.headers.authorization, body });
      const { status, json } = answer(body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/v1`, seen, close: () => new Promise((r) => server.close(r)) };
  }

  it('names activities from their key frames', async () => {
    const model = await startFakeModel(() => ({
      status: 200,
      json: { choices: [{ message: { role: 'assistant', content: '```json\n{"label": "Swinging orange part", "description": "An orange box moves side to side."}\n```' } }] },
    }));
    const vision = await createTestEnv({}, { vision: { baseUrl: model.url, apiKey: 'test-key', model: 'fake-vision-1', timeoutMs: 5000 } });
    try {
      await upload('videos/periodic.mp4', clip.periodic, vision.storage);
      const results = (await runStage1('videos/periodic.mp4', vision.app).expect(200)).body as Stage1Output;
      const [activity] = results.extracted_activities;
      expect(defined(activity).activity_name).toBe('Swinging orange part (0:00-0:12, medium motion)');
      expect(defined(activity).description).toMatch(/^An orange box moves side to side\. \(Named by fake-vision-1 from one key frame\.\) 0:00-0:12/);
      expect(defined(activity).labelled_by).toBe('fake-vision-1');
      expect(model.seen).toHaveLength(1);
      expect(nth(model.seen, 0).auth).toBe('Bearer test-key');
      expect(nth(model.seen, 0).body.model).toBe('fake-vision-1');
      expect(JSON.stringify(nth(nth(model.seen, 0).body.messages, 1).content)).toContain('data:image/jpeg;base64,/9j/');
    } finally {
      await vision.cleanup();
      await model.close();
    }
  });

  it('keeps the measured names when the model fails', async () => {
    const model = await startFakeModel(() => ({ status: 500, json: { error: 'overloaded' } }));
    const vision = await createTestEnv({}, { vision: { baseUrl: model.url, apiKey: 'k', model: 'fake-vision-1', timeoutMs: 5000 } });
    try {
      await upload('videos/segments.mp4', clip.segments, vision.storage);
      const results = (await runStage1('videos/segments.mp4', vision.app).expect(200)).body as Stage1Output;
      expect(results.extracted_activities.map((a) => a.activity_name)).toEqual([
        'Activity 1, 0:00-0:03, low motion',
        'Activity 2, 0:03-0:07, medium motion',
        'Activity 3, 0:07-0:10, high motion',
      ]);
      expect(results.extracted_activities.every((a) => a.labelled_by === null)).toBe(true);
      expect(results.warnings[0]).toMatch(/could not name 3 of 3 key frames \(the model endpoint answered 500\)/);
    } finally {
      await vision.cleanup();
      await model.close();
    }
  });
});
