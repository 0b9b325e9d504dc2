import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends, truncateAll } from '@cellforge/db/testing';
import { AppError } from '../../lib/errors';
import { createLogger } from '../../lib/logger';
import { defined } from '../../test/defined';
import { waitFor } from '../../test/wait-for';
import { createJobWorker, WORKER_LOST_MESSAGE, type JobFailure, type JobHandler, type JobWorker } from './job-worker';
import { cancelQueueJob, claimNext, findQueueJob, insertQueueJob, settleOwned } from './jobs.repository';

/** A handler whose behaviour each test sets, recording every run and every settle. */
function recordingHandler() {
  const state = {
    runs: [] as string[],
    succeeded: [] as Array<{ id: string; result: unknown }>,
    failed: [] as Array<{ id: string; failure: JobFailure }>,
    aborted: [] as string[],
    behaviour: 'ok' as 'ok' | 'hang' | 'down' | 'refused',
  };
  const handler: JobHandler<{ echoed: unknown }> = {
    async run(job, ctx) {
      state.runs.push(job.id);
      await ctx.setProgress({ step: 'working' });
      if (state.behaviour === 'down') throw new AppError('SERVICE_UNAVAILABLE', 'The service is not reachable.');
      if (state.behaviour === 'refused') throw new AppError('VIDEO_UNREADABLE', 'The video could not be read');
      if (state.behaviour === 'hang') {
        await new Promise<void>((_resolve, reject) => {
          const abort = () => {
            state.aborted.push(job.id);
            reject(new Error('aborted'));
          };
          if (ctx.signal.aborted) abort();
          else ctx.signal.addEventListener('abort', abort);
        });
      }
      await new Promise((r) => setTimeout(r, 5));
      return { echoed: job.payload };
    },
    async succeeded(_tx, job, result) {
      state.succeeded.push({ id: job.id, result });
    },
    async failed(_tx, job, failure) {
      state.failed.push({ id: job.id, failure });
    },
    isRetryable: (err) => err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE',
    describe: (err) => (err instanceof AppError ? { code: err.code, message: err.message } : { code: 'INTERNAL', message: 'unexpected' }),
  };
  return { state, handler };
}

