import { describe, expect, it } from 'vitest';
import { apiKeyScopes } from '@cellforge/contracts';
import { useTestApp } from '../../test/create-test-app';
import { listRoutes } from '../../test/route-table';
import { apiKeyRoutes, scopeFor } from './api-key-scopes';
import { apiRoutes, type RouteSpec } from '@cellforge/contracts/routes';
import { buildOpenApiDocument } from '@cellforge/contracts/openapi';

/** A request path for a route pattern: each parameter is a value no literal segment has. */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'x1');

describe('the API key route table', () => {
  const ctx = useTestApp('pglite');
  const entries = Object.entries(apiRoutes as Record<string, RouteSpec>).map(([operationId, spec]) => ({ operationId, spec, path: spec.path.replace(/\{(\w+)\}/g, ':$1') }));

  it('reads each route\'s scope from its entry in the contracts, for routes the app has (and the OpenAPI document shows it)', () => {
    const routes = listRoutes(ctx().app).map((r) => `${r.method} ${r.path}`);
    const keyed = apiKeyRoutes.map(([method, path]) => `${method} ${path}`);
    expect(keyed.filter((r) => !routes.includes(r)), 'scopes without a route').toEqual([]);
    expect(new Set(keyed).size).toBe(keyed.length);
    expect(keyed.length).toBe(entries.filter((e) => e.spec.apiKey).length);
    const document = buildOpenApiDocument();
    for (const { spec, operationId } of entries) {
      const op = document.paths[spec.path]?.[spec.method] as { 'x-api-key-scope'?: string } | undefined;
      expect(op?.['x-api-key-scope'] ?? null, operationId).toBe(spec.apiKey ?? null);
    }
  });

  it('gives each keyed route its own scope, and none to a route without one (no pattern shadows another route)', () => {
    for (const { spec, path, operationId } of entries) expect(scopeFor(spec.method, concrete(path)), operationId).toBe(spec.apiKey ?? null);
    // Every scope opens something; sessions, keys and the site's own forms open to none.
    expect(new Set(apiKeyRoutes.map(([, , scope]) => scope))).toEqual(new Set(apiKeyScopes));
    for (const [method, path] of [['POST', '/auth/login'], ['GET', '/auth/me'], ['POST', '/api/me/api-keys'], ['POST', '/api/webhooks/endpoints'], ['POST', '/ai/chat'], ['GET', '/projects']] as const) {
      expect(scopeFor(method, path), `${method} ${path}`).toBeNull();
    }
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
