/**
 * CPU per catalog request of the API and of PostgreSQL (issue 19, session 12): the API bundled and
 * started as production runs it, 20 autocannon clients for never-seen searches (the queries of
 * catalog-scale.bench.ts) and then for the 240 repeated ones; PROF_DIR=dir writes a V8 CPU profile.
 *
 *   BENCH_ROBOTS=10000 TEST_DATABASE_URL=postgres://... pnpm --filter @cellforge/api bench:catalog-cpu
 */
import { benchServerUrl, loadAverage, scratchDatabases } from './scratch-database';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createDb, queryRows } from '@cellforge/db';
import { apiHeapFlags } from '../../../scripts/start.mjs';
import { bundleApi, removeBundle, startApi } from './api-process';
import { insertGeneratedRobots } from './generated-robots';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const PROF = process.env.PROF_DIR;
/** BENCH_REQUESTS=n: each step sends n requests instead of running BENCH_DURATION_S (fewer idle ticks divided in on a loaded machine). */
const AMOUNT = process.env.BENCH_REQUESTS ? { amount: Number(process.env.BENCH_REQUESTS) } : { duration: DURATION_S };
/** BENCH_ONLY=repeated: the repeated step alone. */
const ONLY = process.env.BENCH_ONLY;
const words = ['fanuc', 'abb', 'kuka', 'yaskawa', 'welding', 'cobot', 'palletizing', 'epson', 'scara', 'ur', 'motoman', 'assembly'];
const categories = ['articulated', 'collaborative', 'scara', 'palletizing', 'delta'];
const applications = ['material-handling', 'assembly', 'welding', 'palletizing'];
function novelQuery(i: number): Record<string, string> {
  const min = (i % 997) / 10;
  const max = min + 5 + (Math.floor(i / 997) % 400);
  return { q: words[i % words.length]!, category: categories[Math.floor(i / words.length) % categories.length]!, application: applications[Math.floor(i / 60) % applications.length]!, minPayload: min.toFixed(1), maxPayload: String(max) };
}
const repeated = Array.from({ length: 240 }, (_, i) => novelQuery(i * 7919));
const pathOf = (q: Record<string, string>) => `/api/robots?${new URLSearchParams(q).toString()}`;
function cpuMsOf(pids: readonly number[]): Map<number, number> {
  return new Map(pids.map((pid) => { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []; return [pid, (Number(f[11]) + Number(f[12])) * 10]; } catch { return [pid, 0]; } }));
}
const scratch = await scratchDatabases(benchServerUrl());
const { url } = await scratch.create();
const handle = await createDb({ databaseUrl: url, poolMax: 4 });
const bundle = await bundleApi();
try {
  await insertGeneratedRobots(handle.db, ROBOTS);
  await handle.db.execute(sql`analyze robots`);
  await handle.db.execute(sql`vacuum analyze robot_search, robot_facet_sets`);
  const flags = [...apiHeapFlags(process.env), ...(PROF ? ['--cpu-prof', `--cpu-prof-dir=${PROF}`] : [])];
  const api = await startApi(bundle, url, flags);
  const measure = async (label: string, run: () => Promise<autocannon.Result>) => {
    const backends = async () => (await queryRows<{ pid: number }>(handle.db, sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).map((r) => r.pid);
    const l0 = loadAverage();
    const before = cpuMsOf([api.pid, ...(await backends())]);
    const r = await run();
    const pids = [...new Set([...before.keys(), ...(await backends())])];
    const after = cpuMsOf(pids);
    const used = (pid: number) => Math.max(0, (after.get(pid) ?? 0) - (before.get(pid) ?? 0));
    const n = Math.max(1, r.requests.total);
    const lat = r.latency as unknown as { p97_5: number };
    console.log(`${label}: ${r.requests.average.toFixed(0)} req/s p97.5 ${lat.p97_5} ms non2xx ${r.non2xx}; CPU per request API ${(used(api.pid) / n).toFixed(3)} ms, PostgreSQL ${(pids.filter((p) => p !== api.pid).reduce((s, p) => s + used(p), 0) / n).toFixed(3)} ms (load ${l0} -> ${loadAverage()})`);
  };
  try {
    await fetch(`${api.base}${pathOf(novelQuery(0))}`);
    let n = 1_000_000;
    if (ONLY !== 'repeated') await measure('never-seen 20', () => autocannon({ url: api.base, connections: 20, ...AMOUNT, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathOf(novelQuery(n++)) }) }] }));
    for (const q of repeated) await (await fetch(`${api.base}${pathOf(q)}`)).arrayBuffer();
    await measure('repeated   20', () => autocannon({ url: api.base, connections: 20, ...AMOUNT, requests: repeated.map((q) => ({ method: 'GET' as const, path: pathOf(q) })) }));
  } finally {
    await api.stop();
  }
} finally {
  removeBundle();
  await handle.close();
  await scratch.dropAll();
}
