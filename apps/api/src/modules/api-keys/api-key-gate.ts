import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { apiKeyScopeInfo } from '@cellforge/contracts';
import { AppError } from '../../lib/errors';
import { authenticateApiKey } from '../../middleware/authenticate';
import { scopeFor } from './api-key-scopes';
import type { ApiKeysService } from './api-keys.service';

export interface ApiKeyGateDeps {
  apiKeys: ApiKeysService;
  /** Requests per key per window (API_KEY_RATE_LIMIT). */
  rateLimit: number;
  rateWindowMs: number;
  /** Where the counters live; every API instance must share it (DatabaseRateLimitStore). */
  rateLimitStore: (prefix: string) => Store;
}

/** A key may reach a route only with the scope api-key-scopes.ts gives it. */
const requireKeyScope: RequestHandler = function apiKeyScope(req, _res, next) {
  if (!req.apiKey) return next();
  const scope = scopeFor(req.method, req.path);
  if (!scope) {
    throw new AppError('API_KEY_NOT_ALLOWED', `API keys cannot be used for ${req.method} ${req.path}. Sign in to the web app for this.`);
  }
  if (!req.apiKey.scopes.includes(scope)) {
    throw new AppError('API_KEY_SCOPE_MISSING', `This API key lacks the ${scope} scope (${apiKeyScopeInfo[scope].label}) that ${req.method} ${req.path} needs.`);
  }
  next();
};

/**
 * Everything a request made with an API key goes through before any router: the key is
 * checked (401), counted against its own rate limit (429 with Retry-After), and held to
 * its scopes (403). Requests without a key pass untouched.
 */
export function createApiKeyGate(deps: ApiKeyGateDeps): RequestHandler[] {
  const perKey = rateLimit({
    windowMs: deps.rateWindowMs,
    limit: deps.rateLimit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: deps.rateLimitStore('api-key'),
    skip: (req) => !req.apiKey,
    keyGenerator: (req) => req.apiKey?.id ?? 'none',
    handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', 'This API key has made too many requests. Wait until the time in Retry-After and try again.')),
  });
  // Only a request with a key reaches the limiter (its own skip says the same): the limiter is
  // async and its promise cost every public request a turn of the event loop (issue 19, session 13).
  const perKeyWhenKeyed: RequestHandler = (req, res, next) => (req.apiKey ? void perKey(req, res, next) : next());
  return [authenticateApiKey((secret) => deps.apiKeys.verify(secret)), perKeyWhenKeyed, requireKeyScope];
}
