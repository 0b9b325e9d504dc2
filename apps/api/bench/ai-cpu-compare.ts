/**
 * CPU per chat answer of this tree against another commit's, in one process on one catalog:
 *   mkdir -p .baseline && git archive <commit> src | tar -x -C .baseline
 *   pnpm --filter @cellforge/api exec tsx bench/ai-cpu-compare.ts --baseline .baseline/src [--robots 10000] [--rounds 10]
 * Both answer ai.bench.ts's workload (its catalog: 10,000 robots, PGlite in-memory on a worker
 * thread as the API runs it), round by round, the order swapped every round; the process CPU
 * (user + system, all threads) of each round is divided by its answers. Every pair of answers is
 * compared (text, metadata and the trace's robot rows but their search texts): the run fails if any differs. Shared packages (contracts,
 * requirements, db) are this tree's for both sides.
 *
 * `--forget`: this tree's remembered catalog reads (advisor/catalog-memo.ts, kept per catalog
 * version) are forgotten before each of its answers, so every answer is a never-seen question;
 * without it the workload's questions, asked again each round, are answered from memory.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb } from '@cellforge/db';
import { seedGeneratedCatalog, workload } from '../src/modules/ai/ai.bench';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const size = Number(arg('robots') ?? 10_000);
const rounds = Number(arg('rounds') ?? 10);
const baseline = arg('baseline');
const forget = process.argv.includes('--forget');
if (!baseline) throw new Error('--baseline <src folder of the other commit> is required');

type Db = Awaited<ReturnType<typeof createDb>>['db'];
type Item = (typeof workload)[number];
async function answererFrom(src: string, db: Db): Promise<(w: Item) => Promise<unknown>> {
  const load = (p: string) => import(pathToFileURL(path.resolve(src, p)).href);
  const { runAdvisor } = await load('modules/ai/advisor/advisor.ts');
  const { createModelNameIndex } = await load('modules/ai/advisor/model-index.ts');
  const { understand } = await load('modules/ai/advisor/understand.ts');
  const { findRobotsByModelKeys } = await load('modules/catalog/index.ts');
  const [ur5e] = await findRobotsByModelKeys({ db }, ['ur5e']);
  const compareIds = (await findRobotsByModelKeys({ db }, ['ur10e', 'crx10ia', 'irb1200707'])).map((r: { id: string }) => r.id);
  const deps = { catalog: { db }, names: createModelNameIndex(db), defaultManufacturer: 'Universal Robots' };
  // This tree's remembered reads (none in older trees), forgotten before each answer with --forget.
  const memo = await load('modules/ai/advisor/catalog-memo.ts').catch(() => null);
  const forgetReads = forget && memo ? () => memo.forgetRememberedReads(db) : () => undefined;
  return async (w: Item) => {
    forgetReads();
    const context = {
      ...(w.input.context ?? {}),
      ...(w.label === 'robot detail' && ur5e ? { robotId: ur5e.id } : {}),
      ...(w.label === 'compare page' ? { robotIds: compareIds } : {}),
    };
    return runAdvisor(deps, await understand(deps, { ...w.input, context }));
  };
}

/** Everything the advisor returns (text, metadata, its trace) but the robots' search texts, which no answer reads (candidate rows carry them as ''). */
const comparable = (key: string, value: unknown) => (key === 'searchText' || key === 'compactText' ? undefined : value);

const handle = await createDb({ dataDir: 'memory://' });
try {
  await seedGeneratedCatalog(handle.db, size);

  const sides = { before: await answererFrom(baseline, handle.db), after: await answererFrom(path.resolve('src'), handle.db) };
  // Warm-up (JIT, the name indexes, query plans), and the answers compared.
  let differ = 0;
  for (let i = 0; i < 2; i += 1) {
    for (const w of workload) {
      const [a, b] = [JSON.stringify(await sides.before(w), comparable), JSON.stringify(await sides.after(w), comparable)];
      if (a !== b) {
        differ += 1;
        let at = 0;
        while (at < a.length && a[at] === b[at]) at += 1;
        process.stdout.write(`DIFFERENT ANSWER (${w.label}: ${w.input.message}) at ${String(at)}\n  before …${a.slice(Math.max(0, at - 200), at + 200)}\n  after  …${b.slice(Math.max(0, at - 200), at + 200)}\n`);
      }
    }
  }
  const cpu: Record<'before' | 'after', number[]> = { before: [], after: [] };
  const loadBefore = loadavg().map((v) => v.toFixed(2)).join(' ');
  for (let r = 0; r < rounds; r += 1) {
    const order = r % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
    for (const side of order) {
      const c0 = process.cpuUsage();
      for (const w of workload) await sides[side](w);
      const c1 = process.cpuUsage(c0);
      cpu[side].push((c1.user + c1.system) / 1000 / workload.length);
    }
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
  const fmt = (v: number[]) => `median ${median(v).toFixed(2)} ms (range ${Math.min(...v).toFixed(2)}-${Math.max(...v).toFixed(2)})`;
  process.stdout.write(
    `${String(size)} robots, ${String(rounds)} rounds${forget ? ' (remembered reads forgotten before each answer)' : ''} of ${String(workload.length)} answers per side; load average before ${loadBefore}, after ${loadavg().map((v) => v.toFixed(2)).join(' ')}\n` +
      `CPU per answer before: ${fmt(cpu.before)}\nCPU per answer after:  ${fmt(cpu.after)}\n` +
      `Answers compared: ${String(2 * workload.length)} pairs, ${String(differ)} different\n`,
  );
  process.exitCode = differ ? 1 : 0;
} finally {
  await handle.close();
}
