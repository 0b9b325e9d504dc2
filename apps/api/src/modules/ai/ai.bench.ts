/**
 * Latency of the built-in advisor on a large catalog:
 *   pnpm --filter @cellforge/api exec tsx src/modules/ai/ai.bench.ts [--robots 10000] [--rounds 30] [--clients 20] [--pg]
 *
 * `--clients N` runs N clients at once (each its own pass over the workload, in a shifted
 * order, no think time): the latency a client sees while N-1 others are served by the same
 * Node process. `--pg` runs on PostgreSQL (a scratch database on BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, made and dropped; pool of 20) instead of PGlite. The load average is
 * printed next to the figures.
 *
 * Seeds an in-memory PGlite with the shared catalog plus generated variants (payload,
 * reach and price moved by up to ±15 %, names suffixed "V<n>", 5 % inactive) up to the
 * requested size, then answers a mixed workload (selection, multi-turn, troubleshooting,
 * comparison, robot detail and its follow-ups, compare page, ROI, small talk) and prints
 * p50/p95/p99. Exits 1 when the overall p95 is above 50 ms. Run with tsx, not vitest (it
 * is not a vitest bench file).
 *
 * After seeding it runs ANALYZE, as PostgreSQL's autovacuum would after a bulk load
 * (PGlite has no autovacuum; without statistics the planner sorts thousands of rows
 * instead of walking the payload index). `--no-analyze` measures that worst case.
 */
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { createDb, seedCatalog, seedRobots, type SeedRobot } from '@cellforge/db';
import { runAdvisor } from './advisor/advisor';
import { createModelNameIndex } from './advisor/model-index';
import { understand, type UnderstandInput } from './advisor/understand';
import { findRobotsByModelKeys } from '../catalog';
import { normalizeModel } from './understanding/models';
import { nth } from '../../lib/invariants';
import { scratchDatabases } from '../../../bench/scratch-database';

export const P95_TARGET_MS = 50;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

/** Deterministic pseudo-random numbers, so every run measures the same catalog. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The seed catalog plus realistic variants of its robots, `total` rows in all. */
export function generateCatalog(total: number): Array<SeedRobot & { inactive?: boolean }> {
  const rnd = random(42);
  const out: Array<SeedRobot & { inactive?: boolean }> = [...seedRobots];
  for (let i = 0; out.length < total; i += 1) {
    const base = nth(seedRobots, i % seedRobots.length);
    const k = Math.floor(i / seedRobots.length) + 1;
    const f = () => 0.85 + rnd() * 0.3;
    const price = (v: number | null) => (v == null ? null : Math.round((v * f()) / 500) * 500);
    const min = price(base.priceMinUsd);
    const max = price(base.priceMaxUsd);
    out.push({
      ...base,
      model: `${base.model} V${k}`,
      payloadKg: Math.round(base.payloadKg * f() * 10) / 10,
      reachMm: Math.round(base.reachMm * f()),
      priceMinUsd: min != null && max != null ? Math.min(min, max) : min,
      priceMaxUsd: min != null && max != null ? Math.max(min, max) : max,
      inactive: rnd() < 0.05,
    });
  }
  return out;
}

/** Seeds `total` generated robots (generateCatalog), marks the inactive ones, and analyzes the table unless told not to; answers how many robots and how many inactive. */
export async function seedGeneratedCatalog(db: Parameters<typeof seedCatalog>[0], total: number, opts: { analyze?: boolean } = {}): Promise<{ robots: number; inactive: number }> {
  const rows = generateCatalog(total);
  await seedCatalog(db, rows);
  const inactive = rows.filter((r) => r.inactive).map((r) => normalizeModel(r.model));
  const { robots } = await import('@cellforge/db');
  const { inArray, sql } = await import('drizzle-orm');
  if (inactive.length) await db.update(robots).set({ status: 'inactive' }).where(inArray(sql`split_part(${robots.normalizedKey}, '|', 2)`, inactive));
  if (opts.analyze !== false) await db.execute(sql`analyze robots`);
  return { robots: rows.length, inactive: inactive.length };
}

