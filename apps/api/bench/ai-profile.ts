/**
 * CPU profile of the built-in advisor on a generated catalog (ai.bench.ts's catalog and workload):
 *   pnpm --filter @cellforge/api exec tsx bench/ai-profile.ts [--robots 10000] [--rounds 20] [--data-dir DIR] [--out FILE]
 * Seeds once into --data-dir (PGlite on disk) and reuses it on later runs; profiles only the answers
 * (after a warm-up), then prints self time by function and by file.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createDb } from '@cellforge/db';
import { seedGeneratedCatalog, workload, answerWith } from '../src/modules/ai/ai.bench';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const size = Number(arg('robots') ?? 10_000);
const rounds = Number(arg('rounds') ?? 20);
const dataDir = arg('data-dir') ?? 'memory://';
const fresh = dataDir === 'memory://' || !existsSync(dataDir);
const handle = await createDb({ dataDir, pgliteThread: process.argv.includes('--worker') ? 'worker' : 'main' });
if (fresh) {
  await seedGeneratedCatalog(handle.db, size);
}
const run = await answerWith(handle.db);
// --queries: time every SQL statement by text (PGlite on the main thread only).
const stats = new Map<string, { n: number; ms: number; rows: number; params: unknown }>();
const client = (handle.db as unknown as { $client?: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
if (process.argv.includes('--queries') && client) {
  const query = client.query.bind(client);
  client.query = async (...a: unknown[]) => {
    const s = performance.now();
    const res = (await query(...a)) as { rows?: unknown[] };
    const key = String(a[0]).replace(/\s+/g, ' ');
    const st = stats.get(key) ?? { n: 0, ms: 0, rows: 0, params: a[1] };
    st.n += 1;
    st.ms += performance.now() - s;
    st.rows += res.rows?.length ?? 0;
    stats.set(key, st);
    return res;
  };
}
for (const w of workload) await run(w);
for (const w of workload) await run(w);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const c0 = process.cpuUsage();
for (let r = 0; r < rounds; r += 1) for (const w of workload) await run(w);
const c1 = process.cpuUsage(c0);
const { profile } = await session.post('Profiler.stop');
const out = arg('out');
if (out) writeFileSync(out, JSON.stringify(profile));
const n = rounds * workload.length;
process.stdout.write(`${String(n)} answers, CPU ${((c1.user + c1.system) / 1000 / n).toFixed(2)} ms per answer\n`);
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
const nodes = profile.nodes as Node[];
const dt = new Map<number, number>();
const samples = profile.samples ?? [];
const deltas = profile.timeDeltas ?? [];
samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (deltas[i] ?? 0)));
const total = [...dt.values()].reduce((a, b) => a + b, 0);
const byFn = new Map<string, number>();
const byFile = new Map<string, number>();
for (const node of nodes) {
  const t = dt.get(node.id) ?? 0;
  const file = node.callFrame.url.replace(/^.*\/(apps|packages|node_modules)\//, '$1/');
  const key = `${node.callFrame.functionName || '(anon)'} ${file}:${String(node.callFrame.lineNumber + 1)}`;
  byFn.set(key, (byFn.get(key) ?? 0) + t);
  byFile.set(file || node.callFrame.functionName, (byFile.get(file || node.callFrame.functionName) ?? 0) + t);
}
const top = (m: Map<string, number>, k: number) =>
  [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, t]) => `  ${((100 * t) / total).toFixed(1).padStart(5)} %  ${(t / 1000 / n).toFixed(2).padStart(6)} ms/answer  ${name}`).join('\n');
process.stdout.write(`Self time by file:\n${top(byFile, 25)}\nSelf time by function:\n${top(byFn, 45)}\n`);
if (stats.size) {
  process.stdout.write(`SQL by statement (${String([...stats.values()].reduce((a, b) => a + b.n, 0) / (n + 2 * workload.length))} per answer):\n`);
  const sorted = [...stats].sort((a, b) => b[1].ms - a[1].ms);
  for (const [k, v] of sorted.slice(0, 25)) process.stdout.write(`  ${(v.ms / n).toFixed(2)} ms/answer n=${String(v.n)} ${(v.ms / v.n).toFixed(2)} ms each, ${(v.rows / v.n).toFixed(1)} rows: ${process.argv.includes('--full') ? k : k.slice(0, 300)}\n`);
  if (process.argv.includes('--explain') && client) {
    for (const [k, v] of sorted.slice(0, 4)) {
      const plan = (await client.query(`explain analyze ${k}`, v.params)) as { rows: Array<Record<string, string>> };
      process.stdout.write(`\n${k}\n${JSON.stringify(v.params)}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}\n`);
    }
  }
}
await handle.close();
