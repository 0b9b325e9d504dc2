import { Router, type RequestHandler } from 'express';
import { createApiKeySchema, type ApiKeyCreated, type ApiKeyList, type ApiKeyResponse } from '@cellforge/contracts';
import { AppError } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import type { ApiKeysService } from './api-keys.service';

/** Key management needs a signed-in session: a key never lists, creates or revokes keys. */
const sessionOnly: RequestHandler = (req, _res, next) => {
  if (req.apiKey) throw new AppError('API_KEY_NOT_ALLOWED', 'API keys cannot manage API keys. Sign in to the web app for this.');
  next();
};

/** /api/me/api-keys: a signed-in user's API keys (any role). */
export function createApiKeysRouter(deps: { apiKeys: ApiKeysService; tokens: TokenService }): Router {
  const router = Router();
  const { apiKeys } = deps;
  router.use(authenticate(deps.tokens, { required: true }), sessionOnly);

  router.get('/', signedIn(async (_req, res, user) => {
    res.json({ data: await apiKeys.list(user.userId) } satisfies ApiKeyList);
  }));
  router.post('/', signedIn(async (req, res, user) => {
    const input = createApiKeySchema.parse(req.body);
    res.status(201).setHeader('Cache-Control', 'no-store');
    res.json((await apiKeys.create(user.userId, input)) satisfies ApiKeyCreated);
  }));
  router.delete('/:id', signedIn(async (req, res, user) => {
    res.json({ data: await apiKeys.revoke(user.userId, String(req.params.id)) } satisfies ApiKeyResponse);
  }));
  return router;
}
