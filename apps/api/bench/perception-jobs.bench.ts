/**
 * 50 analysis jobs queued at once, run by one and then by two perception workers (issue 18),
 * on PostgreSQL (a scratch database on BENCH_DATABASE_URL or TEST_DATABASE_URL, made and
 * dropped per configuration). Real processes: each worker is an API instance with one job
 * loop (JOB_WORKERS=1) and its own perception instance, both started with tsx, sharing the
 * database and one storage folder. An integrator uploads N short clips through the first
 * API instance and starts stage 1 on each (202: queued), then the bench watches the database.
 *
 * Prints per configuration: the time until the last job finished, jobs per minute, job
 * latency (from the 202 to the analysis showing its stage 1 results) p50/p95/max, and the
 * exactly-once check: one queue job per analysis, succeeded on its first attempt, every
 * analysis with stage 1 results (none lost, none done twice). Exits 1 when that check fails.
 *   pnpm --filter @cellforge/api bench:perception-jobs [--jobs 50] [--workers 1,2]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analysisJobs, createDb, jobs, queryRows } from '@cellforge/db';
import { inArray, sql } from 'drizzle-orm';
import { benchServerUrl, loadAverage, scratchDatabases } from './scratch-database';
import { freePort, startInstance, stopInstance, type Instance, perceptionFfmpegPath } from '../src/test/cluster';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const jobCount = Number(arg('jobs', '50'));
const workerCounts = arg('workers', '1,2').split(',').map(Number);
const print = (line = '') => process.stdout.write(`${line}\n`);

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const perceptionDir = path.resolve(apiDir, '../perception');


const scratch = await scratchDatabases(benchServerUrl(), 'cf_perception_jobs');
const dataRoot = mkdtempSync(path.join(tmpdir(), 'cf-perception-jobs-'));
// An 8 s 320x180 clip of a part moving on a textured wall, 10 fps: about a second of stage 1 on a quiet core.
const clip = path.join(dataRoot, 'cell.mp4');
execFileSync(perceptionFfmpegPath(), [
  '-hide_banner', '-loglevel', 'error', '-y',
  '-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=10:d=8',
  '-f', 'lavfi', '-i', 'color=c=orange:s=40x40:r=10:d=8',
  '-filter_complex', "[0:v][1:v]overlay=x='140+100*sin(2*PI*t/2.5)':y=70:shortest=1,format=yuv420p",
  '-c:v', 'libx264', '-preset', 'ultrafast', clip,
]);
const video = readFileSync(clip);

interface Outcome {
  workers: number;
  totalS: number;
  perMinute: number;
  p50: number;
  p95: number;
  max: number;
  lost: number;
  doneTwice: number;
  load: string;
  /**
   * Cores the jobs' own processes kept busy while they ran: the API and perception processes with
   * the ffmpeg runs they reaped, and the PostgreSQL backends of the run's database (not the rest of
   * a shared machine), i.e. their CPU seconds over the run's wall seconds.
   */
  busyCores: number;
}

/** CPU time in ms of processes and the children they have reaped (ffmpeg), from /proc/<pid>/stat. */
function processTreeCpuMs(pids: readonly number[]): number {
  let ms = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime: fields 14-17 overall, clock ticks of 10 ms.
      ms += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
    } catch {
      // a process gone reads 0
    }
  }
  return ms;
}

