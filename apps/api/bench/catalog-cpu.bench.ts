/**
 * CPU per catalog request of the API and of PostgreSQL (issue 19, session 12): the API bundled and
 * started as production runs it, 20 autocannon clients for never-seen searches (the queries of
 * catalog-scale.bench.ts) and then for the 240 repeated ones; PROF_DIR=dir writes a V8 CPU profile.
 *
 *   BENCH_ROBOTS=10000 TEST_DATABASE_URL=postgres://... pnpm --filter @cellforge/api bench:catalog-cpu
 *
 * Against another commit in the same run (session 15): BENCH_BASELINE=<that commit's apps/api
 * folder, inside this one so its imports resolve>, e.g.
 *   mkdir -p .baseline && git archive main apps/api/src apps/api/package.json packages/db/drizzle | tar -x -C apps/api/.baseline
 *   BENCH_BASELINE=.baseline/apps/api BENCH_ROUNDS=3 ... bench:catalog-cpu
 * Each side gets its own database (the same generated rows, each migrated by its own folder, so
 * each has its own indexes) and its own API; the steps alternate side by side, the order swapped
 * every round. BENCH_OFFERS=n adds n offers (as catalog-offers.bench.ts) and BENCH_OFFER_QUERIES=1
 * asks the never-seen searches with a price band and a condition (the offers-joined search).
 * The shared packages (contracts, requirements) are this tree's for both.
 */
import { benchServerUrl, loadAverage, scratchDatabases } from './scratch-database';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
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
/** BENCH_ONLY=repeated: the repeated step alone; BENCH_ONLY=never-seen: the never-seen step alone. */
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
const BASELINE = process.env.BENCH_BASELINE;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 0);
const OFFER_QUERIES = process.env.BENCH_OFFER_QUERIES === '1';
const conditionSets = ['used', 'new', 'refurbished', 'used,refurbished', 'new,used'];
/** A never-seen search; with BENCH_OFFER_QUERIES, with a price band and a condition (they read the offers' summary). */
function askedQuery(i: number): Record<string, string> {
  const q = novelQuery(i);
  if (!OFFER_QUERIES) return q;
  return { ...q, minPrice: String(5000 + (i % 31) * 1000), maxPrice: String(60_000 + (i % 47) * 2000), condition: conditionSets[i % conditionSets.length]! };
}

/** catalog-offers.bench.ts's offers: 500 suppliers, offers spread over the first 6,000 robots. */
async function insertOffers(db: Awaited<ReturnType<typeof createDb>>['db'], count: number): Promise<void> {
  await db.execute(sql`insert into users (email, password_hash, first_name, last_name, user_type) select 'bench-supplier-' || g || '@example.com', 'x', 'S', 'upplier', 'supplier' from generate_series(1, 500) g`);
  await db.execute(sql`
    with r as (select id, row_number() over (order by id) as n from robots),
         s as (select id, row_number() over (order by id) as k from users where user_type = 'supplier')
    insert into offers (robot_id, supplier_id, price_min, price_max, currency, condition, lead_time_weeks, regions, warranty_months, status)
    select r.id, s.id, 8000 + (g * 7919) % 140000, null, case when g % 5 = 0 then 'EUR' else 'USD' end,
           (array['new', 'used', 'refurbished'])[1 + g % 3], g % 16, array['EU'], 12, case when g % 10 = 0 then 'paused' else 'active' end
    from generate_series(1, ${count}) g
    join r on r.n = 1 + (g * 2654435761::bigint) % 6000
    join s on s.k = 1 + (g / 6000 + g / 60000 * 7) % 500
    on conflict do nothing`);
}

interface Side {
  label: string;
  handle: Awaited<ReturnType<typeof createDb>>;
  api: Awaited<ReturnType<typeof startApi>>;
}

const scratch = await scratchDatabases(benchServerUrl());
const sides: Side[] = [];
const removals: Array<() => void> = [];
try {
  const flags = [...apiHeapFlags(process.env), ...(PROF ? ['--cpu-prof', `--cpu-prof-dir=${PROF}`] : [])];
  const made = [{ label: BASELINE ? 'this tree' : '', appDir: undefined as string | undefined }, ...(BASELINE ? [{ label: 'baseline  ', appDir: path.resolve(BASELINE) }] : [])];
  for (const { label, appDir } of made) {
    const { url } = await scratch.create();
    const handle = await createDb({ databaseUrl: url, poolMax: 4, ...(appDir ? { migrationsFolder: path.resolve(appDir, '../../packages/db/drizzle') } : {}) });
    await insertGeneratedRobots(handle.db, ROBOTS);
    if (OFFERS) await insertOffers(handle.db, OFFERS);
    await handle.db.execute(sql`analyze robots`);
    await handle.db.execute(sql`vacuum analyze robot_search, robot_facet_sets, robot_offer_summaries, offers`);
    const bundle = appDir ? await bundleApi({ appDir, outDir: path.join(appDir, 'bench-dist') }) : await bundleApi();
    removals.push(appDir ? () => rmSync(path.join(appDir, 'bench-dist'), { recursive: true, force: true }) : removeBundle);
    sides.push({ label, handle, api: await startApi(bundle, url, flags) });
  }
  const measure = async (side: Side, label: string, run: () => Promise<autocannon.Result>) => {
    const { handle, api } = side;
    const backends = async () => (await queryRows<{ pid: number }>(handle.db, sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).map((r) => r.pid);
    const l0 = loadAverage();
    const before = cpuMsOf([api.pid, ...(await backends())]);
    const r = await run();
    const pids = [...new Set([...before.keys(), ...(await backends())])];
    const after = cpuMsOf(pids);
    const used = (pid: number) => Math.max(0, (after.get(pid) ?? 0) - (before.get(pid) ?? 0));
    const n = Math.max(1, r.requests.total);
    const lat = r.latency as unknown as { p97_5: number };
    console.log(`${side.label}${side.label ? ' ' : ''}${label}: ${r.requests.average.toFixed(0)} req/s p97.5 ${lat.p97_5} ms non2xx ${r.non2xx}; CPU per request API ${(used(api.pid) / n).toFixed(3)} ms, PostgreSQL ${(pids.filter((p) => p !== api.pid).reduce((s, p) => s + used(p), 0) / n).toFixed(3)} ms (load ${l0} -> ${loadAverage()})`);
  };
  // Each round asks queries no side has seen (both sides the same ones).
  let n = 1_000_000;
  for (const side of sides) await fetch(`${side.api.base}${pathOf(askedQuery(0))}`);
  const repeatedReady = new Set<Side>();
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const start = n;
    for (const side of order) {
      if (ONLY === 'repeated') break;
      let k = start;
      await measure(side, 'never-seen 20', () => autocannon({ url: side.api.base, connections: 20, ...AMOUNT, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathOf(askedQuery(k++)) }) }] }));
      n = Math.max(n, k);
    }
    for (const side of order) {
      if (ONLY === 'never-seen') break;
      if (!repeatedReady.has(side)) {
        for (const q of repeated) await (await fetch(`${side.api.base}${pathOf(q)}`)).arrayBuffer();
        repeatedReady.add(side);
      }
      await measure(side, 'repeated   20', () => autocannon({ url: side.api.base, connections: 20, ...AMOUNT, requests: repeated.map((q) => ({ method: 'GET' as const, path: pathOf(q) })) }));
    }
  }
} finally {
  for (const side of sides) await side.api.stop();
  for (const remove of removals) remove();
  for (const side of sides) await side.handle.close();
  await scratch.dropAll();
}
