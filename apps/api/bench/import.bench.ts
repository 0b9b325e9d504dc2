/**
 * Bulk-import benchmark: a 100,000-row CSV (~10 MB, a title row, messy headers, some lb/in/m units)
 * through the real HTTP API on PostgreSQL: parse -> validate -> import with upload_id.
 * Targets: total <= 20 s on a 2-core machine, peak RSS of this process (API included)
 * <= 500 MB. Baseline: the same rows inserted with no API at all, as batched
 * `INSERT ... SELECT * FROM unnest($1::text[], ...)` (COPY FROM STDIN would need
 * pg-copy-streams, which is not a dependency), into a bare table and into a copy of
 * the robots table with all its indexes.
 *
 *   BENCH_DATABASE_URL=postgres://... pnpm --filter @cellforge/api bench:import
 * (falls back to TEST_DATABASE_URL; the role needs CREATEDB: a scratch database is made and dropped)
 * BENCH_ROWS overrides the row count; BENCH_DIAG=1 prints heap figures per step.
 *
 * The script runs with --max-old-space-size=256, as a container with a memory limit
 * sizes V8's heap. Without a cap, on a machine with plenty of RAM V8 defers major
 * collections in a young process and RSS holds garbage it would collect under
 * pressure: `npx tsx bench/import.bench.ts` shows that figure (the live heap after
 * each step stays ~60 MB either way; see BENCH_DIAG with node --expose-gc).
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, openAsBlob, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createDb, robotSearchColumns } from '@cellforge/db';
import { createApp } from '../src/app';
import { createLogger } from '../src/lib/logger';
import { IMPORT_BATCH_SIZE } from '../src/modules/bulk-upload/bulk-upload.repository';
import { testConfig } from '../src/test/create-test-app';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server; see README "Tests".');
  process.exit(2);
}

// ---------- peak memory ----------
let peakRss = process.memoryUsage().rss;
let stepPeak = peakRss;
let stepAt = { heapTotal: 0, heapUsed: 0, external: 0 };
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  if (m.rss > peakRss) peakRss = m.rss;
  if (m.rss > stepPeak) {
    stepPeak = m.rss;
    stepAt = { heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external };
  }
}, 50);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

// ---------- the file ----------
const makers = [
  ['ABB', 'IRB'], ['FANUC', 'M-'], ['KUKA', 'KR '], ['Yaskawa', 'GP'], ['Stäubli', 'TX2-'], ['Universal Robots', 'UR'],
  ['Kawasaki', 'RS'], ['Epson', 'T'], ['Denso', 'VS-'], ['Nachi', 'MZ'], ['Comau', 'NJ-'], ['Doosan', 'M'],
  ['Techman', 'TM'], ['Omron', 'Viper '], ['Mitsubishi Electric', 'RV-'], ['Franka', 'FR3-'], ['Kinova', 'Gen3-'],
] as const;

interface Truth {
  manufacturer: string;
  model: string;
  payload: number;
  reach: number;
  dof: number;
}

/** Row i of the file: the cells as written (messy) and the values they mean (kg, mm). */
function rowOf(i: number): { line: string; truth: Truth } {
  const [maker, prefix] = makers[i % makers.length]!;
  const model = `${prefix}${1000 + (i % 9000)}-${Math.floor(i / 9000)}/${(i * 7) % 97}`;
  const payload = 3 + ((i * 37) % 400) / 2;
  const reach = 500 + ((i * 53) % 3000);
  const dof = i % 11 === 0 ? 4 : 6;
  let payloadCell = String(payload);
  let reachCell = String(reach);
  if (i % 10 === 3) payloadCell = `${(payload / 0.45359237).toFixed(1)} lb`;
  if (i % 10 === 7) reachCell = `${(reach / 25.4).toFixed(2)} in`;
  if (i % 25 === 11) reachCell = `${(reach / 1000).toFixed(3)} m`;
  const notes = i % 3 === 0 ? '"Cell 4, line B; spare arm, checked by maintenance"' : `in service since ${2015 + (i % 9)}, line ${i % 40}`;
  const line = [maker, model, payloadCell, reachCell, String(dof), String(20_000 + (i % 50) * 1000), `2023-${String((i % 12) + 1).padStart(2, '0')}-15`, `SN-${(i * 7919) % 1_000_000}`, notes].join(',');
  return { line, truth: { manufacturer: maker, model, payload, reach, dof } };
}

