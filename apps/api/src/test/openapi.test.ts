import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { errorCodes } from '@cellforge/contracts';
import { apiRoutes, type RouteSpec } from '@cellforge/contracts/routes';
import { buildOpenApiDocument } from '@cellforge/contracts/openapi';
import { testBackends, useTestApp } from './create-test-app';
import { checkAnswer, findRoute, takeAnswerMismatches } from './answer-check';
import { listRoutes } from './route-table';

const routes = Object.entries(apiRoutes as Record<string, RouteSpec>);
const key = (method: string, openApiPath: string) => `${method.toUpperCase()} ${openApiPath}`;
/** Express's `:id` -> OpenAPI's `{id}`. */
const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');

describe.each(testBackends)('the public API document on %s (issue 17)', (backend) => {
  const ctx = useTestApp(backend);

  it('documents every route the app registers, and no route it does not', () => {
    const registered = new Set(listRoutes(ctx().app).map((r) => key(r.method, openApiPath(r.path))));
    const documented = new Set(routes.map(([, spec]) => key(spec.method, spec.path)));
    const undocumented = [...registered].filter((r) => !documented.has(r));
    const gone = [...documented].filter((r) => !registered.has(r));
    expect(undocumented, `routes without an entry in packages/contracts/src/routes.ts (add one: method, path, access, schemas):\n${undocumented.join('\n')}`).toEqual([]);
    expect(gone, `entries of packages/contracts/src/routes.ts that the app does not register:\n${gone.join('\n')}`).toEqual([]);
    expect(registered.size).toBeGreaterThanOrEqual(80);
  });

  it('serves the document built from the table, cacheable', async () => {
    const { app } = ctx();
    const res = await request(app).get('/api/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument({ title: `${ctx().config.appName} API` }))));
    const etag = res.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    await request(app).get('/api/openapi.json').set('If-None-Match', String(etag)).expect(304);
  });

  it('serves the reference page with same-origin assets only, under the CSP', async () => {
    const { app } = ctx();
    const res = await request(app).get('/api/docs').set('Accept', 'text/html').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const html = res.text;
    // No inline script: every <script> has a src.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    const urls = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(urls).toEqual(expect.arrayContaining(['/api/docs/swagger-ui-bundle.js', '/api/docs/init.js', '/api/docs/swagger-ui.css']));
    for (const url of urls) {
      expect(url, 'only same-origin paths').toMatch(/^\/(?!\/)/);
      const asset = await request(app).get(url).expect(200);
      expect(Number(asset.headers['content-length'] ?? asset.text?.length ?? 0), url).toBeGreaterThan(0);
    }
    const init = await request(app).get('/api/docs/init.js').expect(200);
    expect(init.headers['content-type']).toMatch(/^text\/javascript/);
    expect(init.text).toContain("url: '/api/openapi.json'");
    const bundle = await request(app).get('/api/docs/swagger-ui-bundle.js').expect(200);
    expect(bundle.headers['content-type']).toMatch(/^text\/javascript/);
    expect(bundle.text.length).toBeGreaterThan(100_000);
    // Only the named files: no path into the package or beyond.
    await request(app).get('/api/docs/package.json').expect(404);
    await request(app).get('/api/docs/..%2Fpackage.json').expect(404);
  });
});

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument();

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator({ strict: false }).validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('resolves every $ref and declares every path parameter, with one operationId per operation', () => {
    const unresolved: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${at}/${i}`));
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref') {
            const target = String(v).replace(/^#\//, '').split('/').reduce<unknown>((n, part) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
            if (!String(v).startsWith('#/') || target === undefined) unresolved.push(`${at}: ${String(v)}`);
          } else walk(v, `${at}/${k}`);
        }
      }
    };
    walk(doc, '#');
    expect(unresolved).toEqual([]);

    const operationIds: string[] = [];
    for (const [p, methods] of Object.entries(doc.paths)) {
      const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(methods)) {
        const params = ((op.parameters ?? []) as Array<{ name: string; in: string; required?: boolean }>).filter((x) => x.in === 'path');
        expect(params.map((x) => x.name).sort(), `${method} ${p}`).toEqual([...names].sort());
        expect(params.every((x) => x.required)).toBe(true);
        operationIds.push(String(op.operationId));
        expect(Object.keys(op.responses as object), `${method} ${p}`).toContain('default');
      }
    }
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(operationIds.length).toBe(routes.length);
  });

  it('describes the error shape with every stable code, and bearer tokens', () => {
    const error = doc.components.schemas.Error as { properties: { code: { enum: string[] } }; required: string[] };
    expect(error.properties.code.enum.sort()).toEqual(Object.keys(errorCodes).sort());
    expect(error.required).toEqual(expect.arrayContaining(['message', 'error', 'code']));
    const schemes = (doc.components as unknown as { securitySchemes: Record<string, { type: string; scheme: string; description: string }> }).securitySchemes;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.bearerAuth?.description).toContain('cfk_');
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Signed-in routes ask for the token; public ones do not; a key's scope is named where a key may call the route.
    expect(doc.paths['/auth/me']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/robots']?.get?.security).toEqual([{}, { apiKey: ['catalog:read'] }]);
    expect(doc.paths['/api/supplier/offers']?.post?.security).toEqual([{ bearerAuth: [] }, { apiKey: ['offers:write'] }]);
    expect(doc.paths['/api/beta-signups']?.post?.security).toEqual([]);
  });

  it('lists every error code in docs/api.md', () => {
    const guide = readFileSync(path.join(import.meta.dirname, '../../../../docs/api.md'), 'utf8');
    const missing = Object.keys(errorCodes).filter((code) => !new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${errorCodes[code as keyof typeof errorCodes]}\\s*\\|`).test(guide));
    expect(missing, 'codes without a row "| `CODE` | status |" in docs/api.md').toEqual([]);
  });
});

