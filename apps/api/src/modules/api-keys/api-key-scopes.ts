import type { ApiKeyScope } from '@cellforge/contracts';

/**
 * THE rule of what an API key may reach (issue 17): method + Express path pattern ->
 * the scope it needs. A key reaches a route only when the route is listed here and the
 * key has that scope; every other request made with a key is 403 API_KEY_NOT_ALLOWED
 * (account, sessions, key management, and routes nobody has decided on yet). The key
 * still acts as its user, so the route's own role and ownership checks apply after this.
 *
 * `sessionOnly` names the app's routes that keys deliberately never reach; a test
 * (api-key-scopes.test.ts) checks that every route of the app is in exactly one of the
 * two lists, so a new route cannot ship without a decision.
 */
export const apiKeyRoutes: ReadonlyArray<readonly [method: string, path: string, scope: ApiKeyScope]> = [
  // Read catalog
  ['GET', '/api/robots', 'catalog:read'],
  ['GET', '/api/robots/compare', 'catalog:read'],
  ['GET', '/api/robots/:id', 'catalog:read'],
  ['GET', '/api/robots/:id/offers', 'catalog:read'],
  ['GET', '/api/robots/:id/similar', 'catalog:read'],
  ['GET', '/api/offer-images/:id/:size', 'catalog:read'],
  ['GET', '/api/integrator/catalog/robots', 'catalog:read'],
  ['GET', '/api/integrator/catalog/robots/:id', 'catalog:read'],
  ['GET', '/api/integrator/catalog/stats', 'catalog:read'],
  // Manage offers (a supplier's offers and listings, an integrator's own catalog robots)
  ['GET', '/api/supplier/offers', 'offers:write'],
  ['POST', '/api/supplier/offers', 'offers:write'],
  ['PUT', '/api/supplier/offers/:id', 'offers:write'],
  ['PATCH', '/api/supplier/offers/:id/status', 'offers:write'],
  ['DELETE', '/api/supplier/offers/:id', 'offers:write'],
  ['GET', '/api/supplier/offers/:id/images', 'offers:write'],
  ['POST', '/api/supplier/offers/:id/images', 'offers:write'],
  ['PUT', '/api/supplier/offers/:id/images/order', 'offers:write'],
  ['PATCH', '/api/supplier/offers/:id/images/:imageId', 'offers:write'],
  ['DELETE', '/api/supplier/offers/:id/images/:imageId', 'offers:write'],
  ['GET', '/api/supplier/listings', 'offers:write'],
  ['POST', '/api/supplier/listings', 'offers:write'],
  ['PUT', '/api/supplier/listings/:id', 'offers:write'],
  ['PATCH', '/api/supplier/listings/:id/status', 'offers:write'],
  ['PUT', '/api/integrator/catalog/robots/:id', 'offers:write'],
  ['DELETE', '/api/integrator/catalog/robots/:id', 'offers:write'],
  // Read and answer requests (requests for quote, leads, conversations, opportunities)
  ['POST', '/api/quote-requests', 'requests:write'],
  ['GET', '/api/quote-requests', 'requests:write'],
  ['GET', '/api/quote-requests/open', 'requests:write'],
  ['POST', '/api/quote-requests/:id/answers', 'requests:write'],
  ['POST', '/api/quote-requests/:id/close', 'requests:write'],
  ['GET', '/api/threads', 'requests:write'],
  ['GET', '/api/threads/unread', 'requests:write'],
  ['GET', '/api/threads/:id', 'requests:write'],
  ['POST', '/api/threads/:id/messages', 'requests:write'],
  ['POST', '/api/threads/:id/quotes', 'requests:write'],
  ['POST', '/api/threads/:id/accept', 'requests:write'],
  ['POST', '/api/threads/:id/decline', 'requests:write'],
  ['POST', '/api/threads/:id/close', 'requests:write'],
  ['POST', '/api/leads', 'requests:write'],
  ['GET', '/api/leads/sent', 'requests:write'],
  ['GET', '/api/supplier/leads', 'requests:write'],
  ['PATCH', '/api/supplier/leads/:id', 'requests:write'],
  ['GET', '/api/integrator/opportunities', 'requests:write'],
  ['POST', '/api/integrator/opportunities/:projectId/interest', 'requests:write'],
  // Import robots
  ['POST', '/api/supplier/bulk-upload/parse', 'imports:write'],
  ['POST', '/api/supplier/bulk-upload/validate', 'imports:write'],
  ['POST', '/api/supplier/bulk-upload/import', 'imports:write'],
  ['GET', '/api/supplier/bulk-upload/:uploadId/errors.csv', 'imports:write'],
  ['GET', '/api/supplier/bulk-upload/template.csv', 'imports:write'],
  ['GET', '/api/supplier/bulk-upload/template.xlsx', 'imports:write'],
  ['GET', '/api/supplier/bulk-upload/mappings', 'imports:write'],
  ['POST', '/api/supplier/bulk-upload/mappings', 'imports:write'],
  ['DELETE', '/api/supplier/bulk-upload/mappings/:mappingId', 'imports:write'],
  ['POST', '/api/integrator/bulk-upload/parse', 'imports:write'],
  ['POST', '/api/integrator/bulk-upload/validate', 'imports:write'],
  ['POST', '/api/integrator/bulk-upload/import', 'imports:write'],
  ['GET', '/api/integrator/bulk-upload/:uploadId/errors.csv', 'imports:write'],
  ['GET', '/api/integrator/bulk-upload/template.csv', 'imports:write'],
  ['GET', '/api/integrator/bulk-upload/template.xlsx', 'imports:write'],
  ['GET', '/api/integrator/bulk-upload/mappings', 'imports:write'],
  ['POST', '/api/integrator/bulk-upload/mappings', 'imports:write'],
  ['DELETE', '/api/integrator/bulk-upload/mappings/:mappingId', 'imports:write'],
  // Run analysis
  ['POST', '/api/integrator/upload-video', 'analysis:write'],
  ['GET', '/api/integrator/analysis', 'analysis:write'],
  ['GET', '/api/integrator/analysis/:jobId', 'analysis:write'],
  ['GET', '/api/integrator/analysis/:jobId/key-frame', 'analysis:write'],
  ['POST', '/api/integrator/analysis/:jobId/stage1', 'analysis:write'],
  ['POST', '/api/integrator/analysis/:jobId/confirm', 'analysis:write'],
  ['POST', '/api/integrator/analysis/:jobId/stage2', 'analysis:write'],
  ['POST', '/api/integrator/analysis/:jobId/cancel', 'analysis:write'],
];

