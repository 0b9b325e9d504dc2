/**
 * Catalog search benchmark (issue: marketplace speed target).
 * 10,000 robots in PostgreSQL; text + 3 filters + facets at 20 concurrent clients:
 * p95 inside the API must be <= 25 ms, and the API's throughput at least 40% of the
 * same SQL sent straight through a pg pool in the same run.
 *
 *   BENCH_DATABASE_URL=postgres://... pnpm --filter @cellforge/api bench:catalog
 * (falls back to TEST_DATABASE_URL; the role needs CREATEDB: a scratch database is made and dropped)
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { robotQuerySchema } from '@cellforge/contracts';
import { createDb, robots, robotSearchColumns, seedRobots } from '@cellforge/db';
import { createApp } from '../src/app';
import { createLogger } from '../src/lib/logger';
import { searchRobots } from '../src/modules/robots/robots.repository';
import { testConfig } from '../src/test/create-test-app';

const ROBOTS = 10_000;
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const QUERY = { q: 'fanuc', category: 'articulated', minPayload: '10', maxPayload: '300', application: 'material-handling' };

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server; see README "Tests".');
  process.exit(2);
}

const name = `cf_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const handle = await createDb({ databaseUrl: url.toString(), poolMax: CONNECTIONS });
try {
  // 10,000 realistic rows: the seed catalog plus variants with scaled figures.
  const rows = Array.from({ length: ROBOTS }, (_, i) => {
    const base = seedRobots[i % seedRobots.length]!;
    const variant = Math.floor(i / seedRobots.length);
    const model = variant === 0 ? base.model : `${base.model}-V${variant}`;
    const scale = 1 + ((variant * 7) % 13) / 50;
    return {
      manufacturer: base.manufacturer,
      model,
      ...robotSearchColumns({ manufacturer: base.manufacturer, model, category: base.category, applications: base.applications, industries: base.industries }),
      category: base.category,
      payloadKg: Math.round(base.payloadKg * scale * 10) / 10,
      reachMm: Math.round(base.reachMm * scale),
      dof: base.dof,
      repeatabilityMm: base.repeatabilityMm,
      weightKg: base.weightKg,
      priceMinUsd: base.priceMinUsd,
      priceMaxUsd: base.priceMaxUsd,
      applications: base.applications,
      industries: base.industries,
      description: base.description,
      datasheetSource: base.source,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await handle.db.insert(robots).values(rows.slice(i, i + 500));
  await handle.db.execute('analyze robots' as never);

  const config = testConfig();
  const app = createApp({ db: handle.db, dbKind: handle.kind, config, logger: createLogger('silent') });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;
  const path = `/api/robots?${new URLSearchParams(QUERY).toString()}`;

  const check = await fetch(`http://127.0.0.1:${port}${path}`).then((r) => r.json() as Promise<{ total: number; facets: unknown }>);
  console.log(`query ${path} -> total ${check.total}`);

  // Warm-up, then the measured API run.
  await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: 2 });
  const api = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: DURATION_S });
  server.close();

  // The same SQL (the repository function: page + facets) straight through the pool.
  const query = robotQuerySchema.parse(QUERY);
  const latencies: number[] = [];
  let done = 0;
  const deadline = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await searchRobots(handle.db, query);
        latencies.push(performance.now() - t);
        done += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const directRps = done / DURATION_S;
  const apiRps = api.requests.average;
  const lat = api.latency as unknown as { p50: number; p90: number; p97_5: number; p99: number; average: number };

  console.log(`\nCatalog search, ${ROBOTS} robots on PostgreSQL, ${CONNECTIONS} concurrent clients, ${DURATION_S} s`);
  console.log(`API:    ${apiRps.toFixed(0)} req/s; latency p50 ${lat.p50} ms, p90 ${lat.p90} ms, p97.5 ${lat.p97_5} ms, p99 ${lat.p99} ms; errors ${api.errors}, non-2xx ${api.non2xx}`);
  console.log(
    `Direct: ${directRps.toFixed(0)} queries/s; latency p50 ${latencies[Math.floor(latencies.length * 0.5)]!.toFixed(1)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)]!.toFixed(1)} ms`,
  );
  console.log(`Ratio API/direct throughput: ${((apiRps / directRps) * 100).toFixed(0)}% (target >= 40%)`);
  console.log(`API p95 (autocannon reports p90 and p97.5; p95 lies between): <= ${lat.p97_5} ms (target <= 25 ms)`);
} finally {
  await handle.close();
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
