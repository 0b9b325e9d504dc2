import { randomUUID } from 'node:crypto';
import cors from 'cors';
import express, { type Express } from 'express';
import compression from 'compression';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Database } from '@cellforge/db';
import type { Config } from './env';
import { withoutQueryValues, type Logger } from './lib/logger';
import { createTokenService } from './lib/tokens';
import type { RevocationChannel } from './lib/revocation-channel';
import { errorHandler, notFoundHandler } from './middleware/error-handler';
import { inputGuard } from './middleware/input-guard';
import { createAuthRouter } from './modules/auth/auth.router';
import { createAuthService } from './modules/auth/auth.service';
import { findTokenVersion } from './modules/auth/auth.repository';
import { DatabaseRateLimitStore } from './modules/auth/rate-limit-store';
import { createPasswordResetService } from './modules/auth/password-reset.service';
import { createMailer, type Mailer } from './modules/notifications';
import { BackgroundWrites } from './lib/background-writes';
import { createBetaSignupsRouter } from './modules/beta-signups/beta-signups.router';
import { createAiRouter } from './modules/ai/ai.router';
import { createContactRouter } from './modules/contact/contact.router';
import { createHealthRouter } from './modules/health/health.router';
import { createBulkUploadRouter } from './modules/bulk-upload/bulk-upload.router';
import { createIntegratorRouter } from './modules/integrator/integrator.router';
import { createIntegratorService } from './modules/integrator/integrator.service';
import { CatalogSearch, createCatalogRouter, createOfferImagesRouter, readYourWrites, rememberedCatalogAnswers, ReplicatedCatalogSearch } from './modules/catalog';
import { createLeadsRouter, createLeadsService, createQuoteRequestsRouter, createQuoteRequestsService, createThreadNotifier, createThreadsRouter, createThreadsService } from './modules/leads';
import { createOpportunitiesRouter, createOpportunitiesService } from './modules/opportunities';
import { createIntegratorProjectsRouter, createProjectsRouter, createProjectsService } from './modules/projects';
import { createRoiRouter } from './modules/roi/roi.router';
import { createSupplierRouter } from './modules/supplier/supplier.router';
import { createSupplierService } from './modules/supplier/supplier.service';
import { createOffersService } from './modules/supplier/offers.service';
import { createOfferImagesService } from './modules/supplier/offer-images.service';
import { createWebApp } from './web-app';
import { createApiKeyGate, createApiKeysRouter, createApiKeysService } from './modules/api-keys';
import { createApiDocsRouter } from './modules/api-docs/api-docs.router';
import { observeAnswers, type AnswerObserver } from './middleware/observe-answers';
import path from 'node:path';
import { createStorage, type ObjectStorage } from '@cellforge/storage';
import { createAnalysisRouter } from './modules/analysis/analysis.router';
import { createAnalysisService } from './modules/analysis/analysis.service';
import { createPerceptionClient, type PerceptionClient } from './modules/analysis/perception-client';
import { createSecretBox, createWebhookService, createWebhooksRouter, publishThreadEvent, secretBoxKey, webhookEvents } from './modules/webhooks';

export interface AppDeps {
  db: Database;
  dbKind: 'pglite' | 'postgres';
  config: Config;
  logger: Logger;
  /** Object storage for uploads; default: S3 when configured, else DATA_DIR/uploads. */
  storage?: ObjectStorage;
  /** The perception service client; default: PERCEPTION_URL. */
  perception?: PerceptionClient;
  /** Writes requests leave running (robot views); server.ts drains them before closing the database. */
  background?: BackgroundWrites;
  /** Outgoing mail; default: SMTP_URL through nodemailer, or logged only when it is unset. */
  mailer?: Mailer;
  /** A read replica (DATABASE_READ_URL): catalog searches read it, writers' next searches the primary. */
  readDb?: Database;
  /** Several instances on one PostgreSQL: sign-outs announced to all (server.ts; lib/revocation-channel.ts). */
  revocations?: RevocationChannel;
  /** Tests only: sees every answer as sent (src/test/answer-check.ts checks it against the route table). */
  onAnswer?: AnswerObserver;
}