/** Writes the CSV to a scratch file: the upload is streamed from disk, as a browser would send it. */
function generate(path: string): number {
  const header = ['Robot fleet export — ACME Integration (confidential)', '', ['Mfr.', 'Model No.', 'Max Payload', 'Reach (mm)', 'No. of axes', 'Price (USD)', 'Commissioned', 'Serial', 'Notes'].join(',')];
  writeFileSync(path, `${header.join('\r\n')}\r\n`);
  for (let start = 0; start < ROWS; start += 10_000) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(ROWS, start + 10_000); i += 1) lines.push(rowOf(i).line);
    appendFileSync(path, `${lines.join('\r\n')}\r\n`);
  }
  return statSync(path).size;
}

/** An autovacuum worker (another role) may still be on the scratch database after the bulk inserts: wait and retry. */
async function dropScratch(): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      return;
    } catch (err) {
      if (attempt >= 10) {
        console.error(`could not drop the scratch database ${name}: ${(err as Error).message}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<{ value: T; ms: number; peak: number }> {
  stepPeak = process.memoryUsage().rss;
  const t = performance.now();
  const value = await fn();
  const ms = performance.now() - t;
  const peak = stepPeak;
  console.log(`  ${label.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(6)} s   peak RSS ${mb(peak)}`);
  if (process.env.BENCH_DIAG) {
    console.log(`      at the peak: heap ${mb(stepAt.heapUsed)} used of ${mb(stepAt.heapTotal)}, external ${mb(stepAt.external)}`);
    const g = (globalThis as { gc?: () => void }).gc;
    const m0 = process.memoryUsage();
    g?.();
    const m = process.memoryUsage();
    console.log(`      heap ${mb(m0.heapUsed)} -> after gc ${mb(m.heapUsed)} (total ${mb(m.heapTotal)}), external ${mb(m.external)}, arrayBuffers ${mb(m.arrayBuffers)}, rss ${mb(m.rss)}`);
  }
  return { value, ms, peak };
}

const name = `cf_bench_${randomBytes(4).toString('hex')}`;
const csvPath = path.join(tmpdir(), `${name}.csv`);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const handle = await createDb({ databaseUrl: url.toString(), poolMax: 10 });

try {
  const size = (await timed('generate CSV', async () => generate(csvPath))).value;
  console.log(`\nBulk import benchmark: ${ROWS.toLocaleString('en-US')} rows, CSV ${(size / 1024 / 1024).toFixed(1)} MB, PostgreSQL, ${cpus().length} cores\n`);

  const app = createApp({ db: handle.db, dbKind: handle.kind, config: testConfig(), logger: createLogger('silent') });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = async (path: string, init: RequestInit) => {
    const res = await fetch(`${base}${path}`, init);
    const body = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${path} -> ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const reg = await call('/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-1', first_name: 'Bench', last_name: 'Mark', user_type: 'integrator' }),
  });
  const auth = { authorization: `Bearer ${String(reg.token)}` };

  const runPipeline = async (label: string) => {
    console.log(label);
    const parse = await timed('POST /parse (upload the file)', async () => {
      const form = new FormData();
      form.append('file', await openAsBlob(csvPath, { type: 'text/csv' }), 'fleet.csv');
      return call('/api/integrator/bulk-upload/parse', { method: 'POST', headers: auth, body: form });
    });
    const { upload_id, suggested_mappings, row_count } = parse.value as { upload_id: string; suggested_mappings: object; row_count: number };
    const json = { ...auth, 'content-type': 'application/json' };
    const body = JSON.stringify({ upload_id, mappings: suggested_mappings });
    const validate = await timed('POST /validate (upload_id)', () => call('/api/integrator/bulk-upload/validate', { method: 'POST', headers: json, body }));
    const imp = await timed('POST /import (upload_id)', () => call('/api/integrator/bulk-upload/import', { method: 'POST', headers: json, body }));
    const total = parse.ms + validate.ms + imp.ms;
    const v = validate.value as { valid_count: number; warning_count: number; error_count: number };
    console.log(`  ${'total parse + validate + import'.padEnd(34)} ${(total / 1000).toFixed(2).padStart(6)} s   (target <= 20 s)`);
    console.log(`  rows ${row_count}; valid ${v.valid_count}, with warnings ${v.warning_count}, errors ${v.error_count}; import ${JSON.stringify(imp.value)}`);
    return { total, parse, validate, imp };
  };

  const first = await runPipeline('First import (all rows new):');
  const second = await runPipeline('\nRe-import of the same file (all rows unchanged):');
  server.close();

  // Spot-check the converted values against the generator's truth.
  const check = await handle.db.execute(`select model, payload_kg, reach_mm, dof from robots where owner_id is not null order by random() limit 200` as never);
  const truth = Array.from({ length: ROWS }, (_, i) => rowOf(i).truth);
  const byModel = new Map(truth.map((t) => [t.model, t]));
  let off = 0;
  for (const r of (check as unknown as { rows: Array<{ model: string; payload_kg: number; reach_mm: number; dof: number }> }).rows) {
    const t = byModel.get(r.model)!;
    if (Math.abs(r.payload_kg - t.payload) > 0.06 || Math.abs(r.reach_mm - t.reach) > 1 || r.dof !== t.dof) off += 1;
  }
  console.log(`\nSpot check: ${off} of 200 random imported robots differ from the generated values (0 expected)`);

  // ---------- bare baseline: no API, no parsing, no validation ----------
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query('create table bench_bare (manufacturer text, model text, payload_kg double precision, reach_mm double precision, dof integer)');
  await client.query('create table bench_robots (like robots including all)');
  await client.query('alter table bench_robots add foreign key (owner_id) references users(id)');
  // The search columns every robot row carries are computed outside the timer, so the
  // robots-like baseline does the same index work (trigram GIN on search/compact text).
  const search = truth.map((t) => robotSearchColumns({ manufacturer: t.manufacturer, model: t.model, category: 'articulated' }));
  const columns = {
    manufacturer: truth.map((t) => t.manufacturer),
    model: truth.map((t) => t.model),
    payload: truth.map((t) => String(t.payload)),
    reach: truth.map((t) => String(t.reach)),
    dof: truth.map((t) => String(t.dof)),
    key: search.map((x) => x.normalizedKey),
    searchText: search.map((x) => x.searchText),
    compactText: search.map((x) => x.compactText),
  };
  const bare = async (table: string, full: boolean) => {
    await client.query('begin');
    for (let i = 0; i < ROWS; i += IMPORT_BATCH_SIZE) {
      const slice = (a: string[]) => a.slice(i, i + IMPORT_BATCH_SIZE);
      const base = [slice(columns.manufacturer), slice(columns.model), slice(columns.payload), slice(columns.reach), slice(columns.dof)];
      if (!full) {
        await client.query(
          `insert into ${table} (manufacturer, model, payload_kg, reach_mm, dof)
           select m, mo, p::double precision, r::double precision, d::integer
           from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) as x(m, mo, p, r, d)`,
          base,
        );
      } else {
        await client.query(
          `insert into ${table} (manufacturer, model, payload_kg, reach_mm, dof, normalized_key, search_text, compact_text, category, owner_id, listed)
           select m, mo, p::double precision, r::double precision, d::integer, k, st, ct, 'articulated', $9::uuid, false
           from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) as x(m, mo, p, r, d, k, st, ct)`,
          [...base, slice(columns.key), slice(columns.searchText), slice(columns.compactText), (reg.user as { id: string }).id],
        );
      }
    }
    await client.query('commit');
  };
  console.log('\nBaseline (same rows, batched INSERT ... SELECT FROM unnest(...), one transaction, no API):');
  const bareTable = await timed('into a bare 5-column table', () => bare('bench_bare', false));
  const robotsLike = await timed('into a copy of robots (all indexes)', () => bare('bench_robots', true));
  await client.end();

  console.log('\nSummary');
  console.log(`  API pipeline (first import)        ${(first.total / 1000).toFixed(2)} s  (parse ${(first.parse.ms / 1000).toFixed(2)}, validate ${(first.validate.ms / 1000).toFixed(2)}, import ${(first.imp.ms / 1000).toFixed(2)})`);
  console.log(`  API pipeline (re-import)           ${(second.total / 1000).toFixed(2)} s`);
  console.log(`  bare insert, plain table           ${(bareTable.ms / 1000).toFixed(2)} s   ratio API/bare ${(first.total / bareTable.ms).toFixed(1)}x`);
  console.log(`  bare insert, robots-like table     ${(robotsLike.ms / 1000).toFixed(2)} s   ratio API/bare ${(first.total / robotsLike.ms).toFixed(1)}x; import step alone ${(first.imp.ms / robotsLike.ms).toFixed(1)}x`);
  console.log(`  peak RSS of this process           ${mb(peakRss)}  (target <= 500 MB; includes the generated file and the baseline arrays)`);
} finally {
  clearInterval(sampler);
  rmSync(csvPath, { force: true });
  await handle.close();
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await dropScratch();
  await admin.end();
}