describe.each(testBackends)('durable jobs on %s', (backend) => {
  let handle: DbHandle | undefined;
  const db = () => defined(handle, 'the test database').db;
  let workers: JobWorker[] = [];
  const logger = createLogger(process.env.DBG_LOG ?? 'silent');

  beforeAll(async () => {
    handle = await createTestDb(backend);
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await truncateAll(db());
  });
  afterEach(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    workers = [];
  });

  /** Hooks run inside the settling transaction: wait for its commit, not for the hook. */
  const statusIs = (id: string, status: string) => async () => (await findQueueJob(db(), id))?.status === status;
  const allSettled = async () => (await db().select().from(jobs)).every((r) => r.status === 'succeeded' || r.status === 'failed');

  function worker(handler: JobHandler<never> | JobHandler, options: { leaseMs?: number; concurrency?: number; workerId?: string } = {}) {
    const w = createJobWorker({
      db: db(),
      logger,
      handlers: { 'test.echo': handler },
      pollMs: 10,
      leaseMs: options.leaseMs ?? 2_000,
      heartbeatMs: 50,
      backoffMs: () => 0,
      concurrency: options.concurrency ?? 2,
      workerId: options.workerId,
    });
    workers.push(w);
    return w;
  }

  it('runs each job exactly once when two workers compete for the queue', async () => {
    const { state, handler } = recordingHandler();
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push((await insertQueueJob(db(), { kind: 'test.echo', payload: { n: i } })).id);
    worker(handler, { workerId: 'a' }).start();
    worker(handler, { workerId: 'b' }).start();
    await waitFor(async () => state.succeeded.length === ids.length && (await allSettled()), 20_000, 'every job to succeed');

    expect([...state.runs].sort()).toEqual([...ids].sort());
    expect(new Set(state.succeeded.map((s) => s.id)).size).toBe(ids.length);
    const rows = await db().select().from(jobs);
    expect(rows.map((r) => [r.status, r.attempts, r.lockedBy])).toEqual(ids.map(() => ['succeeded', 1, null]));
    expect(state.succeeded.find((s) => s.id === ids[5])?.result).toEqual({ echoed: { n: 5 } });
  });

  it('gives the job of a worker that was killed mid-job to another worker once its lease runs out', async () => {
    const { state, handler } = recordingHandler();
    const queued = await insertQueueJob(db(), { kind: 'test.echo', payload: { video: 'cell7' } });
    // A worker takes the job and dies: it never renews the lease nor finishes.
    const taken = defined(await claimNext(db(), ['test.echo'], 'killed-worker', 200), 'the claimed job');
    expect(taken).toMatchObject({ id: queued.id, status: 'running', attempts: 1, lockedBy: 'killed-worker' });

    worker(handler, { workerId: 'survivor' }).start();
    await waitFor(statusIs(queued.id, 'succeeded'), 15_000, 'the survivor to finish the job');
    const row = defined(await findQueueJob(db(), queued.id), 'the job');
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, lockedBy: null });
    expect(state.runs).toEqual([queued.id]);
    // The killed worker coming back late cannot settle the job a second time.
    expect(await settleOwned(db(), queued.id, 'killed-worker', { status: 'succeeded' })).toBeUndefined();
    expect(state.succeeded).toHaveLength(1);
  });

  it('fails a job whose workers keep dying once no attempts are left', async () => {
    const { state, handler } = recordingHandler();
    const queued = await insertQueueJob(db(), { kind: 'test.echo', payload: {}, maxAttempts: 1 });
    await claimNext(db(), ['test.echo'], 'killed-worker', 100);
    worker(handler).start();
    await waitFor(statusIs(queued.id, 'failed'), 15_000, 'the job to fail');
    expect(state.failed[0]).toEqual({ id: queued.id, failure: { code: 'SERVICE_UNAVAILABLE', message: WORKER_LOST_MESSAGE } });
    expect(await findQueueJob(db(), queued.id)).toMatchObject({ status: 'failed', lastError: WORKER_LOST_MESSAGE });
    expect(state.runs).toEqual([]);
  });

  it('cancels a running job: the worker aborts it and settles nothing', async () => {
    const { state, handler } = recordingHandler();
    state.behaviour = 'hang';
    const queued = await insertQueueJob(db(), { kind: 'test.echo', payload: {} });
    worker(handler).start();
    await waitFor(async () => (await findQueueJob(db(), queued.id))?.progress?.step === 'working', 15_000, 'the job to report progress');
    expect((await findQueueJob(db(), queued.id))?.progress).toMatchObject({ step: 'working', attempt: 1 });
    expect(await cancelQueueJob(db(), queued.id)).toMatchObject({ status: 'cancelled' });
    await waitFor(() => state.aborted.length === 1, 15_000, 'the worker to abort the job');
    expect(await findQueueJob(db(), queued.id)).toMatchObject({ status: 'cancelled', lockedBy: null });
    expect(state.succeeded).toEqual([]);
    expect(state.failed).toEqual([]);
    // A cancelled job is not cancelled twice, nor claimed again.
    expect(await cancelQueueJob(db(), queued.id)).toBeUndefined();
    expect(await claimNext(db(), ['test.echo'], 'other', 1000)).toBeUndefined();
  });

  it('retries a job while its service is down, then fails it with the error; a refusal fails at once', async () => {
    const { state, handler } = recordingHandler();
    state.behaviour = 'down';
    const down = await insertQueueJob(db(), { kind: 'test.echo', payload: {}, maxAttempts: 3 });
    worker(handler).start();
    await waitFor(statusIs(down.id, 'failed'), 15_000, 'the job to fail');
    expect(state.runs).toEqual([down.id, down.id, down.id]);
    expect(await findQueueJob(db(), down.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'The service is not reachable.',
      result: { error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is not reachable.' } },
    });

    state.behaviour = 'refused';
    const refused = await insertQueueJob(db(), { kind: 'test.echo', payload: {}, maxAttempts: 3 });
    await waitFor(statusIs(refused.id, 'failed'), 15_000, 'the refused job to fail');
    expect(state.runs.filter((id) => id === refused.id)).toHaveLength(1);
    expect(await findQueueJob(db(), refused.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'The video could not be read' });
  });

  it('hands running jobs back to the queue when a worker stops, without spending an attempt', async () => {
    const { state, handler } = recordingHandler();
    state.behaviour = 'hang';
    const queued = await insertQueueJob(db(), { kind: 'test.echo', payload: {} });
    const first = worker(handler, { workerId: 'stopping' });
    first.start();
    await waitFor(() => state.runs.length === 1, 15_000, 'the job to start');
    await first.stop();
    expect(await findQueueJob(db(), queued.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });

    state.behaviour = 'ok';
    worker(handler, { workerId: 'next' }).start();
    await waitFor(statusIs(queued.id, 'succeeded'), 15_000, 'the next worker to finish it');
    const [row] = await db().select().from(jobs).where(eq(jobs.id, queued.id));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('allows one queued or running job per subject', async () => {
    await insertQueueJob(db(), { kind: 'test.echo', subject: 'analysis-1', payload: {} });
    await expect(insertQueueJob(db(), { kind: 'test.echo', subject: 'analysis-1', payload: {} })).rejects.toThrow();
    await insertQueueJob(db(), { kind: 'test.echo', subject: 'analysis-2', payload: {} });
  });
});
