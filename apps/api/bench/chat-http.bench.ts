/**
 * The chat over HTTP at 4 and 20 clients (issue 12, "Speed"): the real API process, built as
 * shipped (src/server.ts bundled as build.mjs does, `node <start.mjs heap flags>`), on a scratch
 * PostgreSQL database with 10,000 generated robots (ai.bench.ts's catalog), and POST /ai/chat
 * sent by a load generator in its own process (bench/chat-http-client.mjs), no think time:
 *   (a) never-repeating buyers' and technicians' conversations (bench/chat-http-questions.ts:
 *       first questions and follow-ups sent with the answers given so far), and
 *   (b) the repeated set (ai.bench.ts's workload, asked again and again: remembered answers).
 * For each: req/s, p50/p95/p97.5/p99, the API process's CPU per answer (all its threads, from
 * /proc), the PostgreSQL backends' CPU per answer, the API's peak RSS (VmHWM) and the load average.
 *
 *   TEST_DATABASE_URL=postgres://... pnpm --filter @cellforge/api bench:chat-http
 *     [--robots 10000] [--seconds 10] [--clients 4,20] [--rounds 1]
 *     [--baseline <folder holding another commit's apps/api src + package.json>]
 *     [--profile <folder>]  (node --cpu-prof of the API process, written when it stops)
 *     [--statements]  (statements per answer: the database's committed transactions, pg_stat_database,
 *                      read 11 s after each phase so every backend has reported them; one per statement here)
 *   BENCH_KINDS=1 adds p50/p95 per kind of question (selection, troubleshooting, ...) to the never-repeating phases.
 *
 * `--baseline`: that tree's API is bundled too and both answer the same phases, interleaved
 * (the order swapped every round), each with its own fresh questions of the same pool: the
 * before/after of a change on one machine under one load. Shared packages are this tree's.
 * The chat's rate limit (60 a minute per address) is raised for the bench (CHAT_RATE_LIMIT),
 * its counters still kept in the database as shipped. The role needs CREATEDB.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { createDb } from '@cellforge/db';
import { bundleNodeApp } from '../../../scripts/bundle-node-app.mjs';
import { apiHeapFlags } from '../../../scripts/start.mjs';
import { seedGeneratedCatalog, workload } from '../src/modules/ai/ai.bench';
import { startApi, type ApiProcess } from './api-process';
import { conversations, type Conversation } from './chat-http-questions';
import { databaseCpuMs } from './cpu-cost';
import { benchServerUrl, loadAverage, scratchDatabases } from './scratch-database';

const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.resolve(here, '..');
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const ROBOTS = Number(arg('robots') ?? 10_000);
const SECONDS = Number(arg('seconds') ?? 10);
const CLIENTS = (arg('clients') ?? '4,20').split(',').map(Number);
const ROUNDS = Number(arg('rounds') ?? 1);
const baseline = arg('baseline');
const profileDir = arg('profile');
const countStatements = process.argv.includes('--statements');

/** Transactions the database has counted (autocommit: one per statement), after the backends have reported them (at most every 10 s when idle). */
async function committed(admin: pg.Client, database: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 11_000));
  const { rows } = await admin.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = $1', [database]);
  return Number(rows[0]?.n ?? 0);
}

interface Phase {
  label: string;
  clients: number;
  pool: Conversation[];
}
interface ClientReport {
  latencies: number[];
  statuses: Record<string, number>;
  byKind: Record<string, number[]>;
  seconds: number;
  conversations: number;
  clientCpuMs: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

/** CPU (ms) of a whole process, every thread, from /proc. */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function runClients(base: string, phase: Phase, tag: number): Promise<ClientReport> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, 'chat-http-client.mjs'), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as ClientReport));
    child.once('error', reject);
    child.once('exit', (code) => code && reject(new Error(`the load generator exited with ${String(code)}`)));
    child.send({ base, clients: phase.clients, durationMs: SECONDS * 1000, pool: phase.pool, tag: String(tag % 250) });
  });
}

