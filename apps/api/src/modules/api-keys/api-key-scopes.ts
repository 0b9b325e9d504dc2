import type { ApiKeyScope } from '@cellforge/contracts';
import { apiRoutes, type RouteSpec } from '@cellforge/contracts/routes';

/**
 * What an API key may reach (issue 17), read from the route table of the contracts: a
 * route whose entry names an `apiKey` scope is reached by a key holding that scope; every
 * other request made with a key is 403 API_KEY_NOT_ALLOWED (accounts, sessions, key and
 * webhook management, the site's own forms, and any route nobody has decided on: no scope
 * is the default). The key still acts as its user, so the route's own role and ownership
 * checks apply after this. The OpenAPI document shows the same scope on each operation.
 */
export const apiKeyRoutes: ReadonlyArray<readonly [method: string, path: string, scope: ApiKeyScope]> = Object.values(apiRoutes as Record<string, RouteSpec>).flatMap(
  (spec) => (spec.apiKey ? [[spec.method.toUpperCase(), spec.path.replace(/\{(\w+)\}/g, ':$1'), spec.apiKey] as const] : []),
);

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
