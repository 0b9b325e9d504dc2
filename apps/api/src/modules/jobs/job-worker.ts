import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '@cellforge/db';
import type { Logger } from '../../lib/logger';
import {
  claimNext,
  failExpired,
  renewLease,
  requeueExpired,
  requeueOwned,
  settleOwned,
  type Executor,
  type QueueJobRow,
} from './jobs.repository';

/** Why a job failed, as the job's owner records it and the API answers it. */
export interface JobFailure {
  code: string;
  message: string;
}

export interface JobContext {
  /** Aborted when the job is cancelled, taken by another worker, or the worker stops. */
  signal: AbortSignal;
  /** Stored on the job (visible to the status route); also renews the lease. */
  setProgress(progress: Record<string, unknown>): Promise<void>;
}

/** What a kind of job does. The worker owns claiming, leases, retries and settling. */
export interface JobHandler<R = unknown> {
  run(job: QueueJobRow, ctx: JobContext): Promise<R>;
  /** Writes the result where it belongs, in the transaction that marks the job succeeded. */
  succeeded(tx: Executor, job: QueueJobRow, result: R): Promise<void>;
  /** Records the final failure, in the transaction that marks the job failed. */
  failed(tx: Executor, job: QueueJobRow, failure: JobFailure): Promise<void>;
  /** Errors worth another attempt (the service down or answering 5xx), not a refused input. */
  isRetryable(err: unknown): boolean;
  describe(err: unknown): JobFailure;
}

export interface JobWorkerOptions {
  db: Database;
  handlers: Record<string, JobHandler<never> | JobHandler>;
  logger: Logger;
  workerId?: string;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** Idle wait between claims. */
  pollMs?: number;
  /** How long a claimed job stays this worker's without a renewal. */
  leaseMs?: number;
  /** Lease renewal (and cancel check) interval; a third of the lease by default. */
  heartbeatMs?: number;
  /** Delay before attempt n+1 after n failed attempts. */
  backoffMs?: (attempts: number) => number;
}

export const WORKER_LOST_MESSAGE = 'The worker running this job stopped too many times. Run it again.';

class Handback extends Error {
  constructor(readonly why: 'lost' | 'shutdown') {
    super(why === 'lost' ? 'The job is no longer this worker’s (cancelled or taken over).' : 'The worker is stopping.');
  }
}

