/**
 * API keys (issue 17): a user's keys for integrations (`Authorization: Bearer cfk_...`),
 * their scopes (the `apiKey` field of each route's entry in packages/contracts/src/routes.ts, read by api-key-scopes.ts), per-key rate limits and
 * the /api/me/api-keys routes. Owns api_keys. Other modules import it through this file.
 */
export { createApiKeysRouter } from './api-keys.router';
export { createApiKeysService, hashApiKeySecret, type ApiKeysService } from './api-keys.service';
export { createApiKeyGate } from './api-key-gate';
export { apiKeyRoutes, scopeFor } from './api-key-scopes';
