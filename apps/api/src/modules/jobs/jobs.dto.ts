import type { QueueJobRow, QueueJobStatus } from './jobs.repository';

/** A job as the API shows it (the `run` of an analysis): state, attempts, progress, last error. */
export function toQueueJobDto(row: QueueJobRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as QueueJobStatus,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    progress: row.progress ?? null,
    last_error: row.lastError,
    run_after: row.runAfter.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
