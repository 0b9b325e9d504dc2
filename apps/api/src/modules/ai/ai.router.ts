import { Router, type Request } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import {
  chatRequestSchema,
  compareRobotsRequestSchema,
  recommendRobotsRequestSchema,
  type ChatResponse,
  type CompareRobotsResponse,
  type RecommendRobotsResponse,
} from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { Config } from '../../env';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { createAiService, type ChatCaller } from './ai.service';
import type { ModelProvider } from './provider/model-provider';

export interface AiRouterDeps {
  db: Database;
  tokens: TokenService;
  config: Config;
  logger: Logger;
  /** Chat requests per client address and minute (default 60). */
  chatRateLimit?: number;
  /** Where the chat counters live (app.ts: the database, shared by every API instance); default: this process's memory. */
  chatRateLimitStore?: Store;
  /** Model provider request timeout in ms (default 25 s). */
  providerTimeoutMs?: number;
  /** Replaces the configured provider (tests). */
  provider?: ModelProvider | null;
}

/**
 * /ai/chat, /ai/recommend-robots and /ai/compare-robots. Sign-in is optional: a valid
 * bearer makes the answer role-aware and user_authenticated true; an invalid one is a 401.
 */
/** The verified signed-in user, if any: it decides which private robots the answers may use. */
const callerOf = (req: Request): ChatCaller | undefined => (req.auth ? { role: req.auth.role, userId: req.auth.userId } : undefined);

export function createAiRouter(deps: AiRouterDeps): Router {
  const router = Router();
  const service = createAiService({ db: deps.db, config: deps.config, logger: deps.logger, providerTimeoutMs: deps.providerTimeoutMs, provider: deps.provider });
  const optionalAuth = authenticate(deps.tokens, { required: false });
  const chatLimiter = rateLimit({
    windowMs: 60_000,
    limit: deps.chatRateLimit ?? 60,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    ...(deps.chatRateLimitStore ? { store: deps.chatRateLimitStore } : {}),
    handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', 'Too many questions in a short time. Please wait a moment and try again.')),
  });

  router.post('/chat', optionalAuth, chatLimiter, async (req, res) => {
    const input = chatRequestSchema.parse(req.body);
    const result = await service.chat(input, callerOf(req));
    req.log?.info({ intent: result.body.metadata.userIntent, state: result.body.metadata.conversationState, mode: result.mode }, 'ai chat answered');
    res.json(result.body satisfies ChatResponse);
  });

  router.post('/recommend-robots', optionalAuth, async (req, res) => {
    const input = recommendRobotsRequestSchema.parse(req.body);
    res.json((await service.recommend(input, callerOf(req))) satisfies RecommendRobotsResponse);
  });

  router.post('/compare-robots', optionalAuth, async (req, res) => {
    const input = compareRobotsRequestSchema.parse(req.body);
    res.json((await service.compare(input, callerOf(req))) satisfies CompareRobotsResponse);
  });

  return router;
}