async function runConfiguration(workers: number): Promise<Outcome> {
  const db = await scratch.create();
  const dataDir = path.join(dataRoot, `w${workers}`);
  const handle = await createDb({ databaseUrl: db.url, poolMax: 2 }); // applies the migrations
  const instances: Instance[] = [];
  const apis: Instance[] = [];
  try {
    for (let w = 0; w < workers; w++) {
      const [apiPort, perceptionPort] = [await freePort(), await freePort()];
      const shared = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
      instances.push(
        await startInstance({
          name: `perception-${w}`,
          cwd: perceptionDir,
          entry: 'src/server.ts',
          port: perceptionPort,
          env: { ...shared, PERCEPTION_PORT: String(perceptionPort), PERCEPTION_HOST: '127.0.0.1', CATALOG_URL: `http://127.0.0.1:${apiPort}`, PERCEPTION_RESULT_BUCKET: 'analysis-results' },
        }),
        await startInstance({
          name: `api-${w}`,
          cwd: apiDir,
          entry: 'src/server.ts',
          port: apiPort,
          env: {
            ...shared,
            PORT: String(apiPort),
            HOST: '127.0.0.1',
            DATABASE_URL: db.url,
            SEED_ON_START: 'false',
            JWT_SECRET: 'perception-jobs-bench-secret-0123456789',
            PERCEPTION_URL: `http://127.0.0.1:${perceptionPort}`,
            WEB_DIST: path.join(dataDir, 'no-web'),
            BCRYPT_ROUNDS: '4',
            JOB_WORKERS: '1',
            JOB_POLL_MS: '100',
          },
        }),
      );
      apis.push(defined(instances.at(-1)));
    }
    const base = defined(apis[0]).url;
    const post = async (route: string, body: unknown, token?: string) => {
      const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const suffix = Math.random().toString(36).slice(2, 8);
    const reg = await post('/auth/register', { email: `bench-${suffix}@example.com`, password: 'a-long-enough-password', first_name: 'Bench', last_name: 'Integrator', user_type: 'integrator', company_name: 'Bench Cells' });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    const token = String(reg.body.token);
    const project = await post('/projects', { project_name: 'Bench line' }, token);
    const projectId = String((project.body.data as { id: string }).id);

    // Uploads first (not timed), then every stage 1 queued at once.
    const ids: string[] = [];
    for (let n = 0; n < jobCount; n++) {
      const form = new FormData();
      form.set('project_id', projectId);
      form.set('file', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), `cell-${n}.mp4`);
      const up = await fetch(`${base}/api/integrator/upload-video`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      if (up.status !== 201) throw new Error(`upload ${n}: ${up.status} ${await up.text()}`);
      ids.push(String(((await up.json()) as { data: { job_id: string } }).data.job_id));
    }
    const queuedAt = new Map<string, number>();
    const backends = async () =>
      (await queryRows<{ pid: number }>(handle.db, sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).map((r) => r.pid);
    const pipeline = instances.map((i) => i.child.pid ?? 0);
    const cpuBefore = processTreeCpuMs([...pipeline, ...(await backends())]);
    const started = Date.now();
    for (const id of ids) {
      const res = await post(`/api/integrator/analysis/${id}/stage1`, {}, token);
      if (res.status !== 202) throw new Error(`stage 1 of ${id}: ${res.status} ${JSON.stringify(res.body)}`);
      queuedAt.set(id, Date.now());
    }
    const doneAt = new Map<string, number>();
    const deadline = Date.now() + 15 * 60_000;
    while (doneAt.size < ids.length) {
      const rows = await handle.db.select({ id: analysisJobs.id, status: analysisJobs.status }).from(analysisJobs).where(inArray(analysisJobs.id, ids));
      for (const r of rows) if ((r.status === 'stage1_done' || r.status === 'failed') && !doneAt.has(r.id)) doneAt.set(r.id, Date.now());
      if (Date.now() > deadline) throw new Error(`${ids.length - doneAt.size} jobs still running after 15 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const totalS = (Math.max(...doneAt.values()) - started) / 1000;
    // Backends that came and went during the run are missed; the pools keep theirs open.
    const busyCores = (processTreeCpuMs([...pipeline, ...(await backends())]) - cpuBefore) / 1000 / totalS;
    const latencies = ids.map((id) => (defined(doneAt.get(id)) - defined(queuedAt.get(id))) / 1000).sort((a, b) => a - b);
    const pct = (p: number) => defined(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]);

    const finished = await handle.db.select().from(analysisJobs).where(inArray(analysisJobs.id, ids));
    const queue = await handle.db.select().from(jobs).where(inArray(jobs.subject, ids));
    const lost = ids.filter((id) => {
      const row = finished.find((r) => r.id === id);
      return !row || row.status !== 'stage1_done' || row.stage1Results === null;
    }).length;
    const perSubject = new Map<string, number>();
    for (const j of queue) perSubject.set(j.subject ?? '', (perSubject.get(j.subject ?? '') ?? 0) + 1);
    const doneTwice = ids.filter((id) => perSubject.get(id) !== 1 || queue.some((j) => j.subject === id && (j.status !== 'succeeded' || j.attempts !== 1))).length;
    return { workers, totalS, perMinute: (jobCount / totalS) * 60, p50: pct(50), p95: pct(95), max: pct(100), lost, doneTwice, load: loadAverage(), busyCores };
  } finally {
    for (const i of instances.reverse()) await stopInstance(i);
    await handle.close();
    await scratch.drop(db.name);
  }
}

function defined<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('missing value');
  return value;
}

const outcomes: Outcome[] = [];
try {
  print(`${jobCount} stage-1 jobs of an 8 s 320x180 clip, PostgreSQL, workers ${workerCounts.join(' then ')}; load average at start ${loadAverage()}`);
  for (const w of workerCounts) {
    const o = await runConfiguration(w);
    outcomes.push(o);
    print(
      `${w} worker${w > 1 ? 's' : ''}: all ${jobCount} done in ${o.totalS.toFixed(1)} s (${o.perMinute.toFixed(1)} jobs/min); ` +
        `latency p50 ${o.p50.toFixed(1)} s, p95 ${o.p95.toFixed(1)} s, max ${o.max.toFixed(1)} s; lost ${o.lost}, done twice ${o.doneTwice}; ` +
        `its processes kept ${o.busyCores.toFixed(2)} of ${cpus().length} cores busy (${((o.busyCores * o.totalS) / jobCount).toFixed(2)} CPU s a job); load ${o.load}`,
    );
  }
  const one = outcomes.find((o) => o.workers === 1);
  const two = outcomes.find((o) => o.workers === 2);
  if (one && two) {
    print(`two workers took ${((two.totalS / one.totalS) * 100).toFixed(0)} % of one worker's time (target about 50 %; 2 cores shared by everything here)`);
    // One worker already keeping `busyCores` of the machine's cores busy leaves room for at most
    // cores / busyCores times its throughput, whatever the number of workers.
    const floor = one.busyCores / cpus().length;
    print(`CPU-bound floor on this machine: one worker kept ${one.busyCores.toFixed(2)} of ${cpus().length} cores busy, so any number of workers needs at least ${(floor * 100).toFixed(0)} % of its time`);
  }
} finally {
  await scratch.dropAll();
  rmSync(dataRoot, { recursive: true, force: true });
}
if (outcomes.some((o) => o.lost || o.doneTwice)) process.exit(1);
