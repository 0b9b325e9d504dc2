import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { errorBodySchema, stage2ResultsSchema } from '@cellforge/contracts';
import { analysisJobs } from '@cellforge/db';
import { LocalFolderStorage } from '@cellforge/storage';
import { buildZip } from '@cellforge/storage/testing';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { failInterruptedJobs } from './analysis.repository';
import { createPerceptionClient } from './perception-client';
import { checkAnswer } from '../../test/answer-check';

/** The first bytes of a real MP4: an ftyp box (isom brand) followed by an mdat box. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('mdat'),
]);

const stage1 = {
  project_id: 'p',
  extracted_activities: [{ activity_name: 'Activity 1, 0:00-0:12, high motion', description: '0:00-0:12', start_s: 0, end_s: 12, duration_s: 12 }],
  extracted_payloads: [{ name: 'Gearbox', weight_kg: 10, dimensions_mm: [300, 200, 150] }],
  extracted_workstations: [{ name: 'Bench', dimensions_mm: [1200, 800, 900] }],
};
const stage2 = {
  stage2_summary: { total_tasks_identified: 1, total_configurations_generated: 2, viable_configurations: 1, deployment_locations_analyzed: 1 },
  task_configurations: [
    {
      task_name: 'Activity 1',
      robot_configurations: [
        { robot_model: 'M-20iD/25', manufacturer: 'FANUC', payload_kg: 25, reach_mm: 1831, is_viable: true, reason: 'fits' },
        { robot_model: 'LR Mate 200iD', manufacturer: 'FANUC', payload_kg: 7, reach_mm: 717, is_viable: false, reason: 'payload' },
      ],
    },
  ],
};

/** A stand-in perception service recording what the API sends it. */
interface FakePerception {
  url: string;
  calls: Array<{ path: string; body: Record<string, unknown> }>;
  mode: 'ok' | 'error422' | 'slow';
  server: Server;
}