/** Routes no key reaches, whatever its scopes: accounts, sessions, key management, the site's own forms and pages. */
export const sessionOnlyRoutes: readonly string[] = [
  'GET /health',
  // The API document and its reference page are public: fetched without a key.
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/:file',
  'POST /auth/register',
  'POST /auth/login',
  'POST /auth/verify',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
  'GET /auth/me',
  'PATCH /auth/me',
  'POST /auth/logout',
  'GET /api/me/api-keys',
  'POST /api/me/api-keys',
  'DELETE /api/me/api-keys/:id',
  // Webhook endpoints are set up in the settings page (the five scopes of issue 17 do not cover them).
  'GET /api/webhooks/endpoints',
  'POST /api/webhooks/endpoints',
  'GET /api/webhooks/endpoints/:id',
  'PATCH /api/webhooks/endpoints/:id',
  'DELETE /api/webhooks/endpoints/:id',
  'POST /api/webhooks/endpoints/:id/secret',
  'POST /api/webhooks/endpoints/:id/secret/rotate',
  'GET /api/webhooks/endpoints/:id/deliveries',
  'POST /api/webhooks/endpoints/:id/deliveries/:deliveryId/replay',
  'POST /api/webhooks/endpoints/:id/ping',
  'POST /api/contact',
  'POST /api/beta-signups',
  'POST /api/roi/calculate',
  'POST /ai/chat',
  'POST /ai/recommend-robots',
  'POST /ai/compare-robots',
  'GET /projects',
  'GET /projects/stats/overview',
  'POST /projects',
  'GET /projects/:id',
  'PATCH /projects/:id',
  'DELETE /projects/:id',
  'GET /projects/:id/matches',
  'GET /projects/:id/integrators',
  'GET /projects/:id/stage2-results',
  'GET /api/supplier/analytics',
  'GET /api/integrator/projects',
  'GET /api/integrator/projects/stats',
  'POST /api/integrator/projects',
  'GET /api/integrator/projects/:id',
  'PATCH /api/integrator/projects/:id',
  'GET /api/integrator/settings',
  'PUT /api/integrator/settings',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern's regular expression: `:name` is one non-empty segment; like Express, case-insensitive with an optional trailing slash. */
function compile(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)))
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

const compiled = apiKeyRoutes.map(([method, path, scope]) => ({ method, path, scope, regex: compile(path) }));

/** The scope a request needs, or null when keys may not make it. HEAD is GET (Express answers HEAD with the GET route). */
export function scopeFor(method: string, path: string): ApiKeyScope | null {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return compiled.find((r) => r.method === m && r.regex.test(path))?.scope ?? null;
}
