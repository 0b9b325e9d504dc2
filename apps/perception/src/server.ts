import { createStorage } from '@cellforge/storage';
import { pino } from 'pino';
import { createPerceptionApp } from './app';
import { loadPerceptionConfig } from './env';
import { resolveFfmpeg } from './ffmpeg';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const port = Number(process.env.PERCEPTION_PORT ?? process.env.PORT ?? 3002);
const host = process.env.PERCEPTION_HOST ?? '127.0.0.1';

const config = loadPerceptionConfig();
const tools = await resolveFfmpeg();
const storage = createStorage({ s3: config.s3, localRoot: config.localRoot });
logger.info(
  { ffmpeg: tools.ffmpeg, source: tools.source, storage: storage.kind, localRoot: config.s3 ? undefined : config.localRoot, catalog: config.catalogUrl, vision: Boolean(config.vision) },
  'perception configured',
);

const server = createPerceptionApp({ logger, tools, storage, config }).listen(port, host, () => {
  logger.info({ url: `http://${host}:${port}` }, 'perception service listening');
});
// Stage 1 may take minutes: keep Node's own request timeout above the callers' 300 s.
server.requestTimeout = 330_000;

function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  // No new connections; stages in flight finish (10 s at most: a stage cut then fails on
  // the API's side as a retryable error and its job queue runs it on another replica).
  server.close(() => process.exit(0));
  // Idle keep-alive connections would hold close() until they time out.
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
