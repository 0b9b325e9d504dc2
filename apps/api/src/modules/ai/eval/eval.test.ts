import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends } from '@cellforge/db/testing';
import { evalCases } from './dataset';
import { evalTargets, formatReport, reportRatios, runEval, type EvalReport } from './evaluate';

/**
 * The labelled evaluation in CI. The whole set takes about two seconds, so it runs in
 * full rather than a sample; `pnpm eval:assistant` prints the same report.
 */
describe.each(testBackends)('built-in advisor evaluation on %s', (backend) => {
  let handle: DbHandle;
  let report: EvalReport;
  beforeAll(async () => {
    handle = await createTestDb(backend);
    await seedCatalog(handle.db);
    report = await runEval(handle.db, evalCases);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('has at least 80 labelled questions across every category', () => {
    expect(evalCases.length).toBeGreaterThanOrEqual(80);
    const count = (c: string) => evalCases.filter((x) => x.category === c).length;
    expect(count('selection')).toBeGreaterThanOrEqual(25);
    expect(count('troubleshooting')).toBeGreaterThanOrEqual(20);
    expect(count('comparison')).toBeGreaterThanOrEqual(8);
    expect(count('roi')).toBeGreaterThanOrEqual(8);
    expect(count('general')).toBeGreaterThanOrEqual(8);
    expect(new Set(evalCases.map((c) => c.id)).size).toBe(evalCases.length);
  });

  it('meets the targets', () => {
    const q = reportRatios(report);
    const message = formatReport(report);
    expect(q.intentAccuracy, message).toBeGreaterThanOrEqual(evalTargets.intentAccuracy);
    expect(q.constraintValid, message).toBe(1);
    expect(q.existing, message).toBe(1);
    expect(q.troubleshootingMeaning, message).toBeGreaterThanOrEqual(evalTargets.troubleshootingMeaning);
    expect(report.recommendations.total, message).toBeGreaterThan(50);
    expect(report.named.total, message).toBeGreaterThan(50);
  });

  it('answers every selection that has enough facts with robots', () => {
    expect(report.recommendations.selectionAnswers, formatReport(report)).toBe(report.recommendations.selectionExpected);
  });
});
