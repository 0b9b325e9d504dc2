/**
 * `pnpm eval:assistant`: seeds an in-memory PGlite with the shared catalog, runs the
 * built-in advisor over the labelled questions and prints the scores. Exits 1 when a
 * target is missed (intent >= 95 %, constraint-valid 100 %, existing 100 %,
 * troubleshooting meaning >= 90 %). `--verbose` lists every case.
 */
import { createDb, seedCatalog } from '@cellforge/db';
import { evalCases } from './dataset';
import { formatReport, meetsTargets, runEval } from './evaluate';

const verbose = process.argv.includes('--verbose');
const handle = await createDb({ dataDir: 'memory://' });
try {
  const { total } = await seedCatalog(handle.db);
  process.stdout.write(`Seeded ${total} catalog robots into an in-memory database.\n\n`);
  const report = await runEval(handle.db, evalCases);
  process.stdout.write(`${formatReport(report)}\n`);
  if (verbose) {
    for (const r of report.results) process.stdout.write(`  ${r.id.padEnd(8)} ${r.intent.padEnd(16)} ${r.state.padEnd(19)} ${r.ms.toFixed(1).padStart(6)} ms\n`);
  }
  process.exitCode = meetsTargets(report) ? 0 : 1;
} finally {
  await handle.close();
}
