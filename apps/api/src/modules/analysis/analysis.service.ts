import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  confirmResponseSchema,
  errorCodes,
  VIDEO_UPLOAD_MESSAGE,
  type AnalysisRun,
  type ConfirmRequest,
  type RegionOfInterest,
  type Stage1Results,
  type Stage2Results,
  type ErrorCode,
  type StageAcceptedResponse,
  type AnalysisJob,
} from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { inspectZip, isStorageError, isZipError, sniffFileType, type ObjectStorage } from '@cellforge/storage';
import { AppError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-values';
import type { ProjectsService } from '../projects';
import { ACTIVE_STATUSES, cancelQueueJob, findQueueJob, insertQueueJob, latestForSubject, toQueueJobDto, type QueueJobRow } from '../jobs';
import {
  claimJob,
  findJob,
  insertJob,
  latestStage2,
  listJobs,
  updateJob,
  type JobRow,
  type JobStatus,
} from './analysis.repository';
import { STAGE_KINDS, stageOf, type Stage, type StagePayload } from './analysis.jobs';
import type { PerceptionClient } from './perception-client';

export interface AnalysisDeps {
  db: Database;
  storage: ObjectStorage;
  perception: PerceptionClient;
  projects: ProjectsService;
  videoBucket: string;
  resultBucket: string;
  /** Attempts a stage gets (perception down or 5xx, or its worker lost). */
  maxAttempts?: number;
}

/** Letters, digits, ".", "_" and "-"; not dots alone ("." and ".." would be path steps in the object key). */
export const JOB_ID_PATTERN = /^(?!\.+$)[A-Za-z0-9._-]{1,128}$/;
/** ZIPs of work-cell videos: a handful of clips and a manifest, never thousands of files. */
const ZIP_LIMITS = { maxEntries: 50, maxCompressionRatio: 100 };

/** The jsonb columns hold what stage 1, the confirmation and stage 2 answered, each parsed with its schema before it was stored. */
export function toJobDto(row: JobRow): AnalysisJob {
  return {
    job_id: row.id,
    project_id: row.projectId,
    status: row.status as JobStatus,
    file_name: row.fileName,
    bucket_name: row.bucketName,
    object_key: row.objectKey,
    error: row.error,
    stage1_results: (row.stage1Results as Stage1Results | null) ?? null,
    confirmed_data: (row.confirmedData as Stage1Results | null) ?? null,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    stage2_results: (row.stage2Results as Stage2Results | null) ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stage run (queue job) as the API shows it. */
export function toRunDto(row: QueueJobRow): AnalysisRun {
  const { kind: _kind, ...rest } = toQueueJobDto(row);
  return { ...rest, stage: stageOf(row.kind) };
}

export function hasVideoExtension(name: string): boolean {
  return /\.(zip|mp4)$/i.test(name);
}

function safeFileName(name: string): string {
  const base = path.basename(name).replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '');
  return (base || 'upload').slice(-100);
}

async function readHead(file: string, bytes = 64): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function createAnalysisService(deps: AnalysisDeps) {
  async function ownJob(userId: string, jobId: string): Promise<JobRow> {
    const row = JOB_ID_PATTERN.test(jobId) ? await findJob(deps.db, jobId) : undefined;
    if (!row || row.userId !== userId) throw notFound('Analysis job');
    return row;
  }

  /**
   * Queues a stage: the analysis moves to its running state and the queue job is written in
   * one transaction, so a stage is never "running" without a job that will end it.
   */
  async function enqueueStage(job: JobRow, stage: Stage, from: JobStatus[], payload: Omit<StagePayload, 'analysis_job_id' | 'previous_status'>) {
    const running: JobStatus = stage === 'stage1' ? 'stage1_running' : 'stage2_running';
    const queued = await deps.db.transaction(async (tx) => {
      const claimed = await claimJob(tx, job.id, from, running);
      if (!claimed) return undefined;
      const run = await insertQueueJob(tx, {
        kind: STAGE_KINDS[stage],
        subject: job.id,
        payload: { ...payload, analysis_job_id: job.id, previous_status: job.status } satisfies StagePayload,
        maxAttempts: deps.maxAttempts ?? 3,
      });
      return { claimed, run };
    });
    if (!queued) throw new AppError('CONFLICT', 'An analysis of this video is already running.');
    return { success: true as const, job_id: queued.claimed.id, status: queued.claimed.status, run: toRunDto(queued.run) } satisfies StageAcceptedResponse;
  }

  /**
   * The job id an upload gets. Job ids are one table-wide key, but which ids other accounts
   * use is not the caller's business: a 409 "already used" for another account's id was
   * an existence oracle. The caller's own id is refused (409; their ids are no secret to
   * them); another account's id answers as an unused one would: the upload goes through
   * under a fresh id (the answer's job_id, which clients use), their job untouched.
   */
  async function unusedJobId(userId: string, wanted: string): Promise<string> {
    const taken = await findJob(deps.db, wanted);
    if (!taken) return wanted;
    if (taken.userId === userId) throw new AppError('CONFLICT', 'This job id is already used. Upload again without a job id.');
    return randomUUID();
  }

  return {
    ownJob,

    /** Spec: upload-video (multipart file, job_id, project_id, user_id) -> data.object_key. */
    async upload(input: { userId: string; file: { path: string; originalname: string; size: number }; jobId?: string; projectId: string }) {
      try {
        if (!hasVideoExtension(input.file.originalname)) throw new AppError('UNSUPPORTED_FILE_TYPE', VIDEO_UPLOAD_MESSAGE);
        await deps.projects.ownProject(input.userId, input.projectId);
        let jobId = input.jobId ?? randomUUID();
        if (!JOB_ID_PATTERN.test(jobId)) {
          throw new AppError('VALIDATION_FAILED', 'job_id may hold letters, digits, ".", "_" and "-" (at most 128)', {
            job_id: ['Use letters, digits, ".", "_" and "-" (at most 128)'],
          });
        }
        jobId = await unusedJobId(input.userId, jobId);

        const kind = sniffFileType(await readHead(input.file.path));
        const wantZip = /\.zip$/i.test(input.file.originalname);
        if (wantZip ? kind !== 'zip' : kind !== 'mp4' && kind !== 'mov') {
          throw new AppError(
            'UNSUPPORTED_FILE_TYPE',
            wantZip ? 'This file is named .zip but is not a ZIP archive.' : 'This file is named .mp4 but is not an MP4 video.',
          );
        }
        if (wantZip) {
          try {
            const zip = await inspectZip(input.file.path, ZIP_LIMITS);
            if (!zip.entries.some((e) => !e.isDirectory && /\.(mp4|mov|m4v|mkv|avi)$/i.test(e.name))) {
              throw new AppError('NO_VIDEO_FOUND', 'The ZIP holds no video (.mp4, .mov, .m4v, .mkv or .avi).');
            }
          } catch (err) {
            if (isZipError(err)) throw new AppError(err.code, err.message);
            throw err;
          }
        }

        const objectKey = `${input.userId}/${input.projectId}/${jobId}/${safeFileName(input.file.originalname)}`;
        await deps.storage.putObject(
          deps.videoBucket,
          objectKey,
          createReadStream(input.file.path),
          wantZip ? 'application/zip' : 'video/mp4',
          { contentLength: input.file.size },
        );
        const values = { id: jobId, projectId: input.projectId, userId: input.userId, status: 'uploaded' as const, bucketName: deps.videoBucket, objectKey, fileName: input.file.originalname.slice(0, 200) };
        const row = await insertJob(deps.db, values).catch(async (err: unknown) => {
          // Taken between the check and the insert (two uploads at once): the same rule, once more.
          if (!isUniqueViolation(err)) throw err;
          return insertJob(deps.db, { ...values, id: await unusedJobId(input.userId, jobId) });
        });
        return { success: true as const, data: { object_key: row.objectKey, bucket_name: row.bucketName, job_id: row.id } };
      } finally {
        await rm(input.file.path, { force: true });
      }
    },

    /** Queues stage 1 (perception /stage1); the job worker runs it. */
    async stage1(userId: string, jobId: string, regionOfInterest: RegionOfInterest | null = null) {
      const job = await ownJob(userId, jobId);
      return enqueueStage(job, 'stage1', ['uploaded', 'stage1_done', 'confirmed', 'stage2_done', 'failed'], {
        user_id: userId,
        ...(regionOfInterest ? { region_of_interest: regionOfInterest } : {}),
      });
    },

    async confirm(userId: string, jobId: string, input: Pick<ConfirmRequest, 'confirmed' | 'updated_data' | 'message'>) {
      const job = await ownJob(userId, jobId);
      if (!job.stage1Results) throw new AppError('CONFLICT', 'Run stage 1 before confirming its results.');
      if (job.status === 'stage1_running' || job.status === 'stage2_running') {
        throw new AppError('CONFLICT', 'An analysis of this video is running. Wait for it to finish.');
      }
      const answer = confirmResponseSchema.parse(
        await deps.perception.post('/confirm', {
          job_id: job.id,
          project_id: job.projectId,
          user_id: userId,
          confirmed: input.confirmed,
          updated_data: input.updated_data ?? null,
          message: input.message,
        }),
      );
      const row = await updateJob(deps.db, job.id, {
        status: answer.confirmed ? 'confirmed' : 'stage1_done',
        confirmedData: answer.confirmed ? answer.confirmed_data : null,
        confirmedAt: answer.confirmed ? new Date(answer.confirmed_at ?? Date.now()) : null,
        stage2Results: null,
        error: null,
      });
      return { success: true as const, job_id: row.id, confirmed: answer.confirmed, confirmed_data: (row.confirmedData as Stage1Results | null) ?? null, warnings: answer.warnings ?? [] };
    },

    /** Queues stage 2 (perception /stage2) on the confirmed results; the job worker runs it. */
    async stage2(userId: string, jobId: string) {
      const job = await ownJob(userId, jobId);
      if (!job.confirmedData) {
        throw new AppError('NOT_CONFIRMED', 'Confirm the stage 1 results before running stage 2.');
      }
      return enqueueStage(job, 'stage2', ['confirmed', 'stage2_done', 'failed'], { user_id: userId });
    },

    /** The newest stage run of an analysis (queued, running or ended), or null before any. */
    async latestRun(userId: string, jobId: string): Promise<AnalysisRun | null> {
      const job = await ownJob(userId, jobId);
      const run = await latestForSubject(deps.db, job.id);
      return run ? toRunDto(run) : null;
    },

    /**
     * Waits up to `waitMs` for a queued stage to end (the ?wait=N of the stage routes): its
     * results as the stage routes answered before the queue (200), its error as that error,
     * or the run still going (202). Polls the database, so any instance's worker may run it.
     */
    async waitForStage(userId: string, accepted: StageAcceptedResponse, waitMs: number, pollMs = 200) {
      const deadline = Date.now() + waitMs;
      let run = await findQueueJob(deps.db, accepted.run.id);
      while (run && ACTIVE_STATUSES.includes(run.status as never) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, Math.min(pollMs, Math.max(0, deadline - Date.now()))));
        run = await findQueueJob(deps.db, accepted.run.id);
      }
      if (!run || ACTIVE_STATUSES.includes(run.status as never)) {
        return { done: false as const, answer: run ? { ...accepted, run: toRunDto(run) } : accepted };
      }
      if (run.status === 'cancelled') throw new AppError('CONFLICT', 'The analysis was cancelled.');
      if (run.status === 'failed') {
        const failure = (run.result as { error?: { code?: string; message?: string } } | null)?.error;
        const code = failure?.code && failure.code in errorCodes ? (failure.code as ErrorCode) : 'UPSTREAM_FAILED';
        throw new AppError(code, failure?.message ?? run.lastError ?? 'The analysis failed.');
      }
      const job = await ownJob(userId, accepted.job_id);
      return stageOf(run.kind) === 'stage1'
        ? { done: true as const, answer: { success: true, job_id: job.id, data: job.stage1Results as Stage1Results } }
        : { done: true as const, answer: { success: true, job_id: job.id, data: job.stage2Results as Stage2Results } };
    },

    /**
     * Cancels the queued or running stage: the job is marked cancelled and the analysis goes
     * back to where it was before the stage, in one transaction; the worker running it sees
     * the cancel at its next lease renewal and aborts the perception call.
     */
    async cancel(userId: string, jobId: string) {
      const job = await ownJob(userId, jobId);
      const run = await latestForSubject(deps.db, job.id);
      if (!run || !ACTIVE_STATUSES.includes(run.status as never)) {
        throw new AppError('CONFLICT', 'No analysis of this video is running.');
      }
      const previous = (run.payload as unknown as StagePayload).previous_status as JobStatus;
      const done = await deps.db.transaction(async (tx) => {
        const cancelled = await cancelQueueJob(tx, run.id);
        if (!cancelled) return undefined;
        const row = await updateJob(tx, job.id, {
          status: previous,
          error: previous === 'failed' ? 'The analysis was cancelled.' : null,
        });
        return { cancelled, row };
      });
      if (!done) throw new AppError('CONFLICT', 'This analysis already ended.');
      return { success: true as const, job_id: done.row.id, status: done.row.status, run: toRunDto(done.cancelled) };
    },

    /** A key frame stage 1 kept for an activity, streamed from the result bucket. */
    async keyFrame(userId: string, jobId: string, key: string) {
      const job = await ownJob(userId, jobId);
      const prefix = `${job.projectId}/${job.id}/frames/`;
      if (!key.startsWith(prefix) || !/^[A-Za-z0-9._-]+\.jpe?g$/.test(key.slice(prefix.length))) {
        throw notFound('Key frame');
      }
      try {
        return await deps.storage.getObjectStream(deps.resultBucket, key);
      } catch (err) {
        if (isStorageError(err, 'OBJECT_NOT_FOUND')) throw notFound('Key frame');
        throw err;
      }
    },

    async list(userId: string, projectId?: string) {
      return (await listJobs(deps.db, userId, projectId)).map(toJobDto);
    },

    /** Spec: GET /projects/{id}/stage2-results; the latest stage 2 of the project's analyses. */
    /** Stored results were validated by stage2ResultsSchema when written. */
    async projectStage2(userId: string, projectId: string): Promise<{ success: true; job_id: string; data: Stage2Results }> {
      await deps.projects.ownProject(userId, projectId);
      const row = await latestStage2(deps.db, userId, projectId);
      if (!row) throw new AppError('NOT_FOUND', 'No Stage 2 results for this project yet. Run the video analysis first.');
      return { success: true, job_id: row.id, data: row.stage2Results as Stage2Results };
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
