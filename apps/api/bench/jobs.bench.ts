/**
 * Queue overhead of the durable jobs (issue 18): N no-op jobs (a 20 ms handler standing in
 * for a perception call) run by W workers of C loops each, on PGlite (the embedded default,
 * on its worker thread as the API runs it) or PostgreSQL (`--pg`: a scratch database on
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, made and dropped). Prints jobs/s, the time from
 * enqueue to start (p50/p95) and checks that every job ran exactly once.
 *   pnpm --filter @cellforge/api bench:jobs [--jobs 300] [--workers 2] [--loops 2] [--pg]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, type DbHandle } from '@cellforge/db';
import { benchServerUrl, loadAverage, scratchDatabases } from './scratch-database';
import { createLogger } from '../src/lib/logger';
import { createJobWorker, insertQueueJob, type JobHandler } from '../src/modules/jobs';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const jobCount = arg('jobs', 300);
const workerCount = arg('workers', 2);
const loops = arg('loops', 2);
const usePg = process.argv.includes('--pg');

async function openDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (!usePg) {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-jobs-bench-'));
    const handle = await createDb({ dataDir: dir, pgliteThread: 'worker' });
    return { handle, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const scratch = await scratchDatabases(benchServerUrl(' (--pg)'), 'cf_jobs_bench');
  const handle = await createDb({ databaseUrl: (await scratch.create()).url, poolMax: 10 });
  return { handle, drop: () => scratch.dropAll() };
}

const { handle, drop } = await openDatabase();
const runs = new Map<string, number>();
const waits: number[] = [];
const handler: JobHandler<null> = {
  async run(job) {
    runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    waits.push(Date.now() - job.createdAt.getTime());
    await new Promise((r) => setTimeout(r, 20));
    return null;
  },
  succeeded: async () => undefined,
  failed: async () => undefined,
  isRetryable: () => false,
  describe: () => ({ code: 'INTERNAL', message: 'x' }),
};
const logger = createLogger('silent');
const workers = Array.from({ length: workerCount }, (_, i) =>
  createJobWorker({ db: handle.db, logger, handlers: { 'bench.noop': handler }, concurrency: loops, pollMs: 20, leaseMs: 30_000, workerId: `w${i}` }),
);
const started = Date.now();
for (let i = 0; i < jobCount; i++) await insertQueueJob(handle.db, { kind: 'bench.noop', payload: { i } });
const enqueued = Date.now();
for (const w of workers) w.start();
while (runs.size < jobCount) await new Promise((r) => setTimeout(r, 20));
const finished = Date.now();
await Promise.all(workers.map((w) => w.stop()));
await handle.close();
await drop();

waits.sort((a, b) => a - b);
const pct = (p: number) => waits[Math.min(waits.length - 1, Math.floor((p / 100) * waits.length))];
const twice = [...runs.values()].filter((n) => n !== 1).length;
console.log(
  JSON.stringify({
    database: usePg ? 'postgres' : 'pglite (worker thread)',
    jobs: jobCount,
    workers: workerCount,
    loopsPerWorker: loops,
    enqueueMs: enqueued - started,
    runMs: finished - enqueued,
    jobsPerSecond: Math.round((jobCount / (finished - enqueued)) * 1000),
    idealJobsPerSecond: Math.round((workerCount * loops * 1000) / 20),
    enqueueToStartP50Ms: pct(50),
    enqueueToStartP95Ms: pct(95),
    ranMoreOrLessThanOnce: twice,
    loadavg: loadAverage(),
  }),
);
if (twice) process.exit(1);