async function startFakePerception(): Promise<FakePerception> {
  const fake: FakePerception = { url: '', calls: [], mode: 'ok', server: undefined as unknown as Server };
  const readBody = (req: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data ? JSON.parse(data) : {}));
    });
  fake.server = createServer(async (req, res) => {
    const body = await readBody(req);
    fake.calls.push({ path: req.url ?? '', body });
    res.setHeader('content-type', 'application/json');
    if (fake.mode === 'slow') {
      setTimeout(() => res.end('{}'), 2000);
      return;
    }
    if (fake.mode === 'error422') {
      res.statusCode = 422;
      res.end(JSON.stringify({ message: 'The video could not be read', error: 'The video could not be read', code: 'VIDEO_UNREADABLE' }));
      return;
    }
    if (req.url === '/stage1') res.end(JSON.stringify({ ...stage1, project_id: body.project_id }));
    else if (req.url === '/confirm') {
      res.end(JSON.stringify({ success: true, job_id: body.job_id, confirmed: body.confirmed, confirmed_data: body.confirmed ? { ...stage1, ...(body.updated_data as object) } : null, confirmed_at: '2026-01-02T03:04:05.000Z' }));
    } else if (req.url === '/stage2') res.end(JSON.stringify(stage2));
    else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

describe.each(testBackends)('video analysis API on %s', (backend) => {
  let fake: FakePerception;
  const uploads = mkdtempSync(path.join(tmpdir(), 'cf-uploads-'));
  const storage = new LocalFolderStorage(uploads);
  beforeAll(async () => {
    fake = await startFakePerception();
  });
  afterAll(() => new Promise<void>((r) => fake.server.close(() => r())));

  const ctx = useTestApp(backend, { videoUploadMaxBytes: 64 * 1024, perceptionTimeoutMs: 500 }, {});

  /** The app under test talks to the fake perception service and a temp upload folder. */
  async function app() {
    const { createApp } = await import('../../app');
    const { createLogger } = await import('../../lib/logger');
    return createApp({
      db: ctx().handle.db,
      dbKind: ctx().handle.kind,
      config: ctx().config,
      logger: createLogger('silent'),
      onAnswer: checkAnswer,
      storage,
      perception: createPerceptionClient(fake.url, ctx().config.perceptionTimeoutMs),
    });
  }

  async function integratorWithProject(a: Awaited<ReturnType<typeof app>>) {
    const { token, user } = await registerUser(a, { user_type: 'integrator' });
    const created = await request(a).post('/projects').set(bearer(token)).send({ project_name: 'Cell 7 gearbox line' }).expect(201);
    return { token, user, projectId: created.body.data.id as string };
  }

  function uploadMp4(a: Awaited<ReturnType<typeof app>>, token: string, projectId: string, jobId?: string) {
    const req = request(a).post('/api/integrator/upload-video').set(bearer(token)).field('project_id', projectId);
    if (jobId) req.field('job_id', jobId);
    return req.attach('file', mp4, 'cell7.mp4');
  }

  it('stores an MP4 and records the job; answers data.object_key', async () => {
    fake.mode = 'ok';
    const a = await app();
    const { token, user, projectId } = await integratorWithProject(a);
    const res = await uploadMp4(a, token, projectId, 'job-cell7').expect(201);
    expect(res.body).toEqual({
      success: true,
      data: { object_key: `${user.id}/${projectId}/job-cell7/cell7.mp4`, bucket_name: 'customer-videos', job_id: 'job-cell7' },
    });
    expect(await storage.objectExists('customer-videos', res.body.data.object_key)).toBe(true);
    const [job] = await ctx().handle.db.select().from(analysisJobs).where(eq(analysisJobs.id, 'job-cell7'));
    expect(job).toMatchObject({ status: 'uploaded', projectId, userId: user.id, fileName: 'cell7.mp4' });
  });

  it('refuses wrong names, wrong content, bad ZIPs and big files, storing nothing', async () => {
    const a = await app();
    const { token, projectId } = await integratorWithProject(a);
    const post = () => request(a).post('/api/integrator/upload-video').set(bearer(token)).field('project_id', projectId);

    const wrongName = await post().attach('file', mp4, 'cell.mov').expect(415);
    expect(errorBodySchema.parse(wrongName.body).message).toBe('Please upload a ZIP or MP4 file');
    const fakeMp4 = await post().attach('file', Buffer.from('just some text, not a video'), 'cell.mp4').expect(415);
    expect(fakeMp4.body.message).toBe('This file is named .mp4 but is not an MP4 video.');
    const notZip = await post().attach('file', mp4, 'cell.zip').expect(415);
    expect(notZip.body.message).toBe('This file is named .zip but is not a ZIP archive.');

    const bomb = buildZip([{ name: 'cell.mp4', data: Buffer.alloc(60_000), declaredSize: 60_000 }, { name: 'b.bin', data: Buffer.alloc(8), declaredSize: 3 * 1024 ** 3 }]);
    expect((await post().attach('file', bomb, 'bomb.zip')).body.code).toMatch(/^ZIP_(BOMB|TOO_LARGE)$/);
    const traversal = buildZip([{ name: '../../etc/cron.d/evil.mp4', data: 'x' }]);
    const trav = await post().attach('file', traversal, 'trav.zip').expect(422);
    expect(trav.body.code).toBe('ZIP_PATH_TRAVERSAL');
    const noVideo = await post().attach('file', buildZip([{ name: 'notes.txt', data: 'hello' }]), 'novideo.zip').expect(422);
    expect(noVideo.body.code).toBe('NO_VIDEO_FOUND');
    const big = await post().attach('file', Buffer.concat([mp4, Buffer.alloc(70 * 1024)]), 'big.mp4').expect(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    const missing = await request(a).post('/api/integrator/upload-video').set(bearer(token)).attach('file', mp4, 'a.mp4').expect(400);
    expect(missing.body.details.project_id).toBeDefined();

    expect(await ctx().handle.db.select().from(analysisJobs)).toHaveLength(0);
  });

  it('accepts a ZIP with a video and a manifest', async () => {
    const a = await app();
    const { token, projectId } = await integratorWithProject(a);
    const zip = buildZip([{ name: 'cell/line1.mp4', data: mp4, method: 'store' }, { name: 'manifest.json', data: '{"payloads":[]}' }]);
    const res = await request(a).post('/api/integrator/upload-video').set(bearer(token)).field('project_id', projectId).attach('file', zip, 'cell.zip').expect(201);
    expect(res.body.data.object_key).toMatch(/\/cell\.zip$/);
  });

  it('enforces roles and ownership (401, 403, 404)', async () => {
    const a = await app();
    const { token, projectId } = await integratorWithProject(a);
    const customer = await registerUser(a);
    const supplier = await registerUser(a, { user_type: 'supplier' });
    await request(a).post('/api/integrator/upload-video').field('project_id', projectId).attach('file', mp4, 'a.mp4').expect(401);
    await request(a).post('/api/integrator/upload-video').set(bearer(customer.token)).field('project_id', projectId).attach('file', mp4, 'a.mp4').expect(403);
    await request(a).get('/api/integrator/analysis').set(bearer(supplier.token)).expect(403);
    const other = await registerUser(a, { user_type: 'integrator' });
    await request(a).post('/api/integrator/upload-video').set(bearer(other.token)).field('project_id', projectId).attach('file', mp4, 'a.mp4').expect(404);
    const up = await uploadMp4(a, token, projectId).expect(201);
    await request(a).post(`/api/integrator/analysis/${up.body.data.job_id}/stage1`).set(bearer(other.token)).expect(404);
    await request(a).get(`/api/integrator/analysis/${up.body.data.job_id}`).set(bearer(other.token)).expect(404);
    await request(a).get(`/projects/${projectId}/stage2-results`).set(bearer(other.token)).expect(404);
  });

  it('runs stage 1, confirm and stage 2 through the perception service with the spec payloads', async () => {
    fake.mode = 'ok';
    fake.calls = [];
    const a = await app();
    const { token, user, projectId } = await integratorWithProject(a);
    const { body } = await uploadMp4(a, token, projectId).expect(201);
    const jobId = body.data.job_id as string;

    await request(a).get(`/projects/${projectId}/stage2-results`).set(bearer(token)).expect(404);
    const early = await request(a).post(`/api/integrator/analysis/${jobId}/stage2`).set(bearer(token)).expect(409);
    expect(early.body.code).toBe('NOT_CONFIRMED');

    const s1 = await request(a).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).expect(200);
    expect(s1.body.data.extracted_payloads[0].name).toBe('Gearbox');
    expect(fake.calls[0]).toEqual({
      path: '/stage1',
      body: { job_id: jobId, project_id: projectId, user_id: user.id, bucket_name: 'customer-videos', object_key: body.data.object_key, result_bucket: 'analysis-results' },
    });

    // Impossible corrections are refused at confirm, naming the field, and never reach the perception service.
    for (const bad of [
      { extracted_payloads: [{ name: 'Part', weight_kg: -3, dimensions_mm: null }] },
      { extracted_payloads: [{ name: 'Part', weight_kg: 2, dimensions_mm: [1e308, -5, 0] }] },
      { extracted_activities: [{ activity_name: 'Pick', description: 'x', cycle_time_s: -1 }] },
      { cycle_time_s: 1e9 },
    ]) {
      const refused = await request(a).post(`/api/integrator/analysis/${jobId}/confirm`).set(bearer(token)).send({ confirmed: true, updated_data: bad }).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(refused.body.details)).toMatch(/must be more than 0/);
    }
    expect(fake.calls.filter((c) => c.path === '/confirm')).toHaveLength(0);

    const corrections = { extracted_payloads: [{ name: 'Gearbox housing', weight_kg: 12, dimensions_mm: [300, 200, 150] }] };
    const c = await request(a)
      .post(`/api/integrator/analysis/${jobId}/confirm`)
      .set(bearer(token))
      .send({ confirmed: true, updated_data: corrections, message: 'Weighed on the scale' })
      .expect(200);
    expect(c.body).toMatchObject({ confirmed: true, confirmed_data: { extracted_payloads: [{ name: 'Gearbox housing', weight_kg: 12 }] } });
    expect(fake.calls[1]).toMatchObject({ path: '/confirm', body: { job_id: jobId, project_id: projectId, user_id: user.id, confirmed: true, message: 'Weighed on the scale' } });

    const s2 = await request(a).post(`/api/integrator/analysis/${jobId}/stage2`).set(bearer(token)).expect(200);
    expect(stage2ResultsSchema.parse(s2.body.data).stage2_summary.viable_configurations).toBe(1);
    expect(fake.calls[2]).toEqual({ path: '/stage2', body: { job_id: jobId, project_id: projectId, user_id: user.id } });

    const results = await request(a).get(`/projects/${projectId}/stage2-results`).set(bearer(token)).expect(200);
    expect(results.body).toMatchObject({ success: true, job_id: jobId, data: { stage2_summary: { total_tasks_identified: 1 } } });
    const job = await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token)).expect(200);
    expect(job.body.data).toMatchObject({ status: 'stage2_done', confirmed_at: '2026-01-02T03:04:05.000Z' });
  });

  it('answers a clear error when perception is down, slow or refuses the video; the job stays re-runnable', async () => {
    const a = await app();
    const { token, projectId } = await integratorWithProject(a);
    const { body } = await uploadMp4(a, token, projectId).expect(201);
    const jobId = body.data.job_id as string;

    const down = await (async () => {
      const { createApp } = await import('../../app');
      const { createLogger } = await import('../../lib/logger');
      return createApp({
        db: ctx().handle.db,
        dbKind: ctx().handle.kind,
        config: ctx().config,
        logger: createLogger('silent'),
        onAnswer: checkAnswer,
        storage,
        perception: createPerceptionClient('http://127.0.0.1:1', 500),
      });
    })();
    const res = await request(down).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).expect(503);
    expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The video analysis service is not reachable. Try again in a moment.' });
    let job = await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token)).expect(200);
    expect(job.body.data).toMatchObject({ status: 'failed', error: 'The video analysis service is not reachable. Try again in a moment.' });

    fake.mode = 'slow';
    expect((await request(a).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).expect(504)).body.code).toBe('UPSTREAM_TIMEOUT');
    fake.mode = 'error422';
    const refused = await request(a).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).expect(422);
    expect(refused.body).toMatchObject({ code: 'VIDEO_UNREADABLE', message: 'The video could not be read' });

    fake.mode = 'ok';
    await request(a).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).expect(200);
    job = await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token)).expect(200);
    expect(job.body.data).toMatchObject({ status: 'stage1_done', error: null });
  });

  it('passes a region of interest to stage 1, and refuses one outside the frame', async () => {
    fake.mode = 'ok';
    const a = await app();
    const { token, projectId } = await integratorWithProject(a);
    const { body } = await uploadMp4(a, token, projectId).expect(201);
    const jobId = body.data.job_id as string;
    const region = { x: 0.5, y: 0.25, width: 0.5, height: 0.5 };
    const before = fake.calls.length;
    await request(a).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).send({ region_of_interest: region }).expect(200);
    expect(fake.calls[before]).toMatchObject({ path: '/stage1', body: { job_id: jobId, region_of_interest: region } });
    const refused = await request(a)
      .post(`/api/integrator/analysis/${jobId}/stage1`)
      .set(bearer(token))
      .send({ region_of_interest: { x: 0.8, y: 0, width: 0.5, height: 1 } })
      .expect(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(fake.calls).toHaveLength(before + 1);
  });

  it('serves the key frames of an own job only', async () => {
    const a = await app();
    const { token, projectId } = await integratorWithProject(a);
    const { body } = await uploadMp4(a, token, projectId, 'job-frames').expect(201);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
    await storage.putObject('analysis-results', `${projectId}/job-frames/frames/1.jpg`, jpeg);
    const ok = await request(a)
      .get('/api/integrator/analysis/job-frames/key-frame')
      .query({ key: `${projectId}/job-frames/frames/1.jpg` })
      .set(bearer(token))
      .buffer(true)
      .expect(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.from(ok.body as Buffer).equals(jpeg)).toBe(true);
    for (const key of [`${projectId}/job-frames/frames/2.jpg`, `${projectId}/other-job/frames/1.jpg`, `${projectId}/job-frames/frames/../../x.jpg`, '../etc/passwd']) {
      await request(a).get('/api/integrator/analysis/job-frames/key-frame').query({ key }).set(bearer(token)).expect(404);
    }
    const other = await registerUser(a, { user_type: 'integrator' });
    await request(a)
      .get('/api/integrator/analysis/job-frames/key-frame')
      .query({ key: `${projectId}/job-frames/frames/1.jpg` })
      .set(bearer(other.token))
      .expect(404);
    expect(body.data.job_id).toBe('job-frames');
  });

  it('marks stages interrupted by a restart as failed, and refuses a second concurrent run', async () => {
    const a = await app();
    const { token, projectId } = await integratorWithProject(a);
    const { body } = await uploadMp4(a, token, projectId).expect(201);
    await ctx().handle.db.update(analysisJobs).set({ status: 'stage1_running' }).where(eq(analysisJobs.id, body.data.job_id));
    const busy = await request(a).post(`/api/integrator/analysis/${body.data.job_id}/stage1`).set(bearer(token)).expect(409);
    expect(busy.body.message).toBe('An analysis of this video is already running.');
    expect(await failInterruptedJobs(ctx().handle.db)).toBe(1);
    const job = await request(a).get(`/api/integrator/analysis/${body.data.job_id}`).set(bearer(token)).expect(200);
    expect(job.body.data).toMatchObject({ status: 'failed', error: 'The analysis was interrupted by a server restart. Run it again.' });
  });
});
