/**
 * What one chat rate-limit hit costs (issue 12's chat CPU, session 15): the API's CPU and the
 * PostgreSQL backend's CPU per increment, for the shipped drizzle upsert and cheaper forms.
 *   TEST_DATABASE_URL=postgres://... pnpm --filter @cellforge/api exec tsx bench/rate-limit-cost.ts [--hits 4000]
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, type Database } from '@cellforge/db';
import { incrementRateLimit } from '../src/modules/auth/rate-limit.repository';
import { databaseCpuMs } from './cpu-cost';
import { benchServerUrl, loadAverage, scratchDatabases } from './scratch-database';

const i = process.argv.indexOf('--hits');
const HITS = i >= 0 ? Number(process.argv[i + 1]) : 4000;
const CONCURRENCY = 8;

const scratch = await scratchDatabases(benchServerUrl(' (the role needs CREATEDB)'), 'cf_ratecost');
try {
  const { name, url } = await scratch.create();
  const handle = await createDb({ databaseUrl: url, poolMax: 8 });
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const text = `insert into rate_limits (key, hits, reset_at) values ($1, 1, $2)
    on conflict (key) do update set hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
    reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end returning hits, reset_at`;
  const variants: Array<[string, (db: Database, key: string) => Promise<unknown>]> = [
    ['drizzle upsert (shipped)', (db, key) => incrementRateLimit(db, key, 60_000)],
    ['db.execute(sql``)', (db, key) => db.execute(sql`insert into rate_limits (key, hits, reset_at) values (${key}, 1, ${new Date(Date.now() + 60_000)})
      on conflict (key) do update set hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end returning hits, reset_at`)],
    ['pool.query, unnamed', (_db, key) => pool.query(text, [key, new Date(Date.now() + 60_000)])],
    ['pool.query, named (prepared)', (_db, key) => pool.query({ name: 'rate_hit', text, values: [key, new Date(Date.now() + 60_000)] })],
  ];
  for (const round of [0, 1]) {
    for (const [label, run] of round ? [...variants].reverse() : variants) {
      const db0 = await databaseCpuMs(admin, name);
      const cpu0 = process.cpuUsage();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < HITS) {
            next += 1;
            await run(handle.db, `chat:10.0.0.${String(next % 20)}`);
          }
        }),
      );
      const cpu = process.cpuUsage(cpu0);
      const db1 = await databaseCpuMs(admin, name);
      let dbMs = 0;
      for (const [pid, ms] of db1) dbMs += ms - (db0.get(pid) ?? 0);
      console.log(`${label.padEnd(30)} API ${((cpu.user + cpu.system) / 1000 / HITS).toFixed(3)} ms, PostgreSQL ${(dbMs / HITS).toFixed(3)} ms per hit (load ${loadAverage()})`);
    }
  }
  await admin.end();
  await handle.close();
} finally {
  await scratch.dropAll();
}