export const workload: Array<{ label: string; input: Omit<UnderstandInput, 'context'> & { context?: UnderstandInput['context'] } }> = [
  { label: 'selection', input: { message: 'I need a robot for machine tending, parts weigh 8 kg and it must reach 1.2 m', conversationHistory: [] } },
  { label: 'selection', input: { message: 'Need to palletize 25 kg bags at the end of the line, 3 m reach, budget 120k', conversationHistory: [] } },
  { label: 'selection', input: { message: 'Looking for a cobot for screwdriving, 3 kg, 700 mm reach, Universal Robots or Doosan', conversationHistory: [] } },
  { label: 'selection', input: { message: 'Heavy payload robot needed: 300 kg engine blocks, 2.7 m reach', conversationHistory: [] } },
  { label: 'selection', input: { message: 'Pick and place of 0.5 kg parts, 400 mm reach, very fast, cycle 1 s', conversationHistory: [] } },
  {
    label: 'multi-turn',
    input: {
      message: '25 kg bags, 2.8 m',
      conversationHistory: [
        { role: 'user', content: 'Looking for a robot to palletize bags' },
        { role: 'assistant', content: 'How heavy are the bags and how far must the robot reach?', metadata: { userIntent: 'robot_selection', conversationState: 'gathering_info' } },
      ],
    },
  },
  { label: 'gathering', input: { message: 'Which robot would you recommend for welding?', conversationHistory: [] } },
  { label: 'troubleshooting', input: { message: 'My Fanuc shows SRVO-062 BZAL alarm after a weekend shutdown', conversationHistory: [] } },
  { label: 'troubleshooting', input: { message: 'Motoman GP25 shows alarm 4315', conversationHistory: [] } },
  { label: 'troubleshooting', input: { message: 'UR10e protective stop C153A2', conversationHistory: [] } },
  { label: 'comparison', input: { message: 'Compare UR10e vs CRX-10iA', conversationHistory: [] } },
  { label: 'comparison', input: { message: 'IRB 1200 vs LR Mate 200iD: which should I pick?', conversationHistory: [] } },
  { label: 'roi', input: { message: 'What is the payback of a $150,000 palletizing cell replacing 2 operators at $25/hour on two shifts?', conversationHistory: [] } },
  { label: 'general', input: { message: 'hello', conversationHistory: [] } },
  { label: 'robot detail', input: { message: 'Is this robot suitable for 6 kg parts at 800 mm?', context: { page: 'robot_detail' }, conversationHistory: [] } },
  { label: 'robot detail', input: { message: 'What payload can it carry?', context: { page: 'robot_detail' }, conversationHistory: [] } },
  { label: 'robot detail', input: { message: 'Show me alternatives', context: { page: 'robot_detail' }, conversationHistory: [] } },
  { label: 'compare page', input: { message: 'Which has the longest reach?', context: { page: 'compare' }, conversationHistory: [] } },
  {
    label: 'follow-up',
    input: {
      message: "What's the reach of the second one?",
      conversationHistory: [
        { role: 'user', content: 'I need a robot for machine tending, parts weigh 8 kg and it must reach 1.2 m' },
        {
          role: 'assistant',
          content: 'Three catalog robots that fit:\n- Doosan Robotics M1013 (collaborative): 10 kg payload\n- Nachi CZ10 (collaborative): 10 kg payload\n- FANUC CRX-10iA/L (collaborative): 10 kg payload',
          metadata: { userIntent: 'robot_selection', conversationState: 'solution_providing' },
        },
      ],
    },
  },
];

