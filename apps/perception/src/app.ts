import { confirmRequestSchema, stage1RequestSchema, stage2RequestSchema } from '@cellforge/contracts';
import { createStorage, type ObjectStorage } from '@cellforge/storage';
import express, { type ErrorRequestHandler, type Express, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { ZodError, type z } from 'zod';
import { runConfirm } from './confirm';
import type { JobContext } from './context';
import { DEFAULT_CONFIG, type PerceptionConfig } from './env';
import { errorBody, PerceptionError, zodDetails } from './errors';
import type { FfmpegTools } from './ffmpeg';
import { toolVersion } from './ffmpeg';
import { runStage1 } from './stage1/run-stage1';
import { createHttpCatalogClient, type CatalogClient } from './stage2/catalog';
import { runStage2 } from './stage2/run-stage2';

export interface PerceptionDeps {
  logger: Logger;
  tools: FfmpegTools;
  /** Defaults to createStorage() from config (local folder unless S3 is configured). */
  storage?: ObjectStorage;
  /** Defaults to the API's GET /api/robots at config.catalogUrl. */
  catalog?: CatalogClient;
  fetch?: typeof fetch;
  clock?: () => Date;
  config?: Partial<PerceptionConfig>;
}

// Job and project ids become storage key segments: keep them to a safe alphabet.
const ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const ID_MESSAGE = 'Use 1-128 letters, digits, ".", "_" or "-", starting with a letter or digit';
function checkIds(value: { job_id: string; project_id: string }, ctx: z.RefinementCtx) {
  for (const field of ['job_id', 'project_id'] as const) {
    if (!ID_RE.test(value[field])) ctx.addIssue({ code: 'custom', path: [field], message: ID_MESSAGE });
  }
}
const stage1Body = stage1RequestSchema.superRefine(checkIds);
const confirmBody = confirmRequestSchema.superRefine(checkIds);
const stage2Body = stage2RequestSchema.superRefine(checkIds);

/**
 * Runs a job with the service's deadline, and stops its ffmpeg work when the caller hangs up.
 * A deadline hit answers 504 ANALYSIS_TIMEOUT.
 */
async function withDeadline<T>(res: Response, timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onClose = () => {
    if (!res.writableFinished) controller.abort();
  };
  res.on('close', onClose);
  try {
    return await run(controller.signal);
  } catch (err) {
    if (timedOut) {
      throw new PerceptionError('ANALYSIS_TIMEOUT', `The analysis took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
    }
    throw err;
  } finally {
    clearTimeout(timer);
    res.off('close', onClose);
  }
}

/** The perception service: /health, POST /stage1, /confirm and /stage2 (docs/product.md §7.13). */
export function createPerceptionApp(deps: PerceptionDeps): Express {
  const config: PerceptionConfig = { ...DEFAULT_CONFIG, ...deps.config };
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const base: Omit<JobContext, 'signal'> = {
    storage: deps.storage ?? createStorage({ s3: config.s3, localRoot: config.localRoot }),
    tools: deps.tools,
    config,
    fetch: fetchImpl,
    catalog: deps.catalog ?? createHttpCatalogClient({ baseUrl: config.catalogUrl, fetch: fetchImpl, timeoutMs: config.catalogTimeoutMs }),
    clock: deps.clock ?? (() => new Date()),
    logger: deps.logger,
  };

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
      res.json({
        status: 'ok',
        service: 'perception',
        storage: base.storage.kind,
        vision: Boolean(config.vision),
        ffmpeg: { source: deps.tools.source, ...(await versions) },
      });
    } catch {
      versions = undefined;
      res.status(503).json({ ...errorBody('SERVICE_UNAVAILABLE', 'ffmpeg is not usable'), status: 'error' });
    }
  });

  app.post('/stage1', async (req, res) => {
    const body = stage1Body.parse(req.body);
    const results = await withDeadline(res, config.jobTimeoutMs, (signal) => runStage1({ ...base, logger: req.log ?? deps.logger, signal }, body));
    res.json(results);
  });

  app.post('/confirm', async (req, res) => {
    const body = confirmBody.parse(req.body);
    res.json(await runConfirm({ ...base, logger: req.log ?? deps.logger }, body));
  });

  app.post('/stage2', async (req, res) => {
    const body = stage2Body.parse(req.body);
    const results = await withDeadline(res, config.jobTimeoutMs, (signal) => runStage2({ ...base, logger: req.log ?? deps.logger, signal }, body));
    res.json(results);
  });

  app.use((req, res) => {
    res.status(404).json(errorBody('NOT_FOUND', `Route not found: ${req.method} ${req.path}`));
  });
  const onError: ErrorRequestHandler = (err: { type?: string }, req, res, _next) => {
    if (err instanceof ZodError) {
      res.status(400).json(errorBody('VALIDATION_FAILED', 'The request body is invalid', zodDetails(err)));
      return;
    }
    if (err instanceof PerceptionError) {
      if (err.status >= 500) req.log?.error({ err }, err.message);
      else req.log?.info({ code: err.code }, err.message);
      res.status(err.status).json(errorBody(err.code, err.message, err.details));
      return;
    }
    if (err?.type === 'entity.parse.failed') {
      res.status(400).json(errorBody('INVALID_JSON', 'The request body is not valid JSON'));
      return;
    }
    if (err?.type === 'entity.too.large') {
      res.status(413).json(errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large'));
      return;
    }
    req.log?.error({ err }, 'unhandled error');
    res.status(500).json(errorBody('INTERNAL', 'Something went wrong in the perception service'));
  };
  app.use(onError);
  return app;
}
