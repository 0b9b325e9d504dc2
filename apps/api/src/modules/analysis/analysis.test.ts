import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { errorBodySchema, stage2ResultsSchema } from '@cellforge/contracts';
import pg from 'pg';
import { analysisJobs, createDb, jobs, type DbHandle } from '@cellforge/db';
import type { TestBackend } from '@cellforge/db/testing';
import { LocalFolderStorage } from '@cellforge/storage';
import { buildZip } from '@cellforge/storage/testing';
import { testBackends, testConfig, useTestApp } from '../../test/create-test-app';
import { waitFor } from '../../test/wait-for';
import { bearer, registerUser } from '../../test/factories';
import { createJobWorkers } from '../../job-workers';
import { createLogger } from '../../lib/logger';
import type { JobWorker } from '../jobs';
import { failOrphanedStages } from './analysis.jobs';
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
  /** down: the connection is cut; error500: a server error; hang: no answer until the caller gives up. */
  mode: 'ok' | 'error422' | 'slow' | 'down' | 'error500' | 'hang';
  /** Calls whose caller hung up before an answer (a cancelled job aborts its call). */
  abandoned: string[];
  server: Server;
}

async function startFakePerception(): Promise<FakePerception> {
  const fake: FakePerception = { url: '', calls: [], abandoned: [], mode: 'ok', server: undefined as unknown as Server };
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
    if (fake.mode === 'down') {
      req.socket.destroy();
      return;
    }
    if (fake.mode === 'hang') {
      res.on('close', () => fake.abandoned.push(req.url ?? ''));
      return;
    }
    if (fake.mode === 'error500') {
      res.statusCode = 500;
      res.end(JSON.stringify({ message: 'ffmpeg crashed', error: 'ffmpeg crashed', code: 'INTERNAL' }));
      return;
    }
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

/**
 * A database that outlives one app: the embedded one in a data folder (on its worker
 * thread, as the API runs it), or a PostgreSQL database of its own. `open` may be called
 * again after the last handle closed, as a restarted API would.
 */
async function persistentDatabase(backend: TestBackend) {
  if (backend === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-restart-'));
    return {
      open: () => createDb({ dataDir: dir, pgliteThread: 'worker' }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `cf_restart_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    open: () => createDb({ databaseUrl: url.toString(), poolMax: 3 }),
    // FORCE ends this test's own sessions; a backend of another role still attached for a
    // moment (PostgreSQL refuses to end it: 42501) is waited for, then the drop is tried again.
    // A scratch database still attached after that is left behind (its name is unique), as
    // scale-out.test.ts does: the cleanup is not what this test checks.
    drop: async () => {
      for (let attempt = 1; attempt <= 20; attempt++) {
        try {
          return await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } catch (err) {
          if ((err as { code?: string }).code !== '42501') throw err;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    },
  };
}

describe.each(testBackends)('video analysis API on %s', (backend) => {
  let fake: FakePerception;
  const uploads = mkdtempSync(path.join(tmpdir(), 'cf-uploads-'));
  const storage = new LocalFolderStorage(uploads);
  beforeAll(async () => {
    fake = await startFakePerception();
  });
  afterAll(() => new Promise<void>((r) => fake.server.close(() => r())));

  const ctx = useTestApp(backend, { videoUploadMaxBytes: 64 * 1024, perceptionTimeoutMs: 500, jobPollMs: 20, jobLeaseMs: 2000, jobRetryBaseMs: 0 }, {});

  // The job worker an API process runs (server.ts), here against the fake perception service.
  let worker: JobWorker | undefined;
  beforeEach(() => {
    worker = createJobWorkers({
      db: ctx().handle.db,
      config: ctx().config,
      logger: createLogger('silent'),
      perception: createPerceptionClient(fake.url, ctx().config.perceptionTimeoutMs),
    });
    worker.start();
  });
  afterEach(async () => {
    await worker?.stop();
  });

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

    const s1 = await request(a).post(`/api/integrator/analysis/${jobId}/stage1?wait=30`).set(bearer(token)).expect(200);
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

    const s2 = await request(a).post(`/api/integrator/analysis/${jobId}/stage2?wait=30`).set(bearer(token)).expect(200);
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
    const stage1 = () => request(a).post(`/api/integrator/analysis/${jobId}/stage1?wait=30`).set(bearer(token));

    // Unreachable: retried (3 attempts), then the error.
    fake.mode = 'down';
    fake.calls = [];
    const res = await stage1().expect(503);
    expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The video analysis service is not reachable. Try again in a moment.' });
    expect(fake.calls.map((c) => c.path)).toEqual(['/stage1', '/stage1', '/stage1']);
    let job = await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token)).expect(200);
    expect(job.body.data).toMatchObject({
      status: 'failed',
      error: 'The video analysis service is not reachable. Try again in a moment.',
      run: { stage: 'stage1', status: 'failed', attempts: 3, max_attempts: 3, last_error: 'The video analysis service is not reachable. Try again in a moment.' },
    });

    // Slow (the 5-minute limit, here 500 ms) and refused (4xx): not retried.
    fake.mode = 'slow';
    fake.calls = [];
    expect((await stage1().expect(504)).body.code).toBe('UPSTREAM_TIMEOUT');
    fake.mode = 'error422';
    const refused = await stage1().expect(422);
    expect(refused.body).toMatchObject({ code: 'VIDEO_UNREADABLE', message: 'The video could not be read' });
    expect(fake.calls).toHaveLength(2);

    fake.mode = 'ok';
    await stage1().expect(200);
    job = await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token)).expect(200);
    expect(job.body.data).toMatchObject({ status: 'stage1_done', error: null, run: { status: 'succeeded', attempts: 1 } });
  });

  it('passes a region of interest to stage 1, and refuses one outside the frame', async () => {
    fake.mode = 'ok';
    const a = await app();
    const { token, projectId } = await integratorWithProject(a);
    const { body } = await uploadMp4(a, token, projectId).expect(201);
    const jobId = body.data.job_id as string;
    const region = { x: 0.5, y: 0.25, width: 0.5, height: 0.5 };
    const before = fake.calls.length;
    await request(a).post(`/api/integrator/analysis/${jobId}/stage1?wait=30`).set(bearer(token)).send({ region_of_interest: region }).expect(200);
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

  it('fails a stage left running without a queue job at start-up, and refuses a second concurrent run', async () => {
    const a = await app();
    const { token, projectId } = await integratorWithProject(a);
    const { body } = await uploadMp4(a, token, projectId).expect(201);
    await ctx().handle.db.update(analysisJobs).set({ status: 'stage1_running' }).where(eq(analysisJobs.id, body.data.job_id));
    const busy = await request(a).post(`/api/integrator/analysis/${body.data.job_id}/stage1`).set(bearer(token)).expect(409);
    expect(busy.body.message).toBe('An analysis of this video is already running.');
    expect(await failOrphanedStages(ctx().handle.db)).toBe(1);
    const job = await request(a).get(`/api/integrator/analysis/${body.data.job_id}`).set(bearer(token)).expect(200);
    expect(job.body.data).toMatchObject({ status: 'failed', error: 'The analysis was interrupted by a server restart. Run it again.' });
  });

  it('queues a stage: 202 at once, progress while it runs, results once; two workers run it once', async () => {
    fake.mode = 'hang';
    fake.calls = [];
    fake.abandoned = [];
    // Both workers wait 10 s for the hanging answer: with the suite's 500 ms the attempt
    // could time out (and be retried to failure) on a loaded machine before the cancel below.
    await worker?.stop();
    worker = createJobWorkers({ db: ctx().handle.db, config: ctx().config, logger: createLogger('silent'), perception: createPerceptionClient(fake.url, 10_000) });
    worker.start();
    const second = createJobWorkers({
      db: ctx().handle.db,
      config: ctx().config,
      logger: createLogger('silent'),
      perception: createPerceptionClient(fake.url, 10_000),
    });
    second.start();
    try {
      const a = await app();
      const { token, projectId } = await integratorWithProject(a);
      const { body } = await uploadMp4(a, token, projectId).expect(201);
      const jobId = body.data.job_id as string;

      const accepted = await request(a).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).expect(202);
      expect(accepted.body).toMatchObject({ success: true, job_id: jobId, status: 'stage1_running', run: { stage: 'stage1', status: 'queued', attempts: 0, max_attempts: 3 } });
      await request(a).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).expect(409);

      await waitFor(() => fake.calls.length === 1, 15_000, 'perception to be called');
      const running = await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token)).expect(200);
      expect(running.body.data).toMatchObject({
        status: 'stage1_running',
        stage1_results: null,
        run: { id: accepted.body.run.id, stage: 'stage1', status: 'running', attempts: 1, progress: { step: 'running', stage: 'stage1', attempt: 1 } },
      });

      // The answer arrives: the results land once, whichever of the two workers held the job.
      fake.mode = 'ok';
      await request(a).post(`/api/integrator/analysis/${jobId}/cancel`).set(bearer(token)).expect(200);
      await request(a).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).expect(202);
      await waitFor(
        async () => (await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token))).body.data.status === 'stage1_done',
        15_000,
        'stage 1 to finish',
      );
      const done = await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token)).expect(200);
      expect(done.body.data).toMatchObject({ status: 'stage1_done', stage1_results: { extracted_payloads: [{ name: 'Gearbox' }] }, run: { status: 'succeeded', attempts: 1, progress: { step: 'done' } } });
      expect(fake.calls.map((c) => c.path)).toEqual(['/stage1', '/stage1']);
      const runs = await ctx().handle.db.select().from(jobs).where(eq(jobs.subject, jobId));
      expect(runs.map((r) => r.status).sort()).toEqual(['cancelled', 'succeeded']);
    } finally {
      await second.stop();
    }
  });

  it('cancels a running stage: perception\'s call is aborted and the analysis is back where it was', async () => {
    fake.mode = 'hang';
    fake.calls = [];
    fake.abandoned = [];
    const a = await app();
    const { token, projectId } = await integratorWithProject(a);
    const { body } = await uploadMp4(a, token, projectId).expect(201);
    const jobId = body.data.job_id as string;
    await request(a).post(`/api/integrator/analysis/${jobId}/cancel`).set(bearer(token)).expect(409);

    await request(a).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).expect(202);
    await waitFor(() => fake.calls.length === 1, 15_000, 'perception to be called');
    const cancelled = await request(a).post(`/api/integrator/analysis/${jobId}/cancel`).set(bearer(token)).expect(200);
    expect(cancelled.body).toMatchObject({ success: true, job_id: jobId, status: 'uploaded', run: { status: 'cancelled' } });
    await waitFor(() => fake.abandoned.length === 1, 15_000, 'the perception call to be aborted');
    expect(fake.abandoned).toEqual(['/stage1']);

    const job = await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token)).expect(200);
    expect(job.body.data).toMatchObject({ status: 'uploaded', error: null, stage1_results: null, run: { status: 'cancelled' } });
    const again = await request(a).post(`/api/integrator/analysis/${jobId}/cancel`).set(bearer(token)).expect(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: 'No analysis of this video is running.' });
    // Someone else's analysis cannot be cancelled (nor seen).
    const other = await registerUser(a, { user_type: 'integrator' });
    await request(a).post(`/api/integrator/analysis/${jobId}/cancel`).set(bearer(other.token)).expect(404);
  });

  it('retries a stage when perception answers 500, then fails it with a clear error', async () => {
    fake.mode = 'error500';
    fake.calls = [];
    const a = await app();
    const { token, projectId } = await integratorWithProject(a);
    const { body } = await uploadMp4(a, token, projectId).expect(201);
    const jobId = body.data.job_id as string;
    await request(a).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).expect(202);
    await waitFor(
      async () => (await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token))).body.data.status === 'failed',
      15_000,
      'the stage to fail',
    );
    expect(fake.calls.map((c) => c.path)).toEqual(['/stage1', '/stage1', '/stage1']);
    const job = await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token)).expect(200);
    expect(job.body.data).toMatchObject({
      status: 'failed',
      error: 'The analysis failed: ffmpeg crashed',
      run: { status: 'failed', attempts: 3, last_error: 'The analysis failed: ffmpeg crashed' },
    });
    fake.mode = 'ok';
  });

  it('continues a queued stage after an API restart (a new app and worker on the same database)', async () => {
    fake.mode = 'ok';
    fake.calls = [];
    const database = await persistentDatabase(backend);
    let handle: DbHandle | undefined;
    try {
      const config = testConfig({ jobPollMs: 20, jobLeaseMs: 2000, jobRetryBaseMs: 0 });
      const { createApp } = await import('../../app');
      const open = async () => {
        handle = await database.open();
        return createApp({ db: handle.db, dbKind: handle.kind, config, logger: createLogger('silent'), storage, perception: createPerceptionClient(fake.url, 10_000) });
      };
      // First process: the stage is queued, then the process stops before any worker took it.
      let a = await open();
      const { token, projectId } = await integratorWithProject(a);
      const { body } = await uploadMp4(a, token, projectId).expect(201);
      const jobId = body.data.job_id as string;
      await request(a).post(`/api/integrator/analysis/${jobId}/stage1`).set(bearer(token)).expect(202);
      await handle?.close();
      handle = undefined;
      expect(fake.calls).toHaveLength(0);

      // Second process: start-up leaves the queued stage alone, its worker runs it.
      a = await open();
      const db = (handle as DbHandle | undefined)?.db;
      if (!db) throw new Error('the reopened database');
      expect(await failOrphanedStages(db)).toBe(0);
      // Still queued (no worker yet): a second run is refused. Asked before the worker starts,
      // or a fast worker may already have finished the stage (then a new run is allowed).
      const refused = await request(a).post(`/api/integrator/analysis/${jobId}/stage1?wait=0`).set(bearer(token)).expect(409);
      expect(refused.body.message).toBe('An analysis of this video is already running.');
      const restarted = createJobWorkers({ db, config, logger: createLogger('silent'), perception: createPerceptionClient(fake.url, 10_000) });
      restarted.start();
      try {
        await waitFor(
          async () => (await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token))).body.data.status === 'stage1_done',
          30_000,
          'the stage to finish after the restart',
        );
      } finally {
        await restarted.stop();
      }
      expect(fake.calls.map((c) => c.path)).toEqual(['/stage1']);
      const job = await request(a).get(`/api/integrator/analysis/${jobId}`).set(bearer(token)).expect(200);
      expect(job.body.data).toMatchObject({ status: 'stage1_done', run: { status: 'succeeded', attempts: 1 } });
    } finally {
      await handle?.close();
      await database.drop();
    }
  }, 60_000);
});
