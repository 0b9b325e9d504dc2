import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { jobs, type Database } from '@cellforge/db';

export type QueueJobRow = typeof jobs.$inferSelect;
export type QueueJobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
/** A database or a transaction: enqueueing and finishing run inside the caller's transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

export const ACTIVE_STATUSES: QueueJobStatus[] = ['queued', 'running'];

export interface EnqueueValues {
  kind: string;
  subject?: string | null;
  payload: Record<string, unknown>;
  maxAttempts?: number;
}

export async function insertQueueJob(db: Executor, values: EnqueueValues): Promise<QueueJobRow> {
  const [row] = await db
    .insert(jobs)
    .values({ kind: values.kind, subject: values.subject ?? null, payload: values.payload, maxAttempts: values.maxAttempts ?? 3 })
    .returning();
  if (!row) throw new Error('Expected the new queue job, but the database returned no row');
  return row;
}

export async function findQueueJob(db: Executor, id: string): Promise<QueueJobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

/** The newest job about a subject (the one running or the last one that ran). */
export async function latestForSubject(db: Executor, subject: string): Promise<QueueJobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.subject, subject)).orderBy(desc(jobs.createdAt)).limit(1);
  return row;
}

/**
 * Takes the oldest due job of the given kinds for this worker: one statement, the row
 * locked with SKIP LOCKED so two workers never take the same job, the lease set from the
 * database clock (workers on several machines agree on it).
 */
export async function claimNext(db: Database, kinds: string[], workerId: string, leaseMs: number): Promise<QueueJobRow | undefined> {
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), inArray(jobs.kind, kinds), lte(jobs.runAfter, sql`now()`)))
    .orderBy(asc(jobs.runAfter), asc(jobs.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      lockedBy: workerId,
      lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    // A scalar subquery runs once (an InitPlan); `id IN (subquery)` may run it per scanned row and take several jobs.
    .where(and(eq(jobs.id, sql`(${next})`), eq(jobs.status, 'queued')))
    .returning();
  return row;
}

/** Renews the lease; undefined when the job is no longer this worker's (cancelled, or its lease ran out and another took it). */
export async function renewLease(db: Database, id: string, workerId: string, leaseMs: number, progress?: Record<string, unknown>): Promise<QueueJobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({
      lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
      ...(progress ? { progress } : {}),
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)))
    .returning();
  return row;
}

/** Ends a job this worker holds; undefined when it no longer holds it (the write must then not happen). */
export async function settleOwned(
  db: Executor,
  id: string,
  workerId: string,
  values: { status: 'succeeded' | 'failed'; result?: Record<string, unknown> | null; lastError?: string | null; progress?: Record<string, unknown> | null },
): Promise<QueueJobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ ...values, lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)))
    .returning();
  return row;
}

/** Puts a job this worker holds back in the queue, due after `delayMs`. */
export async function requeueOwned(
  db: Executor,
  id: string,
  workerId: string,
  delayMs: number,
  lastError: string,
  opts: { refundAttempt?: boolean } = {},
): Promise<QueueJobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'queued',
      ...(opts.refundAttempt ? { attempts: sql`greatest(${jobs.attempts} - 1, 0)` } : {}),
      lockedBy: null,
      lockedUntil: null,
      lastError,
      progress: { step: 'retry_scheduled' },
      runAfter: sql`now() + ${delayMs} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)))
    .returning();
  return row;
}

/**
 * Jobs whose worker stopped renewing the lease (killed, frozen, cut off): those with
 * attempts left go back to the queue after a backoff; the others are returned (still
 * running, lease expired) for the caller to fail with their owner's bookkeeping.
 */
export async function requeueExpired(db: Database, backoffMs: (attempts: number) => number): Promise<{ requeued: QueueJobRow[]; exhausted: QueueJobRow[] }> {
  const expired = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)))
    .limit(100);
  const requeued: QueueJobRow[] = [];
  const exhausted: QueueJobRow[] = [];
  for (const job of expired) {
    if (job.attempts >= job.maxAttempts) {
      exhausted.push(job);
      continue;
    }
    const [row] = await db
      .update(jobs)
      .set({
        status: 'queued',
        lockedBy: null,
        lockedUntil: null,
        lastError: 'The worker running this job stopped; it was queued again.',
        progress: { step: 'retry_scheduled' },
        runAfter: sql`now() + ${backoffMs(job.attempts)} * interval '1 millisecond'`,
        updatedAt: sql`now()`,
      })
      // Only if nobody renewed or took it meanwhile.
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)))
      .returning();
    if (row) requeued.push(row);
  }
  return { requeued, exhausted };
}

/** Fails an expired job that has no attempts left (only if its lease is still expired). */
export async function failExpired(db: Executor, id: string, lastError: string): Promise<QueueJobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'failed', lockedBy: null, lockedUntil: null, lastError, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)))
    .returning();
  return row;
}

/** Cancels a queued or running job; the worker holding it sees the change at its next lease renewal. */
export async function cancelQueueJob(db: Executor, id: string): Promise<QueueJobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'cancelled', lockedBy: null, lockedUntil: null, progress: { step: 'cancelled' }, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ACTIVE_STATUSES)))
    .returning();
  return row;
}
