import { pino } from 'pino';
import { createPerceptionApp } from './app';
import { resolveFfmpeg } from './ffmpeg';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const port = Number(process.env.PERCEPTION_PORT ?? process.env.PORT ?? 3002);
const host = process.env.PERCEPTION_HOST ?? '127.0.0.1';

const tools = await resolveFfmpeg();
logger.info({ ffmpeg: tools.ffmpeg, source: tools.source }, 'ffmpeg resolved');

const server = createPerceptionApp({ logger, tools }).listen(port, host, () => {
  logger.info({ url: `http://${host}:${port}` }, 'perception service listening');
});

function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
