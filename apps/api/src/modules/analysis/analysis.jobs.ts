import { stage1ResultsSchema, stage2ResultsSchema, type RegionOfInterest, type Stage1Results, type Stage2Results } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError } from '../../lib/errors';
import { ACTIVE_STATUSES, latestForSubject, type Executor, type JobFailure, type JobHandler, type QueueJobRow } from '../jobs';
import { findJob, listRunningJobs, updateJob } from './analysis.repository';
import type { PerceptionClient } from './perception-client';
import { webhookEvents } from '../webhooks';

/** Job kinds of the analysis stages (the `jobs.kind` column). */
export const STAGE_KINDS = { stage1: 'analysis.stage1', stage2: 'analysis.stage2' } as const;
export type Stage = keyof typeof STAGE_KINDS;

/** What an analysis stage job carries; the perception payload is built from the analysis row when it runs. */
export interface StagePayload {
  analysis_job_id: string;
  user_id: string;
  /** The analysis status before the stage was queued: a cancel puts it back. */
  previous_status: string;
  region_of_interest?: RegionOfInterest | null;
}

export function stageOf(kind: string): Stage {
  return kind === STAGE_KINDS.stage2 ? 'stage2' : 'stage1';
}

export type StageOutcome =
  | { stage: 'stage1'; ok: true; results: Stage1Results }
  | { stage: 'stage2'; ok: true; results: Stage2Results }
  | { stage: Stage; ok: false; failure: JobFailure };

/**
 * THE place where an analysis stage ends (success or final failure), called by the job
 * worker inside the transaction that settles the job. Anything that must happen once per
 * finished stage (a webhook, a notification) belongs here.
 */
export async function finishAnalysisStage(tx: Executor, analysisJobId: string, outcome: StageOutcome): Promise<void> {
  const db = tx as Database;
  if (!outcome.ok) {
    await updateJob(db, analysisJobId, { status: 'failed', error: outcome.failure.message });
    return;
  }
  if (outcome.stage === 'stage1') {
    await updateJob(db, analysisJobId, {
      status: 'stage1_done',
      stage1Results: outcome.results,
      confirmedData: null,
      confirmedAt: null,
      stage2Results: null,
      error: null,
    });
  } else {
    await updateJob(db, analysisJobId, { status: 'stage2_done', stage2Results: outcome.results, error: null });
  }
}

/** Perception answered 200 with results that do not fit the contract: the same call would answer the same. */
class BadAnswer extends AppError {
  constructor() {
    super('UPSTREAM_FAILED', 'The analysis service answered results that do not fit.');
  }
}

const RETRYABLE_CODES = new Set(['SERVICE_UNAVAILABLE', 'UPSTREAM_FAILED']);

function describe(err: unknown): JobFailure {
  if (err instanceof AppError) return { code: err.code, message: err.message };
  return { code: 'INTERNAL', message: 'The analysis failed unexpectedly.' };
}

/**
 * Perception not reachable or answering 5xx: another attempt may work. A refused video
 * (4xx), a timeout (5 minutes spent already) or an answer that does not fit the contract
 * will not change on a retry.
 */
function isRetryable(err: unknown): boolean {
  return err instanceof AppError && !(err instanceof BadAnswer) && RETRYABLE_CODES.has(err.code);
}

function payloadOf(job: QueueJobRow): StagePayload {
  return job.payload as unknown as StagePayload;
}

/** The worker's handlers for the two stages: they call perception's /stage1 and /stage2 with the spec's payloads. */
export function analysisJobHandlers(deps: { db: Database; perception: PerceptionClient; resultBucket: string }) {
  async function analysisRow(job: QueueJobRow) {
    const row = await findJob(deps.db, payloadOf(job).analysis_job_id);
    if (!row) throw new AppError('NOT_FOUND', 'The analysis job was deleted.');
    return row;
  }

  /** A stage ended: the analysis row settles and its owner's webhooks are queued, in the settling transaction. */
  async function finish(tx: Executor, job: QueueJobRow, outcome: StageOutcome): Promise<void> {
    const id = payloadOf(job).analysis_job_id;
    await finishAnalysisStage(tx, id, outcome);
    const row = await findJob(tx as Database, id);
    if (row) await webhookEvents.publish(deps.db, [row.userId], 'analysis.finished', { job_id: row.id, project_id: row.projectId, stage: outcome.stage }, { via: tx as Database });
  }

  const stage1: JobHandler<Stage1Results> = {
    async run(job, ctx) {
      const payload = payloadOf(job);
      const row = await analysisRow(job);
      await ctx.setProgress({ step: 'running', stage: 'stage1' });
      const answer = await deps.perception.post(
        '/stage1',
        {
          job_id: row.id,
          project_id: row.projectId,
          user_id: payload.user_id,
          bucket_name: row.bucketName,
          object_key: row.objectKey,
          result_bucket: deps.resultBucket,
          ...(payload.region_of_interest ? { region_of_interest: payload.region_of_interest } : {}),
        },
        { signal: ctx.signal },
      );
      const parsed = stage1ResultsSchema.safeParse(answer);
      if (!parsed.success) throw new BadAnswer();
      return parsed.data;
    },
    succeeded: (tx, job, results) => finish(tx, job, { stage: 'stage1', ok: true, results }),
    failed: (tx, job, failure) => finish(tx, job, { stage: 'stage1', ok: false, failure }),
    isRetryable,
    describe,
  };

  const stage2: JobHandler<Stage2Results> = {
    async run(job, ctx) {
      const payload = payloadOf(job);
      const row = await analysisRow(job);
      await ctx.setProgress({ step: 'running', stage: 'stage2' });
      const answer = await deps.perception.post('/stage2', { job_id: row.id, project_id: row.projectId, user_id: payload.user_id }, { signal: ctx.signal });
      const parsed = stage2ResultsSchema.safeParse(answer);
      if (!parsed.success) throw new BadAnswer();
      return parsed.data;
    },
    succeeded: (tx, job, results) => finish(tx, job, { stage: 'stage2', ok: true, results }),
    failed: (tx, job, failure) => finish(tx, job, { stage: 'stage2', ok: false, failure }),
    isRetryable,
    describe,
  };

  return { [STAGE_KINDS.stage1]: stage1, [STAGE_KINDS.stage2]: stage2 };
}

export const INTERRUPTED_MESSAGE = 'The analysis was interrupted by a server restart. Run it again.';

/**
 * At start-up: an analysis marked running whose job is gone or ended (a database from
 * before the queue, or a crash between two writes) will never finish; it is failed.
 * Stages whose job is queued or running are left alone: a worker continues them.
 */
export async function failOrphanedStages(db: Database): Promise<number> {
  let failed = 0;
  for (const row of await listRunningJobs(db)) {
    const run = await latestForSubject(db, row.id);
    if (run && ACTIVE_STATUSES.includes(run.status as never)) continue;
    await updateJob(db, row.id, { status: 'failed', error: INTERRUPTED_MESSAGE });
    failed++;
  }
  return failed;
}
