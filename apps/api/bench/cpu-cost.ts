/**
 * What a request costs in CPU, the fairer figure on a loaded machine (latency there is mostly
 * waiting for a core): the bench process's CPU (API and load generator, one process) and the
 * PostgreSQL backends' CPU on the bench's database, each divided by the requests served. And
 * the SQL statements one request sends, each with EXPLAIN ANALYZE's execution time and plan.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';

/** Linux clock ticks per second (USER_HZ), what /proc/<pid>/stat counts CPU time in. */
const TICKS_PER_S = 100;

function backendCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime is the 14th field overall, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return 0;
  }
}

/** CPU of the PostgreSQL backends connected to one database (server on this machine: /proc). */
export async function databaseCpuMs(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  return new Map(rows.map((r) => [r.pid, backendCpuMs(r.pid)]));
}

export interface CpuCost {
  processMsPerRequest: number;
  databaseMsPerRequest: number;
}

/** Runs `load` (which answers how many requests it made) and divides the CPU spent by them. */
export async function cpuPerRequest(databaseUrl: string, load: () => Promise<number>): Promise<CpuCost> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const dbBefore = await databaseCpuMs(admin, database);
    const before = process.cpuUsage();
    const requests = await load();
    const used = process.cpuUsage(before);
    const dbAfter = await databaseCpuMs(admin, database);
    let dbMs = 0;
    for (const [pid, ms] of dbAfter) dbMs += ms - (dbBefore.get(pid) ?? 0);
    const n = Math.max(1, requests);
    return { processMsPerRequest: (used.user + used.system) / 1000 / n, databaseMsPerRequest: dbMs / n };
  } finally {
    await admin.end();
  }
}

export const describeCpu = (c: CpuCost): string =>
  `CPU per request: bench process (API + load generator) ${c.processMsPerRequest.toFixed(2)} ms, PostgreSQL ${c.databaseMsPerRequest.toFixed(2)} ms`;

interface Captured {
  text: string;
  values: unknown[];
}

/**
 * The statements `run` sends through any pg pool, then each one again under EXPLAIN
 * (ANALYZE, BUFFERS) on its own connection: execution time and the plan's first lines.
 */
export async function explainStatements(databaseUrl: string, run: () => Promise<void>, planLines = 12): Promise<string[]> {
  const captured: Captured[] = [];
  const original = pg.Pool.prototype.query;
  // Drizzle's node-postgres session calls pool.query({ text, ... }, params).
  pg.Pool.prototype.query = function capture(this: pg.Pool, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof config === 'string' ? config : config.text;
    captured.push({ text, values: values ?? (typeof config === 'string' ? [] : (config.values ?? [])) });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Pool.prototype.query = original;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const out: string[] = [];
  try {
    for (const [i, s] of captured.entries()) {
      if (!/^\s*(select|with)\b/i.test(s.text)) {
        out.push(`#${i + 1} (not a read, not explained): ${s.text.slice(0, 120)}`);
        continue;
      }
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.values);
      const plan = rows.map((r) => r['QUERY PLAN']);
      const exec = plan.find((l) => l.startsWith('Execution Time')) ?? '';
      out.push(`#${i + 1} ${exec}: ${s.text.replace(/\s+/g, ' ').slice(0, 160)}`, ...plan.slice(0, planLines).map((l) => `    ${l}`));
    }
  } finally {
    await client.end();
  }
  return out;
}

/** BENCH_PROFILE=<file.cpuprofile>: a V8 CPU profile of `run` alone (not the set-up), for a profile viewer. */
export async function profiled<T>(run: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