/** Builds the Express app; server.ts listens. Kept apart so tests drive it with supertest. */
export function createApp(deps: AppDeps): Express {
  const { config, db, logger } = deps;
  const background = deps.background ?? new BackgroundWrites();
  const mailer = deps.mailer ?? createMailer({ ...config.mail, logger });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  if (deps.onAnswer) app.use(observeAnswers(deps.onAnswer));

  const web = config.webDist ? createWebApp({ distDir: config.webDist, appName: config.appName }) : null;

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/health' || (req.url ?? '').startsWith('/assets/') },
      // Query values stay out of the log (a reset link's token, a buyer's search words).
      serializers: { req: (req: { url?: string; query?: unknown }) => Object.assign(req, { url: withoutQueryValues(req.url), query: undefined }) },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(web?.scriptHashes ?? [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
    }),
  );
  if (config.corsOrigins.length) {
    app.use(cors({ origin: config.corsOrigins, credentials: false, maxAge: 600 }));
  }
  // Pages first: a browser navigation to a page path (GET /projects/:id/robots asking for
  // HTML) is the web app before any API router, body parser or input check sees it, so no
  // router mounted on a shared prefix (/auth, /projects, /ai) can answer it instead. API
  // paths (/api, /health, /assets) and fetches that do not ask for HTML go on to the API.
  if (web) {
    app.use(web.assets);
    app.use(web.pages);
  }
  const catalogOptions = { refreshMs: config.catalogIndexRefreshMs, staleMs: config.catalogStaleMs, logger };
  const catalog = deps.readDb ? new ReplicatedCatalogSearch(deps.readDb, db, catalogOptions) : new CatalogSearch(db, catalogOptions);
  // A repeated catalog search whose whole answer is remembered is sent here, before the body
  // parser, the input check, the API-key gate and the routers (issue 19, session 13). Not with a
  // read replica: there a writer's next searches read the primary (readYourWrites below).
  if (!deps.readDb) app.use(rememberedCatalogAnswers(catalog));
  // Answers over 1 kB are gzipped for clients that ask (a catalog page's JSON: 19 -> 3 kB on a
  // phone's link); an answer already encoded (the catalog's remembered gzip) is left alone.
  app.use(compression({ threshold: 1024 }));
  app.use(express.json({ limit: config.jsonBodyLimit }));
  app.use(inputGuard);
  // With a read replica: a client that just wrote reads the catalog from the primary for a few seconds.
  if (deps.readDb) app.use(readYourWrites(config.databaseReadFreshSeconds));

  const tokens = createTokenService(config.jwtSecret, config.jwtExpiresInSeconds, {
    currentVersion: (userId) => findTokenVersion(db, userId),
    cacheMs: config.tokenCheckCacheMs,
    channel: deps.revocations,
    onPublishError: (err) => logger.warn({ err }, 'announcing a sign-out to the other API instances failed; they honour its tokens until TOKEN_CHECK_CACHE_MS passes'),
  });
  const auth = createAuthService({ db, tokens, bcryptRounds: config.bcryptRounds, appName: config.appName });
  const passwordResets = createPasswordResetService({
    db,
    mailer,
    tokens,
    bcryptRounds: config.bcryptRounds,
    appName: config.appName,
    publicUrl: config.publicUrl,
    ttlMinutes: config.passwordResetTtlMinutes,
    logger,
    background,
  });

  // API keys (issue 17): a request with `Bearer cfk_...` is checked, rate-limited per key and
  // held to its scopes here, before any router; /api/me/api-keys manages keys (sessions only).
  const apiKeys = createApiKeysService({ db, logger });
  app.use(
    createApiKeyGate({
      apiKeys,
      rateLimit: config.apiKeyRateLimit,
      rateWindowMs: config.apiKeyRateWindowMs,
      rateLimitStore: (prefix) => new DatabaseRateLimitStore(db, prefix),
    }),
  );
  app.use('/api/me/api-keys', createApiKeysRouter({ apiKeys, tokens }));

  app.use(createHealthRouter({ db, dbKind: deps.dbKind }));
  app.use(
    '/auth',
    createAuthRouter({
      auth,
      tokens,
      loginRateLimit: config.loginRateLimit,
      loginRateWindowMs: config.loginRateWindowMs,
      loginIpRateLimit: config.loginIpRateLimit,
      registerRateLimit: config.registerRateLimit,
      registerRateWindowMs: config.registerRateWindowMs,
      passwordResets,
      passwordResetRateLimit: config.passwordResetRateLimit,
      passwordResetIpRateLimit: config.passwordResetIpRateLimit,
      rateLimitStore: (prefix) => new DatabaseRateLimitStore(db, prefix),
    }),
  );
  app.use('/api', createContactRouter({ db, tokens }));
  app.use('/api', createCatalogRouter({ db, tokens, catalog, background }));
  const projects = createProjectsService(db);
  app.use('/api/leads', createLeadsRouter({ leads: createLeadsService({ db, projects }), tokens }));
  // Webhooks (issue 17): events are queued in this database; server.ts runs the dispatcher that sends them.
  webhookEvents.configure(db, { logger, publicUrl: config.publicUrl });
  const webhookSecrets = createSecretBox(secretBoxKey({ webhookSecretKey: config.webhooks.secretKey, jwtSecret: config.jwtSecret }));
  app.use('/api/webhooks', createWebhooksRouter({ webhooks: createWebhookService({ db, secrets: webhookSecrets, allowPrivate: config.webhooks.allowPrivate }), tokens }));
  const mailNotify = createThreadNotifier({ db, mailer, appName: config.appName, publicUrl: config.publicUrl, background, logger });
  const notify: typeof mailNotify = (event) => {
    mailNotify(event);
    background.run(() => publishThreadEvent(db, event), () => undefined);
  };
  const threads = createThreadsService({ db, notify });
  app.use('/api/threads', createThreadsRouter({ threads, tokens }));
  app.use(
    '/api/quote-requests',
    createQuoteRequestsRouter({
      quoteRequests: createQuoteRequestsService({ db, projects, threads, notify }),
      tokens,
      rateLimit: config.quoteRequestRateLimit,
      rateWindowMs: config.quoteRequestRateWindowMs,
      rateLimitStore: (prefix) => new DatabaseRateLimitStore(db, prefix),
    }),
  );
  // Offer images (migration 0016): uploaded by the offer's supplier, served to whoever may see the offer.
  const storage = deps.storage ?? createStorage({ s3: config.s3, localRoot: path.join(config.dataDir, 'uploads') });
  const offerImages = createOfferImagesService({
    db,
    storage,
    bucket: config.offerImageBucket,
    maxPixels: config.offerImageMaxPixels,
    onCatalogChange: () => catalog.invalidate(),
  });
  app.use('/api/offer-images', createOfferImagesRouter({ db, tokens, storage, bucket: config.offerImageBucket }));
  app.use(
    '/api/supplier',
    createSupplierRouter({
      supplier: createSupplierService({ db, onCatalogChange: () => catalog.invalidate() }),
      offers: createOffersService({ db, onCatalogChange: () => catalog.invalidate(), images: offerImages }),
      tokens,
      images: offerImages,
      imageMaxBytes: config.offerImageMaxBytes,
    }),
  );
  const opportunities = createOpportunitiesService({ db });
  app.use('/api/integrator/opportunities', createOpportunitiesRouter({ opportunities, tokens }));
  const analysis = createAnalysisService({
    db,
    storage,
    perception: deps.perception ?? createPerceptionClient(config.perceptionUrl, config.perceptionTimeoutMs),
    projects,
    videoBucket: config.videoBucket,
    resultBucket: config.resultBucket,
    maxAttempts: config.jobMaxAttempts,
  });
  const tmpDir = path.join(config.dataDir, 'tmp');
  app.use('/api/integrator', createAnalysisRouter({ analysis, tokens, tmpDir, maxBytes: config.videoUploadMaxBytes }));
  app.use(
    '/projects',
    createProjectsRouter({
      projects,
      tokens,
      integratorsFor: (projectId, filters) => opportunities.integratorsFor(projectId, filters),
      stage2For: (userId, projectId) => analysis.projectStage2(userId, projectId),
    }),
  );

  // The chat limit is counted in the database like the sign-in limits: every API instance sees the same count.
  app.use('/ai', createAiRouter({ db, tokens, config, logger, chatRateLimit: config.chatRateLimit, chatRateLimitStore: new DatabaseRateLimitStore(db, 'chat') }));

  app.use('/api/integrator/bulk-upload', createBulkUploadRouter({ db, tokens, role: 'integrator', maxBytes: config.bulkUploadMaxBytes, maxCsvBytes: config.bulkCsvUploadMaxBytes, tmpDir }));
  app.use(
    '/api/supplier/bulk-upload',
    createBulkUploadRouter({ db, tokens, role: 'supplier', maxBytes: config.bulkUploadMaxBytes, maxCsvBytes: config.bulkCsvUploadMaxBytes, tmpDir, onCatalogChange: () => catalog.invalidate() }),
  );
  app.use('/api/integrator/projects', createIntegratorProjectsRouter({ projects, tokens }));
  app.use('/api/integrator', createIntegratorRouter({ db, tokens, integrator: createIntegratorService({ db }) }));

  app.use('/api/roi', createRoiRouter());
  app.use('/api/beta-signups', createBetaSignupsRouter({ db }));
  // The public API's document and reference page (issue 17).
  app.use(createApiDocsRouter({ appName: config.appName }));

  // A page path no API route answered (GET /auth/supplier fetched as JSON) is still the page.
  if (web) app.use(web.fallback);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
