import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisJobs, createDb, jobs, robots, seedCatalog, type DbHandle } from '@cellforge/db';
import { buildRegistration } from './test/factories';
import { defined } from './test/defined';
import { freePort, startInstance, startProxy, stopInstance, type Instance, type ProxiedRequest, perceptionFfmpegPath } from './test/cluster';

/**
 * Issue 18: three API instances and two perception instances (real processes) on one
 * PostgreSQL and one storage folder, behind a round-robin proxy; mixed traffic; one API and
 * one perception instance killed mid-way. Every accepted analysis stage finishes exactly
 * once, and the only requests lost are those in flight on the killed API instance.
 * PostgreSQL only (PGlite is one process by design). Sized for 2 cores.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const perceptionDir = path.resolve(apiDir, '../perception');
const JOBS = 8;


const running = (i: Instance) => i.child.exitCode === null && i.child.signalCode === null;

describe.skipIf(!adminUrl)('three API and two perception instances on one PostgreSQL', () => {
  const name = `cf_test_scale_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-scale-'));
  let handle: DbHandle;
  let dbUrl = '';
  const apis: Instance[] = [];
  const perceptions: Instance[] = [];
  let apiProxy: Awaited<ReturnType<typeof startProxy>>;
  let perceptionProxy: Awaited<ReturnType<typeof startProxy>>;
  let video: Buffer;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    handle = await createDb({ databaseUrl: dbUrl, poolMax: 2 });
    await seedCatalog(handle.db);

    // An 8-second clip with a shot change, made with the same ffmpeg perception uses.
    const file = path.join(dataDir, 'cell.mp4');
    execFileSync(perceptionFfmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=160x120:r=10:d=4', '-f', 'lavfi', '-i', 'testsrc=s=160x120:r=10:d=4',
      '-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0,format=yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', file]);
    video = readFileSync(file);

    const apiPorts = await Promise.all([freePort(), freePort(), freePort()]);
    const perceptionPorts = await Promise.all([freePort(), freePort()]);
    apiProxy = await startProxy(apiPorts.map((p) => `http://127.0.0.1:${p}`));
    perceptionProxy = await startProxy(perceptionPorts.map((p) => `http://127.0.0.1:${p}`));
    const shared = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
    perceptions.push(
      ...(await Promise.all(
        perceptionPorts.map((port, i) =>
          startInstance({
            name: `perception-${i}`,
            cwd: perceptionDir,
            entry: 'src/server.ts',
            port,
            env: { ...shared, PERCEPTION_PORT: String(port), PERCEPTION_HOST: '127.0.0.1', CATALOG_URL: apiProxy.url, PERCEPTION_RESULT_BUCKET: 'analysis-results' },
          }),
        ),
      )),
    );
    apis.push(
      ...(await Promise.all(
        apiPorts.map((port, i) =>
          startInstance({
            name: `api-${i}`,
            cwd: apiDir,
            entry: 'src/server.ts',
            port,
            env: {
              ...shared,
              PORT: String(port),
              HOST: '127.0.0.1',
              DATABASE_URL: dbUrl,
              SEED_ON_START: 'false',
              JWT_SECRET: 'scale-out-test-secret-0123456789abcdef',
              PERCEPTION_URL: perceptionProxy.url,
              WEB_DIST: path.join(dataDir, 'no-web'),
              BCRYPT_ROUNDS: '4',
              CHAT_RATE_LIMIT: '100000',
              JOB_WORKERS: '1',
              JOB_POLL_MS: '100',
              JOB_LEASE_MS: '2000',
              JOB_RETRY_BASE_MS: '200',
              JOB_MAX_ATTEMPTS: '6',
              PERCEPTION_TIMEOUT_MS: '60000',
            },
          }),
        ),
      )),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...apis, ...perceptions].map((i) => stopInstance(i)));
    await apiProxy?.close();
    await perceptionProxy?.close();
    await handle?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('finishes every accepted analysis exactly once and loses only the requests in flight on the killed instance', async () => {
    const base = apiProxy.url;
    const json = async (method: string, route: string, body?: unknown, token?: string) => {
      const res = await fetch(`${base}${route}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    };

    const integrator = await json('POST', '/auth/register', buildRegistration({ user_type: 'integrator' }));
    expect(integrator.status).toBe(201);
    const token = String(integrator.body?.token);
    const project = await json('POST', '/projects', { project_name: 'Cell 7 gearbox line' }, token);
    expect(project.status).toBe(201);
    const projectId = String((project.body?.data as { id: string }).id);
    const robotIds = (await handle.db.select({ id: robots.id }).from(robots).where(eq(robots.status, 'active')).limit(10)).map((r) => r.id);

    // Background buyers: catalog searches, robot pages, assistant questions (bounded in count and time).
    let browsing = true;
    const browse = async (worker: number) => {
      const searches = ['welding', 'palletizing 20 kg', 'FANUC', 'cobot', 'ABB', 'painting'];
      for (let n = 0; browsing && n < 150; n++) {
        const pick = (worker + n) % 3;
        if (pick === 0) await fetch(`${base}/api/robots?search=${encodeURIComponent(searches[n % searches.length] ?? '')}`).then((r) => r.arrayBuffer());
        else if (pick === 1) await fetch(`${base}/api/robots/${robotIds[n % robotIds.length]}`).then((r) => r.arrayBuffer());
        else await fetch(`${base}/ai/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'I need a robot for 8 kg parts' }) }).then((r) => r.arrayBuffer());
      }
    };
    const buyers = [0, 1, 2].map((w) => browse(w).catch(() => undefined));

    // The integrator uploads JOBS videos and starts stage 1 on each; half-way, one API and one perception instance die.
    const accepted: string[] = [];
    let killedAt = 0;
    let interrupted: string | null = null;
    let killed = defined(apis[0]);
    for (let n = 0; n < JOBS; n++) {
      if (n === JOBS / 2) {
        // Kill an API instance while its worker runs a stage (its lease must run out and another worker take it).
        const until = Date.now() + 20_000;
        for (;;) {
          const held = await handle.db.select({ id: jobs.id, subject: jobs.subject, lockedBy: jobs.lockedBy }).from(jobs).where(eq(jobs.status, 'running'));
          const holder = held.map((j) => ({ job: j, api: apis.find((a) => String(a.child.pid) === (j.lockedBy ?? '').split(':')[1]) })).find((h) => h.api);
          if (holder?.api) {
            // Frozen first, then checked: the stage may have ended between the read and the kill.
            holder.api.child.kill('SIGSTOP');
            const [still] = await handle.db.select({ status: jobs.status, lockedBy: jobs.lockedBy }).from(jobs).where(eq(jobs.id, holder.job.id));
            if (still?.status === 'running' && still.lockedBy === holder.job.lockedBy) {
              interrupted = holder.job.subject;
              killed = holder.api;
              break;
            }
            holder.api.child.kill('SIGCONT');
          }
          if (Date.now() > until) throw new Error('the instance to kill never ran a stage');
          await new Promise((r) => setTimeout(r, 50));
        }
        killed.child.kill('SIGKILL');
        defined(perceptions[0]).child.kill('SIGKILL');
        // Requests that reached it until it was gone were in flight on it.
        await killed.exited;
        killedAt = Date.now();
      }
      const form = new FormData();
      form.set('project_id', projectId);
      form.set('file', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), `cell-${n}.mp4`);
      const up = await fetch(`${base}/api/integrator/upload-video`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      if (up.status !== 201) continue; // lost in flight on the killed instance: checked below
      const jobId = String(((await up.json()) as { data: { job_id: string } }).data.job_id);
      const started = await json('POST', `/api/integrator/analysis/${jobId}/stage1`, {}, token);
      if (started.status === 202) accepted.push(jobId);
    }
    browsing = false;
    await Promise.all(buyers);

    // Every accepted stage ends, on the surviving instances, within the test's time.
    const deadline = Date.now() + 40_000;
    for (;;) {
      const rows = await handle.db.select({ id: analysisJobs.id, status: analysisJobs.status }).from(analysisJobs).where(inArray(analysisJobs.id, accepted));
      if (rows.length === accepted.length && rows.every((r) => r.status === 'stage1_done' || r.status === 'failed')) break;
      if (Date.now() > deadline) throw new Error(`stages still running: ${JSON.stringify(rows)}\n${apis.map((a) => a.output()).join('\n')}`);
      await new Promise((r) => setTimeout(r, 250));
    }

    expect(accepted.length).toBeGreaterThanOrEqual(JOBS - 2);
    const finished = await handle.db.select().from(analysisJobs).where(inArray(analysisJobs.id, accepted));
    expect(finished.map((r) => r.status)).toEqual(accepted.map(() => 'stage1_done'));
    for (const row of finished) expect(row.stage1Results).not.toBeNull();
    // Exactly once: one queue job per stage, succeeded once; a worker lost mid-way shows as a retry, not a second job.
    const queue = await handle.db.select().from(jobs).where(and(inArray(jobs.subject, accepted)));
    expect(queue).toHaveLength(accepted.length);
    expect(queue.every((j) => j.status === 'succeeded')).toBe(true);
    // The stage the killed instance was running was taken over and counted a second attempt.
    expect(queue.find((j) => j.subject === interrupted)?.attempts).toBeGreaterThanOrEqual(2);

    // Lost requests: only those the killed instance held when it died.
    const failed = apiProxy.log.filter((r: ProxiedRequest) => r.error !== null || (r.status !== null && r.status >= 500));
    for (const r of failed) {
      expect({ path: r.path, upstream: r.upstream, before: r.startedAt <= killedAt }).toEqual({ path: r.path, upstream: killed.url, before: true });
    }
    const answered = apiProxy.log.filter((r) => r.status !== null && r.error === null);
    expect(answered.length).toBeGreaterThan(30);
    expect(answered.filter((r) => r.status !== null && r.status >= 500)).toEqual([]);
  }, 90_000);

  it('a sign-out on one instance is refused at once by the others, though they had the token cached', async () => {
    const [b, c] = apis.filter(running);
    const customer = buildRegistration();
    const reg = await fetch(`${defined(b).url}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(customer) });
    const token = String(((await reg.json()) as { token: string }).token);
    const me = (instance: Instance) => fetch(`${instance.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    expect(await me(defined(c))).toBe(200); // now cached there for TOKEN_CHECK_CACHE_MS (5 s)
    const out = await fetch(`${defined(b).url}/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(204);
    await new Promise((r) => setTimeout(r, 100));
    expect(await me(defined(c))).toBe(401);
    expect(await me(defined(b))).toBe(401);
  });

  it('SIGTERM during load: requests in flight are answered, the running stage is handed back at once, the pool closes and the process exits 0', async () => {
    const alive = apis.filter(running);
    let stopping = defined(alive[0]);
    let survivor = defined(alive[1]);
    const post = async (route: string, body: unknown, token?: string) => {
      const res = await fetch(`${survivor.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      return (await res.json()) as Record<string, unknown>;
    };
    const token = String((await post('/auth/register', buildRegistration({ user_type: 'integrator' }))).token);
    const projectId = String(((await post('/projects', { project_name: 'Line 3 packing' }, token)).data as { id: string }).id);
    const started: string[] = [];
    for (let n = 0; n < 3; n++) {
      const form = new FormData();
      form.set('project_id', projectId);
      form.set('file', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), `line3-${n}.mp4`);
      const up = await fetch(`${survivor.url}/api/integrator/upload-video`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const jobId = String(((await up.json()) as { data: { job_id: string } }).data.job_id);
      expect((await fetch(`${survivor.url}/api/integrator/analysis/${jobId}/stage1`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' })).status).toBe(202);
      started.push(jobId);
    }
    // Wait until one of the two instances runs one of them: that one is stopped.
    let held: string | null = null;
    const until = Date.now() + 20_000;
    while (!held) {
      const rows = await handle.db.select({ subject: jobs.subject, lockedBy: jobs.lockedBy }).from(jobs).where(and(eq(jobs.status, 'running'), inArray(jobs.subject, started)));
      for (const row of rows) {
        const holder = alive.find((a) => String(a.child.pid) === (row.lockedBy ?? '').split(':')[1]);
        if (!holder) continue;
        held = row.subject;
        stopping = holder;
        survivor = defined(alive.find((a) => a !== holder));
        break;
      }
      if (!held && Date.now() > until) throw new Error('no instance ran a stage');
      if (!held) await new Promise((r) => setTimeout(r, 50));
    }
    const pid = String(stopping.child.pid);

    // Buyers' requests in flight when the signal comes are answered. "In flight" is made
    // certain, not timed: each question's headers are read by the server (it says
    // 100 Continue) before the signal, and its body is sent only after the signal.
    const inFlight = await Promise.all(Array.from({ length: 6 }, (_, i) => startedQuestion(stopping.url, i % 2 ? 'welding robot 10 kg' : 'palletizing 20 kg')));
    stopping.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    for (const question of inFlight) question.finish();
    expect(await Promise.all(inFlight.map((q) => q.status))).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await stopping.exited).toBe(0);

    // Handed back, not left to its lease: right after the exit nobody dead holds it, and the attempt was not counted.
    const [after] = await handle.db.select().from(jobs).where(eq(jobs.subject, held));
    expect((after?.lockedBy ?? '').split(':')[1]).not.toBe(pid);
    const deadline = Date.now() + 40_000;
    for (;;) {
      const rows = await handle.db.select({ status: analysisJobs.status }).from(analysisJobs).where(inArray(analysisJobs.id, started));
      if (rows.every((r) => r.status === 'stage1_done')) break;
      if (Date.now() > deadline) throw new Error(`stages still running after the stop: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const queue = await handle.db.select().from(jobs).where(inArray(jobs.subject, started));
    expect(queue.map((j) => j.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(queue.find((j) => j.subject === held)?.attempts).toBe(1);
  }, 90_000);
});

/**
 * A chat question whose headers the server has read (it answered 100 Continue) and whose
 * body is held back until `finish()`: a request certainly in flight on that instance.
 */
function startedQuestion(baseUrl: string, message: string): Promise<{ status: Promise<number>; finish: () => void }> {
  const body = JSON.stringify({ message });
  const req = http.request(`${baseUrl}/ai/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), expect: '100-continue' },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  return new Promise((resolve, reject) => {
    req.on('continue', () => resolve({ status, finish: () => req.end(body) }));
    req.on('error', reject);
    req.flushHeaders();
  });
}