const scratch = await scratchDatabases(benchServerUrl(' (the role needs CREATEDB)'), 'cf_chathttp');
const apis: Array<{ name: string; api: ApiProcess }> = [];
try {
  const { name: database, url } = await scratch.create();
  const t0 = performance.now();
  const seed = await createDb({ databaseUrl: url, poolMax: 4 });
  let ids: Map<string, string>;
  try {
    const seeded = await seedGeneratedCatalog(seed.db, ROBOTS);
    console.log(`Catalog: ${String(seeded.robots)} robots (${String(seeded.inactive)} inactive) on PostgreSQL, seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await seed.close();
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ id: string; model: string }>(`select id, model from robots where status = 'active'`);
    ids = new Map(rows.map((r) => [r.model, r.id]));
  } finally {
    await admin.end();
  }
  const idOf = (model: string) => ids.get(model) ?? ids.values().next().value!;

  // (a): fresh conversations, each phase and round its own slice, the same slices for both trees.
  const fresh = conversations(6000).map((c) => ({
    ...c,
    turns: c.turns.map((t) => {
      if (!t.context || typeof t.context.robotModel !== 'string') return t;
      const { robotModel, ...rest } = t.context;
      return { ...t, context: { ...rest, robotId: idOf(robotModel as string) } };
    }),
  }));
  // (b): ai.bench.ts's workload, each item one request with its own history.
  const repeated: Conversation[] = workload.map((w) => ({
    kind: `repeated ${w.label}`,
    turns: [
      {
        message: w.input.message,
        history: w.input.conversationHistory,
        context: {
          ...(w.input.context ?? {}),
          ...(w.label === 'robot detail' ? { robotId: idOf('UR5e') } : {}),
          ...(w.label === 'compare page' ? { robotIds: ['UR10e', 'CRX-10iA', 'IRB 1200-7/0.7'].map(idOf) } : {}),
        },
      },
    ],
  }));
  console.log(`Questions: ${String(new Set(fresh.map((c) => c.turns[0]!.message)).size)} different first questions in a pool of ${String(fresh.length)} conversations (${String(fresh.reduce((n, c) => n + c.turns.length, 0))} turns); repeated set: ${String(repeated.length)} requests`);

  process.env.CHAT_RATE_LIMIT = '100000000';
  const flags = [...apiHeapFlags(), ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [])];
  const bundles: Array<{ name: string; file: string }> = [];
  const copy: Array<[string, string]> = [
    [path.relative(appDir, path.resolve(appDir, '../../packages/db/drizzle')), 'drizzle'],
    [path.relative(appDir, path.resolve(appDir, '../../packages/db/src/pglite-worker.mjs')), 'pglite-worker.mjs'],
  ];
  bundles.push({ name: baseline ? 'this tree' : 'API', file: await bundleNodeApp(appDir, { build, copy, outDir: path.join(here, 'dist'), quiet: true }) });
  if (baseline) {
    const dir = path.resolve(baseline);
    const rel = (p: string) => path.relative(dir, path.resolve(appDir, p));
    bundles.unshift({ name: 'baseline', file: await bundleNodeApp(dir, { build, copy: [[rel('../../packages/db/drizzle'), 'drizzle'], [rel('../../packages/db/src/pglite-worker.mjs'), 'pglite-worker.mjs']], outDir: path.join(dir, 'dist'), quiet: true }) });
  }
  for (const b of bundles) apis.push({ name: b.name, api: await startApi(b.file, url, flags) });
  console.log(`API: node ${flags.join(' ')} (pid${apis.length > 1 ? 's' : ''} ${apis.map((a) => `${a.name} ${String(a.api.pid)}`).join(', ')}), idle RSS ${apis.map((a) => `${(a.api.idleRss / 2 ** 20).toFixed(0)} MB`).join(' / ')}`);

  // Warm-up: JIT, query plans, the name indexes; the repeated set, then a slice of fresh questions no phase uses.
  for (const a of apis) {
    await runClients(a.api.base, { label: 'warm-up', clients: 4, pool: repeated }, 200);
    await runClients(a.api.base, { label: 'warm-up', clients: 4, pool: fresh.slice(5000) }, 201);
  }

  const admin2 = new pg.Client({ connectionString: url });
  await admin2.connect();
  // The APIs' statements while nobody asks (the job runner's polling): measured once, taken off each phase's count.
  let idlePerMs = 0;
  if (countStatements) {
    const a0 = await committed(admin2, database);
    const t0 = performance.now();
    const a1 = await committed(admin2, database);
    idlePerMs = Math.max(0, a1 - a0 - 1) / (performance.now() - t0);
    console.log(`Statements while idle: ${(idlePerMs * 1000).toFixed(2)} per second (both APIs)`);
  }
  let tag = 1;
  let offset = 0;
  const results: string[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const clients of CLIENTS) {
        for (const kind of ['a', 'b'] as const) {
          const pool = kind === 'a' ? fresh.slice(offset, offset + 1200) : repeated;
          if (kind === 'a') offset += 1200;
          const order = round % 2 ? [...apis].reverse() : apis;
          for (const { name, api } of order) {
            const label = `${kind === 'a' ? '(a) never-repeating' : '(b) repeated set   '} ${String(clients).padStart(2)} clients${apis.length > 1 ? ` ${name}` : ''}`;
            const tx0 = countStatements ? await committed(admin2, database) : 0;
            const txAt = performance.now();
            const loadBefore = loadAverage();
            const db0 = await databaseCpuMs(admin2, database);
            const cpu0 = processCpuMs(api.pid);
            await api.startStep();
            const r = await runClients(api.base, { label, clients, pool }, tag++);
            const mem = await api.endStep();
            const cpu = processCpuMs(api.pid) - cpu0;
            const db1 = await databaseCpuMs(admin2, database);
            let dbMs = 0;
            for (const [pid, ms] of db1) dbMs += ms - (db0.get(pid) ?? 0);
            const n = r.latencies.length;
            // The bench's own reads on the database between the two counts (two CPU reads, one count) are left out.
            let statements = '';
            if (countStatements) {
              const tx1 = await committed(admin2, database);
              // Less the bench's own three reads between the counts and the APIs' idle statements (job polling) over the time.
              const idle = idlePerMs * (performance.now() - txAt);
              statements = `; ${((tx1 - tx0 - 3 - idle) / n).toFixed(2)} statements per answer`;
            }
            const errors = Object.entries(r.statuses).filter(([s]) => s !== '200');
            const line =
              `${label}: ${String(n)} answers, ${(n / r.seconds).toFixed(1)} req/s, p50 ${percentile(r.latencies, 50).toFixed(1)} ms, p95 ${percentile(r.latencies, 95).toFixed(1)} ms, ` +
              `p97.5 ${percentile(r.latencies, 97.5).toFixed(1)} ms, p99 ${percentile(r.latencies, 99).toFixed(1)} ms; CPU per answer: API ${(cpu / n).toFixed(2)} ms, PostgreSQL ${(dbMs / n).toFixed(2)} ms ` +
              `(load generator ${(r.clientCpuMs / n).toFixed(2)} ms); peak RSS ${(mem.peakRss / 2 ** 20).toFixed(0)} MB${mem.exact ? '' : ' (sampled)'}; ` +
              `load ${loadBefore} -> ${loadAverage()}${statements}${errors.length ? `; NOT 200: ${JSON.stringify(Object.fromEntries(errors))}` : ''}`;
            console.log(line);
            results.push(line);
            if (kind === 'a' && process.env.BENCH_KINDS) {
              for (const [k, v] of Object.entries(r.byKind)) console.log(`    ${k.padEnd(18)} n=${String(v.length).padStart(4)} p50 ${percentile(v, 50).toFixed(1)} ms p95 ${percentile(v, 95).toFixed(1)} ms`);
            }
            if (errors.length) process.exitCode = 1;
          }
        }
      }
    }
  } finally {
    await admin2.end();
  }
} finally {
  for (const a of apis) await a.api.stop();
  await scratch.dropAll();
}
