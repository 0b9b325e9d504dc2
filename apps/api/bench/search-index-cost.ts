/**
 * What widening robot_search_set_payload_idx (migration 0030: INCLUDE id, manufacturer, model)
 * costs PostgreSQL per public robot written (issue 19, session 15), measured like
 * import-gin-cost.ts: N rows (default 200,000, bench-shaped makers and models) inserted in one
 * statement into a copy of robot_search with the narrow index (0011's INCLUDE) and into one with
 * the wide index (0030's), in a scratch database, each run BENCH_ROUNDS times in turn; the
 * backend's CPU seconds from /proc (the server must be local) and the index's size. Only public
 * robots (listed, active) are in robot_search: an integrator's private import does not write it.
 *   BENCH_DATABASE_URL=postgres://... N=200000 pnpm exec tsx bench/search-index-cost.ts
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createDb } from '@cellforge/db';
import { benchServerUrl, scratchDatabases } from './scratch-database';

const scratch = await scratchDatabases(benchServerUrl());
const db = await scratch.create();
const handle = await createDb({ databaseUrl: db.url, poolMax: 1 });
await handle.close();
const N = Number(process.env.N ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const c = new pg.Client({ connectionString: db.url });
await c.connect();
try {
  const pid = (await c.query<{ p: number }>('select pg_backend_pid() as p')).rows[0]!.p;
  const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const include = {
    narrow: '"reach_mm", "dof", "price_min_usd", "price_max_usd"',
    wide: '"reach_mm", "dof", "price_min_usd", "price_max_usd", "id", "manufacturer", "model"',
  };
  const results: Record<string, number[]> = { narrow: [], wide: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const kind of (round % 2 === 0 ? ['narrow', 'wide'] : ['wide', 'narrow']) as Array<keyof typeof include>) {
      await c.query('begin');
      const t = `tmp_search_${kind}`;
      await c.query(`create temporary table ${t} (like robot_search including defaults including constraints)`);
      await c.query(`alter table ${t} add primary key ("id")`);
      await c.query(`create index on ${t} using btree ("facet_set", "payload_kg") include (${include[kind]})`);
      const c0 = cpu();
      const w0 = performance.now();
      await c.query(`insert into ${t} ("id", "facet_set", "manufacturer", "model", "payload_kg", "reach_mm", "dof", "price_min_usd", "price_max_usd", "row_search", "row_compact")
        select gen_random_uuid(), 1 + i % 203, m, mo, 3 + (i * 37 % 400) / 2.0, 500 + (i * 53 % 3000), 6, 20000 + i % 90000, 30000 + i % 90000, lower(mo), lower(regexp_replace(mo, '[^A-Za-z0-9]', '', 'g'))
        from (select i, (array['ABB','FANUC','KUKA','Yaskawa','Staubli','Universal Robots','Kawasaki','Epson','Denso','Nachi','Comau','Doosan','Techman','Omron','Mitsubishi Electric','Franka','Kinova'])[1 + i % 17] as m,
                     (array['IRB','M-','KR ','GP','TX2-','UR','RS','T','VS-','MZ','NJ-','M','TM','Viper ','RV-','FR3-','Gen3-'])[1 + i % 17] || (1000 + i % 9000) || '-' || (i / 9000) || '/' || (i * 7 % 97) as mo
              from generate_series(0, ${N - 1}) i) x`);
      const used = cpu() - c0;
      results[kind]!.push(used);
      const size = (await c.query<{ s: string }>(`select pg_size_pretty(pg_relation_size(indexrelid)) as s from pg_index where indrelid = '${t}'::regclass and not indisprimary`)).rows[0]?.s;
      console.log(`${N} public robots into a copy of robot_search with the ${kind} index: PostgreSQL CPU ${used.toFixed(2)} s (${((used * 1e6) / N).toFixed(2)} µs per row), wall ${((performance.now() - w0) / 1000).toFixed(1)} s, index ${size}, load ${load()}`);
      await c.query('rollback');
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const extra = median(results.wide!) - median(results.narrow!);
  console.log(`median: narrow ${median(results.narrow!).toFixed(2)} s, wide ${median(results.wide!).toFixed(2)} s: the wider INCLUDE costs ${((extra * 1e6) / N).toFixed(2)} µs of PostgreSQL CPU per public robot written`);
} finally {
  await c.end();
  await scratch.dropAll();
}
