import type { ChatContext } from '@cellforge/contracts';
import { payloadFit, reachFit, requiredPayloadKg } from '@cellforge/robot-fit';
import type { Database } from '@cellforge/db';
import { findCandidateRobots, findRobotsByModelKeys, type RobotRow } from '../../catalog';
import { findNamedRobots } from '../advisor/mentions';
import { createModelNameIndex, type ModelNameIndex } from '../advisor/model-index';
import { runAdvisor } from '../advisor/advisor';
import type { AdvisorAnswer } from '../advisor/types';
import { understand } from '../advisor/understand';
import { normalizeModel } from '../understanding/models';
import { applicationMatches, listedFor } from '../understanding/vocabulary';
import type { EvalCase, StatedConstraints } from './dataset';
import { defined, nth } from '../../../lib/invariants';

/**
 * The payload a robot needs for a stated task, and whether a robot meets the payload and
 * reach: the catalog-wide fit rule (packages/robot-fit) that project matching and video
 * analysis use too, taken from there rather than from the advisor, so the evaluation
 * catches an advisor that drifts from it.
 */
const neededPayloadKg = (c: StatedConstraints) => requiredPayloadKg(defined(c.payloadKg, 'the stated payload'), c.toolKg);

/** The targets of the built-in advisor. */
export const evalTargets = {
  intentAccuracy: 0.95,
  constraintValid: 1,
  existing: 1,
  troubleshootingMeaning: 0.9,
  /** Follow-ups answered with the expected catalog figures (and nothing guessed). */
  contextAnswers: 1,
};

export interface CaseResult {
  id: string;
  category: EvalCase['category'];
  intent: string;
  state: string;
  ms: number;
  problems: string[];
}

export interface EvalReport {
  cases: number;
  intent: { correct: number; total: number };
  state: { correct: number; total: number };
  /** Recommended robots checked against every stated constraint. */
  recommendations: { valid: number; total: number; selectionAnswers: number; selectionExpected: number };
  /** Robots named in answers that exist in the catalog. */
  named: { existing: number; total: number };
  troubleshooting: { correct: number; total: number };
  comparisons: { correct: number; total: number };
  /** Cases with expectText/rejectText: the answer holds the robot's figures and no guess. */
  contextAnswers: { correct: number; total: number };
  latency: { p50: number; p95: number; max: number };
  results: CaseResult[];
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

export function reportRatios(r: EvalReport) {
  return {
    intentAccuracy: ratio(r.intent.correct, r.intent.total),
    constraintValid: ratio(r.recommendations.valid, r.recommendations.total),
    existing: ratio(r.named.existing, r.named.total),
    troubleshootingMeaning: ratio(r.troubleshooting.correct, r.troubleshooting.total),
    contextAnswers: ratio(r.contextAnswers.correct, r.contextAnswers.total),
  };
}

export function meetsTargets(r: EvalReport): boolean {
  const q = reportRatios(r);
  return (
    q.intentAccuracy >= evalTargets.intentAccuracy &&
    q.constraintValid >= evalTargets.constraintValid &&
    q.existing >= evalTargets.existing &&
    q.troubleshootingMeaning >= evalTargets.troubleshootingMeaning &&
    q.contextAnswers >= evalTargets.contextAnswers
  );
}

/**
 * The constraints an answer is held to: all of them when the catalog has a robot that
 * meets them together; otherwise payload and reach plus every preference the advisor
 * did not say it had to drop.
 */
async function constraintsToCheck(db: Database, c: StatedConstraints, relaxed: string[]): Promise<Set<keyof StatedConstraints>> {
  const all = new Set<keyof StatedConstraints>(['payloadKg', 'reachMm', 'toolKg', 'application', 'manufacturers', 'category', 'budgetUsd']);
  const joint = await findCandidateRobots({ db }, {
    minPayloadKg: neededPayloadKg(c),
    minReachMm: c.reachMm,
    applications: c.application ? applicationMatches(c.application) : undefined,
    manufacturers: c.manufacturers,
    category: c.category,
    maxPriceUsd: c.budgetUsd,
    limit: 1,
  });
  if (joint.length) return all;
  const names: Record<string, keyof StatedConstraints> = { application: 'application', manufacturer: 'manufacturers', category: 'category', budget: 'budgetUsd' };
  for (const r of relaxed) {
    const key = names[r];
    if (key) all.delete(key);
  }
  return all;
}

export function constraintProblems(r: RobotRow, c: StatedConstraints, check: Set<keyof StatedConstraints>): string[] {
  const problems: string[] = [];
  const name = `${r.manufacturer} ${r.model}`;
  if (c.payloadKg !== undefined) {
    const payload = payloadFit(r.payloadKg, c.payloadKg, c.toolKg);
    if (!payload.ok) problems.push(`${name}: payload ${r.payloadKg} < ${payload.needed}`);
  }
  if (c.reachMm !== undefined && !reachFit(r.reachMm, c.reachMm).ok) problems.push(`${name}: reach ${r.reachMm} < ${c.reachMm}`);
  if (c.application && check.has('application') && !listedFor(r.applications, c.application)) problems.push(`${name}: not listed for ${c.application}`);
  if (c.manufacturers && check.has('manufacturers') && !c.manufacturers.includes(r.manufacturer)) problems.push(`${name}: maker not in ${c.manufacturers.join('/')}`);
  if (c.category && check.has('category') && r.category !== c.category) problems.push(`${name}: category ${r.category} is not ${c.category}`);
  if (c.budgetUsd !== undefined && check.has('budgetUsd') && (r.priceMinUsd == null || r.priceMinUsd > c.budgetUsd)) problems.push(`${name}: price ${r.priceMinUsd} over ${c.budgetUsd}`);
  if (c.excludedManufacturers?.includes(r.manufacturer)) problems.push(`${name}: ${r.manufacturer} was excluded`);
  if (c.maxReachMm !== undefined && r.reachMm > c.maxReachMm) problems.push(`${name}: reach ${r.reachMm} > ${c.maxReachMm} allowed`);
  if (c.maxPayloadKg !== undefined && r.payloadKg > c.maxPayloadKg) problems.push(`${name}: rated payload ${r.payloadKg} > ${c.maxPayloadKg} wanted`);
  if (c.cleanroomRated && r.cleanroomIsoClass === null) problems.push(`${name}: no published cleanroom class`);
  if (c.dof !== undefined && r.dof !== c.dof) problems.push(`${name}: ${r.dof} axes, not ${c.dof}`);
  return problems;
}

/** Robots an answer names: those that exist, and model-like names that match no catalog robot. */
export async function namedRobots(names: ModelNameIndex, answer: Pick<AdvisorAnswer, 'response' | 'followUpQuestions' | 'suggestedActions'>) {
  return findNamedRobots(names, [answer.response, ...answer.followUpQuestions, ...answer.suggestedActions].join('\n'));
}

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return nth(sorted, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1));
}

