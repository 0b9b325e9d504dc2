/**
 * What the four GIN indexes of robots cost PostgreSQL per inserted row (issue 14): N rows (default
 * 200,000, bench-shaped makers and models, search columns computed in SQL) inserted in one statement
 * into a copy of robots with its indexes, then into a copy without its GIN indexes, in a scratch
 * database; the backend's CPU seconds from /proc (the server must be local). The difference is the
 * GIN maintenance (the SQL that builds the rows costs the same in both).
 *   BENCH_DATABASE_URL=postgres://... N=200000 pnpm exec tsx bench/import-gin-cost.ts
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createDb } from '@cellforge/db';
import { benchServerUrl, scratchDatabases } from './scratch-database';
const scratch = await scratchDatabases(benchServerUrl());
const db = await scratch.create();
const handle = await createDb({ databaseUrl: db.url, poolMax: 1 });
await handle.close();
const N = Number(process.env.N ?? 200000);
const c = new pg.Client({ connectionString: db.url });
await c.connect();
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p;
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
await c.query('begin');
const owner = null;
for (const gin of [true, false]) {
  const t = `tmp_gin_${gin ? 'with' : 'without'}`;
  await c.query(`create temporary table ${t} (like robots including all)`);
  if (!gin) for (const r of (await c.query(`select indexname from pg_indexes where tablename = '${t}' and indexdef ilike '% using gin %'`)).rows) await c.query(`drop index "${r.indexname}"`);
  const n = (await c.query(`select count(*)::int n from pg_indexes where tablename = '${t}' and indexdef ilike '% using gin %'`)).rows[0].n;
  const c0 = cpu(); const w0 = performance.now();
  await c.query(`insert into ${t} (manufacturer, model, normalized_key, search_text, compact_text, category, payload_kg, reach_mm, dof, owner_id, listed, status, datasheet_source)
    select m, mo, lower(m) || '|' || lower(regexp_replace(mo, '[^A-Za-z0-9]', '', 'g')),
           lower(m) || ' ' || lower(mo) || ' ' || lower(regexp_replace(mo, '[^A-Za-z0-9]+', ' ', 'g')) || ' articulated',
           lower(m) || ' ' || lower(regexp_replace(mo, '[^A-Za-z0-9]', '', 'g')), 'articulated', 3 + (i * 37 % 400) / 2.0, 500 + (i * 53 % 3000), 6, $1::uuid, false, 'active', 'Bulk upload: fleet.csv'
    from (select i, (array['ABB','FANUC','KUKA','Yaskawa','Staubli','Universal Robots','Kawasaki','Epson','Denso','Nachi','Comau','Doosan','Techman','Omron','Mitsubishi Electric','Franka','Kinova'])[1 + i % 17] as m,
                 (array['IRB','M-','KR ','GP','TX2-','UR','RS','T','VS-','MZ','NJ-','M','TM','Viper ','RV-','FR3-','Gen3-'])[1 + i % 17] || (1000 + i % 9000) || '-' || (i / 9000) || '/' || (i * 7 % 97) as mo
          from generate_series(0, ${N - 1}) i) x`, [owner]);
  console.log(`${N} rows into a copy of robots ${gin ? `with its ${n} GIN indexes` : 'without GIN indexes'}: PostgreSQL CPU ${(cpu() - c0).toFixed(1)} s, wall ${((performance.now() - w0) / 1000).toFixed(1)} s, load ${load()}`);
}
await c.query('rollback');
await c.end();
await scratch.dropAll();
