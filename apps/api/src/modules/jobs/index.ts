/**
 * Durable jobs (issue 18): the `jobs` table, the worker that runs them, and the calls other
 * modules use to enqueue, follow and cancel their jobs. docs/decisions.md, "Durable jobs".
 */
export { createJobWorker, defaultBackoff, WORKER_LOST_MESSAGE, type JobContext, type JobFailure, type JobHandler, type JobWorker } from './job-worker';
export {
  ACTIVE_STATUSES,
  cancelQueueJob,
  findQueueJob,
  insertQueueJob,
  latestForSubject,
  type Executor,
  type QueueJobRow,
  type QueueJobStatus,
} from './jobs.repository';
export { toQueueJobDto } from './jobs.dto';
