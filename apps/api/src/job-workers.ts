import type { Database } from '@cellforge/db';
import type { Config } from './env';
import type { Logger } from './lib/logger';
import { analysisJobHandlers } from './modules/analysis/analysis.jobs';
import { createPerceptionClient, type PerceptionClient } from './modules/analysis/perception-client';
import { createJobWorker, defaultBackoff } from './modules/jobs';

/**
 * The durable-job worker of this process (issue 18): runs the analysis stages queued by any
 * API instance on the same database. server.ts starts it after the database is ready and
 * stops it (handing running jobs back) before the database closes.
 */
export function createJobWorkers(deps: { db: Database; config: Config; logger: Logger; perception?: PerceptionClient; workerId?: string }) {
  const { config } = deps;
  return createJobWorker({
    db: deps.db,
    logger: deps.logger,
    workerId: deps.workerId,
    concurrency: Math.max(1, config.jobWorkers),
    pollMs: config.jobPollMs,
    leaseMs: config.jobLeaseMs,
    backoffMs: defaultBackoff(config.jobRetryBaseMs, 5 * 60_000),
    handlers: analysisJobHandlers({
      db: deps.db,
      perception: deps.perception ?? createPerceptionClient(config.perceptionUrl, config.perceptionTimeoutMs),
      resultBucket: config.resultBucket,
    }),
  });
}