/** Answers one workload item as the chat route does (understand, then the advisor), with the page context the bench's paths need. */
export async function answerWith(db: Parameters<typeof createModelNameIndex>[0]) {
  const [ur5e] = await findRobotsByModelKeys({ db }, ['ur5e']);
  const compareIds = (await findRobotsByModelKeys({ db }, ['ur10e', 'crx10ia', 'irb1200707'])).map((r) => r.id);
  const deps = { catalog: { db }, names: createModelNameIndex(db), defaultManufacturer: 'Universal Robots' };
  return async (w: (typeof workload)[number]) => {
    const context = {
      ...(w.input.context ?? {}),
      ...(w.label === 'robot detail' && ur5e ? { robotId: ur5e.id } : {}),
      ...(w.label === 'compare page' ? { robotIds: compareIds } : {}),
    };
    const u = await understand(deps, { ...w.input, context });
    return runAdvisor(deps, u);
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main() {
  const size = arg('robots', 10_000);
  const rounds = arg('rounds', 30);
  const clients = arg('clients', 1);
  const adminUrl = process.argv.includes('--pg') ? (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) : undefined;
  if (process.argv.includes('--pg') && !adminUrl) throw new Error('--pg needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const scratch = adminUrl ? await scratchDatabases(adminUrl, 'cf_aibench') : null;
  const handle = scratch ? await createDb({ databaseUrl: (await scratch.create()).url, poolMax: 20 }) : await createDb({ dataDir: 'memory://' });
  const dropScratch = async () => scratch?.dropAll();
  try {
    const t0 = performance.now();
    const analyze = !process.argv.includes('--no-analyze');
    const seeded = await seedGeneratedCatalog(handle.db, size, { analyze });
    process.stdout.write(
      `Catalog: ${seeded.robots} robots (${seeded.inactive} inactive), seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${analyze ? 'statistics analyzed' : 'no statistics (--no-analyze)'}\n`,
    );

    const run = await answerWith(handle.db);

    for (const w of workload) await run(w); // warm-up: JIT, query plans, caches
    const all: number[] = [];
    const byLabel = new Map<string, number[]>();
    // CPU time (user + system, all threads of the process, PGlite's included) per answer by path: exact with one client; with several the answers overlap, so only the total per answer is printed.
    const cpuByLabel = new Map<string, number[]>();
    const load = loadavg().map((v) => v.toFixed(2)).join(' ');
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    // Each client runs its own pass over the workload, shifted so the clients ask different things at once.
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let r = 0; r < rounds; r += 1) {
          for (let i = 0; i < workload.length; i += 1) {
            const w = nth(workload, (i + c * 3) % workload.length);
            const s = performance.now();
            const c0 = process.cpuUsage();
            await run(w);
            const ms = performance.now() - s;
            const c1 = process.cpuUsage(c0);
            cpuByLabel.set(w.label, [...(cpuByLabel.get(w.label) ?? []), (c1.user + c1.system) / 1000]);
            all.push(ms);
            byLabel.set(w.label, [...(byLabel.get(w.label) ?? []), ms]);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `${clients} client${clients > 1 ? 's' : ''} at once on ${adminUrl ? 'PostgreSQL (pool 20)' : 'PGlite (in-memory)'}: ${all.length} answers in ${seconds.toFixed(1)} s (${(all.length / seconds).toFixed(0)}/s); load average before ${load}, after ${loadavg().map((v) => v.toFixed(2)).join(' ')} (${String(availableParallelism())} cores)\n`,
    );
    const line = (label: string, v: number[]) =>
      `  ${label.padEnd(16)} n=${String(v.length).padStart(4)}  p50 ${percentile(v, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(v, 95).toFixed(1).padStart(6)} ms  p99 ${percentile(v, 99).toFixed(1).padStart(6)} ms  max ${Math.max(...v).toFixed(1).padStart(6)} ms`;
    process.stdout.write(`Built-in advisor latency (understand + answer, in-process):\n`);
    for (const [label, v] of byLabel) process.stdout.write(`${line(label, v)}\n`);
    process.stdout.write(`${line('all', all)}\n`);
    const cpu = process.cpuUsage(cpuStart);
    process.stdout.write(`Process CPU time per answer: ${((cpu.user + cpu.system) / 1000 / all.length).toFixed(1)} ms (user + system, all threads)\n`);
    if (clients === 1) {
      process.stdout.write(`CPU time per answer by path (one client: each answer alone):\n`);
      for (const [label, v] of cpuByLabel) process.stdout.write(`  ${label.padEnd(16)} mean ${(v.reduce((a, b) => a + b, 0) / v.length).toFixed(1).padStart(6)} ms  p95 ${percentile(v, 95).toFixed(1).padStart(6)} ms\n`);
    }
    const p95 = percentile(all, 95);
    process.stdout.write(p95 <= P95_TARGET_MS ? `p95 ${p95.toFixed(1)} ms <= ${P95_TARGET_MS} ms: target met.\n` : `p95 ${p95.toFixed(1)} ms > ${P95_TARGET_MS} ms: TARGET NOT MET.\n`);
    process.exitCode = p95 <= P95_TARGET_MS ? 0 : 1;
  } finally {
    await handle.close();
    await dropScratch();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