describe('the answer check', () => {
  const json = (body: unknown) => ({ contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });

  it('picks the literal route before the parameter one', () => {
    expect(findRoute('GET', '/api/robots/compare')?.operationId).toBe('compareRobots');
    expect(findRoute('GET', '/api/robots/abc')?.operationId).toBe('getRobot');
    expect(findRoute('GET', '/api/threads/unread')?.operationId).toBe('unreadThreads');
    expect(findRoute('GET', '/api/supplier/bulk-upload/u1/errors.csv')?.operationId).toBe('supplierBulkErrorsCsv');
    expect(findRoute('DELETE', '/api/robots/abc')).toBeUndefined();
  });

  it('passes a documented answer and fails one with a field, a status or a type the document does not have', () => {
    takeAnswerMismatches();
    checkAnswer({ method: 'GET', path: '/api/threads/unread', status: 200, ...json({ unread: 2 }) });
    checkAnswer({ method: 'GET', path: '/api/threads/unread', status: 401, ...json({ message: 'x', error: 'x', code: 'UNAUTHENTICATED' }) });
    expect(takeAnswerMismatches()).toEqual([]);

    checkAnswer({ method: 'GET', path: '/api/threads/unread', status: 200, ...json({ unread: 2, secret: 'x' }) });
    checkAnswer({ method: 'GET', path: '/api/threads/unread', status: 200, ...json({ unread: '2' }) });
    checkAnswer({ method: 'GET', path: '/api/threads/unread', status: 201, ...json({ unread: 2 }) });
    checkAnswer({ method: 'GET', path: '/api/threads/unread', status: 404, ...json({ message: 'x', error: 'x', code: 'NOPE' }) });
    checkAnswer({ method: 'GET', path: '/api/threads/unread', status: 200, contentType: 'text/html', body: '<p>' });
    checkAnswer({ method: 'GET', path: '/api/nowhere', status: 200, ...json({}) });
    checkAnswer({ method: 'GET', path: '/projects/p1/robots', status: 200, contentType: 'text/html; charset=utf-8', body: '<html>' });
    checkAnswer({ method: 'POST', path: '/auth/logout', status: 204, contentType: undefined, body: 'x' });
    const found = takeAnswerMismatches();
    expect(found.map((m) => m.answer)).toEqual([
      'GET /api/threads/unread -> 200',
      'GET /api/threads/unread -> 200',
      'GET /api/threads/unread -> 201',
      'GET /api/threads/unread -> 404',
      'GET /api/threads/unread -> 200',
      'GET /api/nowhere -> 200',
      'POST /auth/logout -> 204',
    ]);
    expect(found[0]?.problem).toMatch(/secret/);
    expect(found[2]?.problem).toMatch(/documents no 201 answer/);
  });
});
