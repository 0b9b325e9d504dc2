import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from './create-test-app';
import { bearer, registerUser } from './factories';
import { listRoutes } from './route-table';

/**
 * Issue 15: whatever a client sends, every route answers a 4xx JSON error (or a 2xx
 * where the input happens to be acceptable), never a 5xx. The routes come from the
 * app's route table, so a new route is covered the day it is added.
 */
/** {"a":{"a":...}} n levels deep, written as text (stringifying it would overflow the stack). */
const nested = (n: number) => `${'{"a":'.repeat(n)}"leaf"${'}'.repeat(n)}`;
const fields = ['email', 'password', 'message', 'name', 'project_name', 'ids', 'payload_kg', 'reach_mm', 'token', 'upload_id', 'mappings', 'status', 'robot_id', 'confirmed', 'q', 'preferences', 'first_name', 'manufacturer', 'model'];
const every = (value: unknown) => Object.fromEntries(fields.map((f) => [f, value]));

/** Bodies a hostile or broken client sends: [label, content type, raw body]. */
const bodies: Array<[string, string, string]> = [
  ['malformed JSON', 'application/json', '{"email": "a@b.c", "password": '],
  ['a JSON array', 'application/json', JSON.stringify([1, 2, 3])],
  ['a JSON string', 'application/json', JSON.stringify('just a string')],
  ['wrong types (numbers)', 'application/json', JSON.stringify(every(12345))],
  ['wrong types (objects)', 'application/json', JSON.stringify(every({ $gt: '' }))],
  ['huge strings', 'application/json', JSON.stringify(every('x'.repeat(100_000)))],
  ['NUL and control characters', 'application/json', JSON.stringify(every('ab\u0000\u0007cd'))],
  ['nested 5,000 deep', 'application/json', `{"preferences":${nested(5000)},"data":${nested(5000)},"message":${nested(5000)}}`],
  ['prototype keys', 'application/json', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"polluted": true}}, "email": "a@b.c"}'],
  ['malformed multipart', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc'],
  ['multipart without boundary', 'multipart/form-data', 'whatever'],
  ['form-encoded', 'application/x-www-form-urlencoded', 'email=a%00b&password[]=1'],
];
const queries = ['?q[$gt]=1&page=-1&limit=1e9', '?ids=%00,..,%2e%2e&key=../../etc/passwd', `?q=${'x'.repeat(5000)}&mappings={"a":`];
/** Path parameters: an unknown id, a malformed one, traversal and NUL. */
const params = ['00000000-0000-0000-0000-000000000000', 'not-an-id', '..', '%00', `${'9'.repeat(300)}`];

describe.each(testBackends)('bad input on every route on %s', (backend) => {
  const ctx = useTestApp(backend);

  it('never answers a 5xx, and every error is JSON with message, error and code', async () => {
    const { app, handle } = ctx();
    await seedCatalog(handle.db);
    const tokens = {
      anonymous: null,
      customer: (await registerUser(app, { user_type: 'customer' })).token,
      supplier: (await registerUser(app, { user_type: 'supplier' })).token,
      integrator: (await registerUser(app, { user_type: 'integrator' })).token,
    };
    const routes = listRoutes(app).filter((r) => r.path !== '/auth/logout');
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let sent = 0;
    const check = (label: string, res: request.Response) => {
      sent += 1;
      if (res.status >= 500) failures.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      else if (res.status >= 400) {
        const b = res.body as { message?: unknown; error?: unknown; code?: unknown };
        if (typeof b.message !== 'string' || typeof b.error !== 'string' || typeof b.code !== 'string') failures.push(`${label}: ${res.status} without a JSON error body`);
      }
    };
    for (const route of routes) {
      const paths = route.path.includes(':') ? params.map((p) => route.path.replace(/:[A-Za-z]+/g, p)) : [route.path];
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      for (const [who, token] of Object.entries(tokens)) {
        for (const path of paths) {
          const withAuth = (r: request.Test) => (token ? r.set(bearer(token)) : r);
          if (method === 'get' || method === 'delete') {
            for (const q of ['', ...queries]) check(`${route.method} ${path}${q} as ${who}`, await withAuth(request(app)[method](`${path}${q}`)).set('Accept', 'application/json'));
            continue;
          }
          for (const [label, type, body] of path === paths[0] ? bodies : bodies.slice(0, 2)) {
            check(`${route.method} ${path} (${label}) as ${who}`, await withAuth(request(app)[method](path)).set('Content-Type', type).send(body));
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
    // Nothing was polluted and the app still answers.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    await request(app).get('/health').expect(200);
  }, 300_000);
});
