import express, { type ErrorRequestHandler, type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import type { FfmpegTools } from './ffmpeg';
import { toolVersion } from './ffmpeg';

export interface PerceptionDeps {
  logger: Logger;
  tools: FfmpegTools;
}

function errorBody(code: string, message: string) {
  return { message, error: message, code };
}

/** The perception service: /health now; /stage1, /confirm and /stage2 come with the video-analysis issue. */
export function createPerceptionApp(deps: PerceptionDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(pinoHttp({ logger: deps.logger, autoLogging: { ignore: (req) => req.url === '/health' } }));
  app.use(express.json({ limit: '2mb' }));

  let versions: Promise<{ ffmpeg: string; ffprobe: string }> | undefined;
  app.get('/health', async (_req, res) => {
    versions ??= Promise.all([toolVersion(deps.tools.ffmpeg), toolVersion(deps.tools.ffprobe)]).then(([ffmpeg, ffprobe]) => ({
      ffmpeg,
      ffprobe,
    }));
    try {
      res.json({ status: 'ok', service: 'perception', ffmpeg: { source: deps.tools.source, ...(await versions) } });
    } catch {
      versions = undefined;
      res.status(503).json({ ...errorBody('SERVICE_UNAVAILABLE', 'ffmpeg is not usable'), status: 'error' });
    }
  });

  app.use((req, res) => {
    res.status(404).json(errorBody('NOT_FOUND', `Route not found: ${req.method} ${req.path}`));
  });
  const onError: ErrorRequestHandler = (err: { type?: string }, req, res, _next) => {
    if (err?.type === 'entity.parse.failed') {
      res.status(400).json(errorBody('INVALID_JSON', 'The request body is not valid JSON'));
      return;
    }
    req.log?.error({ err }, 'unhandled error');
    res.status(500).json(errorBody('INTERNAL', 'Something went wrong in the perception service'));
  };
  app.use(onError);
  return app;
}