/** Runs the built-in advisor over the labelled cases and scores it. */
export async function runEval(db: Database, cases: EvalCase[], defaultManufacturer = 'Universal Robots'): Promise<EvalReport> {
  const names = createModelNameIndex(db);
  const deps = { catalog: { db }, names, defaultManufacturer };
  const report: EvalReport = {
    cases: cases.length,
    intent: { correct: 0, total: 0 },
    state: { correct: 0, total: 0 },
    recommendations: { valid: 0, total: 0, selectionAnswers: 0, selectionExpected: 0 },
    named: { existing: 0, total: 0 },
    troubleshooting: { correct: 0, total: 0 },
    comparisons: { correct: 0, total: 0 },
    contextAnswers: { correct: 0, total: 0 },
    latency: { p50: 0, p95: 0, max: 0 },
    results: [],
  };
  const times: number[] = [];

  for (const c of cases) {
    const context: ChatContext = { ...(c.context ?? {}) };
    if (c.pageRobotModel) {
      const [robot] = await findRobotsByModelKeys({ db }, [normalizeModel(c.pageRobotModel)]);
      if (robot) context.robotId = robot.id;
    }
    if (c.compareRobotModels) {
      const ids: string[] = [];
      for (const model of c.compareRobotModels) {
        const [robot] = await findRobotsByModelKeys({ db }, [normalizeModel(model)]);
        if (robot) ids.push(robot.id);
      }
      Object.assign(context, { robotIds: ids });
    }
    const t0 = performance.now();
    const u = await understand(deps, { message: c.message, context, conversationHistory: c.history ?? [] });
    const a = await runAdvisor(deps, u);
    const ms = performance.now() - t0;
    times.push(ms);
    const problems: string[] = [];

    report.intent.total += 1;
    if (a.userIntent === c.expectIntent) report.intent.correct += 1;
    else problems.push(`intent ${a.userIntent}, expected ${c.expectIntent}`);
    if (c.expectState) {
      report.state.total += 1;
      if (a.conversationState === c.expectState) report.state.correct += 1;
      else problems.push(`state ${a.conversationState}, expected ${c.expectState}`);
    }

    if (c.constraints?.payloadKg !== undefined) {
      const check = await constraintsToCheck(db, c.constraints, a.trace.relaxed);
      if (c.expectState === 'solution_providing') {
        report.recommendations.selectionExpected += 1;
        if (a.trace.recommended.length) report.recommendations.selectionAnswers += 1;
        else problems.push('no robot recommended');
      }
      for (const r of a.trace.recommended) {
        report.recommendations.total += 1;
        const p = constraintProblems(r, c.constraints, check);
        if (p.length) problems.push(...p);
        else report.recommendations.valid += 1;
      }
    }

    const named = await namedRobots(names, a);
    report.named.total += named.known.length + named.unknown.length;
    report.named.existing += named.known.length;
    for (const n of named.unknown) problems.push(`names a robot not in the catalog: ${n}`);

    if (c.code || c.unknownCode) {
      report.troubleshooting.total += 1;
      const text = a.response.toLowerCase();
      let ok: boolean;
      if (c.code) {
        const missing = c.code.meaning.filter((w) => !text.includes(w.toLowerCase()));
        const { maker } = c.code;
        const makerOk = a.sources.some((s) => s.manufacturer === maker);
        ok = !missing.length && makerOk;
        if (missing.length) problems.push(`meaning lacks: ${missing.join(', ')}`);
        if (!makerOk) problems.push(`no ${c.code.maker} source`);
      } else {
        ok = /is not an? .+ alarm code in our verified list|can't tell which maker's code/i.test(a.response) && /teach pendant/i.test(a.response) && a.response.includes(defined(c.unknownCode, 'the unknown code of the case'));
        if (!ok) problems.push(`unknown code ${c.unknownCode} not reported as unknown`);
      }
      if (ok) report.troubleshooting.correct += 1;
    }

    if (c.compare) {
      report.comparisons.total += 1;
      const models = new Set(named.known.map((k) => normalizeModel(k.robot.model)));
      const missing = c.compare.filter((m) => !models.has(normalizeModel(m)));
      if (missing.length || a.trace.named.length < 2) problems.push(`comparison lacks ${missing.join(', ') || 'a second robot'}`);
      else report.comparisons.correct += 1;
    }

    if (c.expectText || c.rejectText) {
      report.contextAnswers.total += 1;
      const missing = (c.expectText ?? []).filter((t) => !a.response.includes(t));
      const found = (c.rejectText ?? []).filter((t) => a.response.includes(t));
      if (missing.length) problems.push(`answer lacks: ${missing.join(' / ')}`);
      if (found.length) problems.push(`answer should not say: ${found.join(' / ')}`);
      if (!missing.length && !found.length) report.contextAnswers.correct += 1;
    }

    report.results.push({ id: c.id, category: c.category, intent: a.userIntent, state: a.conversationState, ms, problems });
  }
  report.latency = { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
  return report;
}

const pct = (a: number, b: number) => `${((100 * a) / (b || 1)).toFixed(1)}% (${a}/${b})`;

export function formatReport(r: EvalReport): string {
  const lines = [
    `Built-in advisor evaluation: ${r.cases} labelled questions`,
    `  intent accuracy ............ ${pct(r.intent.correct, r.intent.total)}  target >= ${evalTargets.intentAccuracy * 100}%`,
    `  constraint-valid robots .... ${pct(r.recommendations.valid, r.recommendations.total)}  target ${evalTargets.constraintValid * 100}%`,
    `  named robots that exist .... ${pct(r.named.existing, r.named.total)}  target ${evalTargets.existing * 100}%`,
    `  troubleshooting meaning .... ${pct(r.troubleshooting.correct, r.troubleshooting.total)}  target >= ${evalTargets.troubleshootingMeaning * 100}%`,
    `  context follow-ups ......... ${pct(r.contextAnswers.correct, r.contextAnswers.total)}  target ${evalTargets.contextAnswers * 100}%`,
    `  (conversation state ........ ${pct(r.state.correct, r.state.total)})`,
    `  (selections with robots .... ${pct(r.recommendations.selectionAnswers, r.recommendations.selectionExpected)})`,
    `  (comparisons complete ...... ${pct(r.comparisons.correct, r.comparisons.total)})`,
    `  latency p50 ${r.latency.p50.toFixed(1)} ms, p95 ${r.latency.p95.toFixed(1)} ms, max ${r.latency.max.toFixed(1)} ms`,
  ];
  const failed = r.results.filter((x) => x.problems.length);
  if (failed.length) {
    lines.push('', `Cases with problems (${failed.length}):`);
    for (const f of failed) lines.push(`  ${f.id}: ${f.problems.join('; ')}`);
  }
  lines.push('', meetsTargets(r) ? 'All targets met.' : 'TARGETS NOT MET.');
  return lines.join('\n');
}