export function defaultBackoff(baseMs: number, maxMs: number) {
  return (attempts: number) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Picks jobs from the `jobs` table and runs them. Several workers (in one process or many,
 * on one PostgreSQL) share a queue safely: a claim is one UPDATE over a SKIP LOCKED
 * select, every write after it checks that the worker still holds the lease, and the
 * owner's result is written in the same transaction that marks the job succeeded, so a
 * job's result lands once even when a lease ran out and another worker ran it too.
 */
export function createJobWorker(opts: JobWorkerOptions) {
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = opts.concurrency ?? 1;
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 30_000;
  const heartbeatMs = opts.heartbeatMs ?? Math.max(50, Math.floor(leaseMs / 3));
  const backoffMs = opts.backoffMs ?? defaultBackoff(5_000, 5 * 60_000);
  const kinds = Object.keys(opts.handlers);
  const log = opts.logger.child({ worker: workerId });

  const running = new Map<string, AbortController>();
  let stopper = new AbortController();
  let loops: Promise<void>[] = [];
  let lastSweep = 0;

  const handlerFor = (job: QueueJobRow): JobHandler => {
    const handler = opts.handlers[job.kind];
    if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
    return handler;
  };

  /** Expired leases: back to the queue with a backoff, or failed when no attempts are left. */
  async function sweep(): Promise<void> {
    lastSweep = Date.now();
    const { requeued, exhausted } = await requeueExpired(opts.db, backoffMs);
    for (const job of requeued) log.warn({ job: job.id, kind: job.kind, attempts: job.attempts }, 'a job whose worker stopped was queued again');
    for (const job of exhausted) {
      const failure = { code: 'SERVICE_UNAVAILABLE', message: WORKER_LOST_MESSAGE };
      await opts.db.transaction(async (tx) => {
        const row = await failExpired(tx, job.id, failure.message);
        if (row) await handlerFor(row).failed(tx, row, failure);
      });
      log.error({ job: job.id, kind: job.kind }, 'a job lost its worker too many times and failed');
    }
  }

  async function execute(job: QueueJobRow): Promise<void> {
    const handler = handlerFor(job);
    const controller = new AbortController();
    running.set(job.id, controller);
    const progress: { value: Record<string, unknown> } = { value: { step: 'running', attempt: job.attempts, started_at: new Date().toISOString() } };
    const renew = async () => {
      const row = await renewLease(opts.db, job.id, workerId, leaseMs, progress.value);
      if (!row && !controller.signal.aborted) controller.abort(new Handback('lost'));
    };
    const heartbeat = setInterval(() => {
      renew().catch((err: unknown) => log.warn({ err, job: job.id }, 'renewing a job lease failed'));
    }, heartbeatMs);
    try {
      await renew();
      controller.signal.throwIfAborted();
      const result = await handler.run(job, {
        signal: controller.signal,
        async setProgress(value) {
          progress.value = { ...progress.value, ...value };
          await renew();
        },
      });
      clearInterval(heartbeat);
      const settled = await opts.db.transaction(async (tx) => {
        const row = await settleOwned(tx, job.id, workerId, { status: 'succeeded', lastError: null, progress: { step: 'done' } });
        if (row) await handler.succeeded(tx, row, result);
        return row;
      });
      if (!settled) log.warn({ job: job.id }, 'a job finished after it stopped being this worker’s; its result was dropped');
    } catch (err) {
      clearInterval(heartbeat);
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : null;
      if (reason instanceof Handback && reason.why === 'lost') return;
      if (reason instanceof Handback && reason.why === 'shutdown') {
        // Handed back for another worker at once; the interrupted attempt does not count.
        await requeueOwned(opts.db, job.id, workerId, 0, 'The worker stopped (restart); the job was queued again.', { refundAttempt: true });
        return;
      }
      const failure = handler.describe(err);
      if (handler.isRetryable(err) && job.attempts < job.maxAttempts) {
        const delay = backoffMs(job.attempts);
        await requeueOwned(opts.db, job.id, workerId, delay, failure.message);
        log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, delay, err: failure }, 'a job failed; retrying later');
        return;
      }
      await opts.db.transaction(async (tx) => {
        const row = await settleOwned(tx, job.id, workerId, { status: 'failed', lastError: failure.message, result: { error: failure }, progress: { step: 'failed' } });
        if (row) await handler.failed(tx, row, failure);
      });
      log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, err: failure }, 'a job failed');
    } finally {
      clearInterval(heartbeat);
      running.delete(job.id);
    }
  }

  /** Claims and runs one due job; false when there was none. */
  async function runOnce(): Promise<boolean> {
    if (Date.now() - lastSweep >= heartbeatMs) await sweep();
    const job = await claimNext(opts.db, kinds, workerId, leaseMs);
    if (!job) return false;
    await execute(job);
    return true;
  }

  async function loop(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let worked = false;
      try {
        worked = await runOnce();
      } catch (err) {
        log.error({ err }, 'the job worker loop failed; trying again');
      }
      if (!worked) await sleep(pollMs, signal);
    }
  }

  return {
    workerId,
    runOnce,
    /** Runs `concurrency` loops until stop(). */
    start(): void {
      if (loops.length) return;
      stopper = new AbortController();
      loops = Array.from({ length: concurrency }, () => loop(stopper.signal));
      log.info({ kinds, concurrency, leaseMs }, 'job worker started');
    },
    /** Stops claiming, hands running jobs back to the queue and waits for the loops. */
    async stop(): Promise<void> {
      stopper.abort();
      for (const controller of running.values()) controller.abort(new Handback('shutdown'));
      await Promise.all(loops);
      loops = [];
    },
    /** Ids of the jobs this worker runs now. */
    running: () => [...running.keys()],
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
