import { describe, expect, it } from 'vitest';
import { apiKeyScopes } from '@cellforge/contracts';
import { useTestApp } from '../../test/create-test-app';
import { listRoutes } from '../../test/route-table';
import { apiKeyRoutes, scopeFor, sessionOnlyRoutes } from './api-key-scopes';

/** A request path for a route pattern: each parameter is a value no literal segment has. */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'x1');

describe('the API key route table', () => {
  const ctx = useTestApp('pglite');

  it('decides every route of the app: a scope, or sessions only, never both, and names no route that is gone', () => {
    const routes = listRoutes(ctx().app).map((r) => `${r.method} ${r.path}`);
    const keyed = apiKeyRoutes.map(([method, path]) => `${method} ${path}`);
    expect(routes.filter((r) => !keyed.includes(r) && !sessionOnlyRoutes.includes(r)), 'routes with no API key decision').toEqual([]);
    expect(keyed.filter((r) => sessionOnlyRoutes.includes(r)), 'routes in both lists').toEqual([]);
    expect([...keyed, ...sessionOnlyRoutes].filter((r) => !routes.includes(r)), 'rules without a route').toEqual([]);
    expect(new Set(keyed).size).toBe(keyed.length);
  });

  it('gives each keyed route its own scope, and no scope to any session-only route (no pattern shadows another route)', () => {
    for (const [method, path, scope] of apiKeyRoutes) expect(scopeFor(method, concrete(path)), `${method} ${path}`).toBe(scope);
    for (const route of sessionOnlyRoutes) {
      const [method, path] = route.split(' ') as [string, string];
      expect(scopeFor(method, concrete(path)), route).toBeNull();
    }
    // Every scope opens something.
    expect(new Set(apiKeyRoutes.map(([, , scope]) => scope))).toEqual(new Set(apiKeyScopes));
  });

  it('matches paths as Express does: HEAD as GET, a trailing slash, any case; nothing longer or shorter', () => {
    expect(scopeFor('HEAD', '/api/robots')).toBe('catalog:read');
    expect(scopeFor('get', '/api/robots/')).toBe('catalog:read');
    expect(scopeFor('GET', '/API/Robots/abc')).toBe('catalog:read');
    expect(scopeFor('GET', '/api/robots/abc/offers/extra')).toBeNull();
    expect(scopeFor('GET', '/api/robots//offers')).toBeNull();
    expect(scopeFor('POST', '/api/robots')).toBeNull();
    expect(scopeFor('DELETE', '/api/supplier/offers/1')).toBe('offers:write');
    expect(scopeFor('GET', '/api/supplier/offers.json')).toBeNull();
  });
});
