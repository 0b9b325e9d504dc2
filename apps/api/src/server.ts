import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createDb, seedCatalog } from '@cellforge/db';
import { failOrphanedStages } from './modules/analysis/analysis.jobs';
import { createJobWorkers } from './job-workers';
import { sweepStaleTempFiles } from './lib/tmp-sweep';
import { createApp } from './app';
import { loadConfig } from './env';
import { createLogger } from './lib/logger';
import { BackgroundWrites } from './lib/background-writes';
import { shutdownGracefully } from './lib/shutdown';
import { writeApiPid } from './lib/pid-file';
import { createPgRevocationChannel } from './lib/revocation-channel';
import { createSecretBox, createWebhookDispatcher, secretBoxKey } from './modules/webhooks';

const config = loadConfig();
const logger = createLogger(config.logLevel);

// The built web app: WEB_DIST, else apps/web/dist beside this app (source or bundle).
if (!config.webDist) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidate = path.resolve(here, '../../web/dist');
  if (existsSync(path.join(candidate, 'index.html'))) config.webDist = candidate;
}

/** Set once the HTTP server listens: a stop before that has nothing to drain. */
let listening = false;
const handle = await createDb({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pg'),
  // The embedded database runs on a worker thread (packages/db pglite-thread.ts). If that
  // thread dies, the statements in flight fail and a new one opens the same data folder;
  // when it keeps dying, the API stops and start.mjs starts it again with its own backoff.
  onDatabaseThreadCrash: (err, restarting) => {
    if (restarting) {
      logger.error({ err }, 'the embedded database thread stopped; opening the data folder again');
      return;
    }
    logger.fatal({ err }, 'the embedded database thread keeps stopping; stopping the API');
    process.exitCode = 1;
    if (listening) void shutdown('database thread');
    else process.exit(1);
  },
});
logger.info({ database: handle.kind }, 'database ready (migrations applied)');
// While this process holds the embedded database, commands that open it (reset-link) refuse to.
const removePid = handle.kind === 'pglite' ? writeApiPid(config.dataDir) : () => undefined;
process.once('exit', removePid);
if (config.seedOnStart) {
  // Instances starting together seed one after the other (the others find it seeded).
  const exclusive = handle.exclusive ?? (<T>(_name: string, fn: () => Promise<T>) => fn());
  const { total } = await exclusive('seed', () => seedCatalog(handle.db));
  // PGlite runs no autovacuum: fresh statistics keep the catalog queries on their indexes.
  await handle.db.execute(sql`analyze robots`);
  logger.info({ robots: total }, 'shared catalog seeded');
}
// `--migrate-only` (a deploy's migration Job, deploy/kubernetes): migrations applied (and
// the catalog seeded when SEED_ON_START), then stop without serving.
if (process.argv.includes('--migrate-only')) {
  await handle.close();
  logger.info('migrations applied; stopping (--migrate-only)');
  process.exit(0);
}

// Stages whose queue job is still queued or running continue on a worker; only those left without one fail.
const interrupted = await failOrphanedStages(handle.db);
if (interrupted) logger.warn({ jobs: interrupted }, 'analysis jobs left without a queue job were marked failed');

const swept = await sweepStaleTempFiles(path.join(config.dataDir, 'tmp'), 60 * 60 * 1000);
if (swept) logger.warn({ files: swept }, 'temporary upload files left by an earlier stop were removed');

// An optional read replica for catalog searches (no migrations: it follows the primary).
const readHandle = config.databaseReadUrl ? await createDb({ databaseUrl: config.databaseReadUrl, migrate: false }) : null;
if (readHandle) logger.info('catalog searches read the replica (DATABASE_READ_URL)');
const background = new BackgroundWrites();
// On PostgreSQL several API instances may share the database: a sign-out on one reaches the others' token caches.
const revocations = handle.kind === 'postgres' && config.databaseUrl ? createPgRevocationChannel({ databaseUrl: config.databaseUrl, db: handle.db, logger }) : undefined;
await revocations?.ready;
const app = createApp({ db: handle.db, dbKind: handle.kind, config, logger, background, revocations, readDb: readHandle?.db });
// Webhook deliveries queued by any API process are sent from here (modules/webhooks/dispatcher.ts).
const webhookDispatcher = createWebhookDispatcher({
  db: handle.db,
  logger,
  secrets: createSecretBox(secretBoxKey({ webhookSecretKey: config.webhooks.secretKey, jwtSecret: config.jwtSecret })),
  allowPrivate: config.webhooks.allowPrivate,
  timeoutMs: config.webhooks.timeoutMs,
  pollMs: config.webhooks.pollMs,
});
webhookDispatcher.start();
// Durable jobs (modules/jobs): JOB_WORKERS loops pick the analysis stages queued by any instance.
const worker = config.jobWorkers > 0 ? createJobWorkers({ db: handle.db, config, logger }) : null;
worker?.start();
const server = app.listen(config.port, config.host, () => {
  listening = true;
  logger.info(
    { url: `http://localhost:${config.port}`, web: config.webDist ?? 'not built (API only)' },
    `${config.appName} API listening`,
  );
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  // No new webhook attempts; those in flight are cut and due again at the next start.
  await webhookDispatcher.stop().catch((err: unknown) => logger.error({ err }, 'stopping the webhook dispatcher failed'));
  // Requests in flight are answered and the view writes they started finish before the database closes (lib/shutdown.ts).
  // Running jobs are handed back to the queue (another instance, or this one after the restart, continues them).
  const stopWorker = worker?.stop().catch((err: unknown) => logger.error({ err }, 'stopping the job worker failed'));
  await shutdownGracefully({
    server,
    background,
    closeDatabase: async () => {
      await stopWorker;
      await revocations?.close();
      await readHandle?.close();
      await handle.close();
    },
    logger,
  });
  process.exit(process.exitCode ?? 0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
