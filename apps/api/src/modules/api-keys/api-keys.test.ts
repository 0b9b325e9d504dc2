import { describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { apiKeyCreatedSchema, apiKeyListSchema, apiKeyResponseSchema, errorBodySchema, type ApiKeyScope } from '@cellforge/contracts';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined } from '../../test/defined';
import { robots, robotSearchColumns } from '@cellforge/db';
import { setApiKeyExpiry } from './api-keys.repository';

const listing = { manufacturer: 'Keyed', model: 'K-1', category: 'articulated', payload_kg: 10, reach_mm: 1200, dof: 6 };
const allScopes: ApiKeyScope[] = ['catalog:read', 'offers:write', 'requests:write', 'imports:write', 'analysis:write'];

async function createKey(app: Express, token: string, body: { name?: string; scopes: ApiKeyScope[]; expires_in_days?: number | null }) {
  const res = await request(app).post('/api/me/api-keys').set(bearer(token)).send({ name: 'Integration', ...body }).expect(201);
  return apiKeyCreatedSchema.parse(res.body);
}

async function offerOf(app: Express, token: string, model: string): Promise<string> {
  const res = await request(app).post('/api/supplier/offers').set(bearer(token)).send({ new_model: { ...listing, model }, price_min: 1000 }).expect(201);
  return (res.body as { data: { id: string } }).data.id;
}

/** The error code of a refused answer, after checking the error shape. */
function codeOf(res: request.Response): string {
  return errorBodySchema.parse(res.body).code;
}

describe.each(testBackends)('API keys on %s', (backend) => {
  const ctx = useTestApp(backend);

  it('creates a key whose secret is shown once, lists it without the secret, and revokes it', async () => {
    const { app } = ctx();
    const supplier = await registerUser(app, { user_type: 'supplier' });
    const created = await createKey(app, supplier.token, { name: 'ERP sync', scopes: ['offers:write', 'catalog:read'], expires_in_days: 30 });
    expect(created.secret).toMatch(/^cfk_[A-Za-z0-9_-]{43}$/);
    expect(created.data).toMatchObject({ name: 'ERP sync', prefix: created.secret.slice(0, 12), status: 'active', last_used_at: null, revoked_at: null });
    // Scopes come back in their documented order, whatever order they were sent in.
    expect(created.data.scopes).toEqual(['catalog:read', 'offers:write']);
    const days = (Date.parse(defined(created.data.expires_at)) - Date.parse(created.data.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);

    const list = await request(app).get('/api/me/api-keys').set(bearer(supplier.token)).expect(200);
    expect(apiKeyListSchema.parse(list.body).data.map((k) => [k.id, k.name, k.status])).toEqual([[created.data.id, 'ERP sync', 'active']]);
    expect(JSON.stringify(list.body)).not.toContain(created.secret.slice(12));

    // Another user sees none of it and cannot revoke it.
    const other = await registerUser(app, { user_type: 'customer' });
    expect(apiKeyListSchema.parse((await request(app).get('/api/me/api-keys').set(bearer(other.token)).expect(200)).body).data).toEqual([]);
    expect(codeOf(await request(app).delete(`/api/me/api-keys/${created.data.id}`).set(bearer(other.token)).expect(404))).toBe('NOT_FOUND');
    expect(codeOf(await request(app).delete('/api/me/api-keys/not-a-uuid').set(bearer(supplier.token)).expect(404))).toBe('NOT_FOUND');

    const revoked = apiKeyResponseSchema.parse((await request(app).delete(`/api/me/api-keys/${created.data.id}`).set(bearer(supplier.token)).expect(200)).body).data;
    expect(revoked.status).toBe('revoked');
    expect(revoked.revoked_at).not.toBeNull();
    // Revoking again answers the same key with its first revocation time.
    const again = apiKeyResponseSchema.parse((await request(app).delete(`/api/me/api-keys/${created.data.id}`).set(bearer(supplier.token)).expect(200)).body).data;
    expect(again.revoked_at).toBe(revoked.revoked_at);
    const after = apiKeyListSchema.parse((await request(app).get('/api/me/api-keys').set(bearer(supplier.token)).expect(200)).body).data;
    expect(after.map((k) => k.status)).toEqual(['revoked']);
  });

  it('refuses key forms that are incomplete or wrong, and key management without a session', async () => {
    const { app } = ctx();
    const user = await registerUser(app, { user_type: 'customer' });
    const send = (body: unknown) => request(app).post('/api/me/api-keys').set(bearer(user.token)).send(body as object);
    for (const body of [
      { name: '', scopes: ['catalog:read'] },
      { name: 'x'.repeat(81), scopes: ['catalog:read'] },
      { name: 'No scopes', scopes: [] },
      { name: 'Unknown scope', scopes: ['admin:all'] },
      { name: 'Twice', scopes: ['catalog:read', 'catalog:read'] },
      { name: 'Zero days', scopes: ['catalog:read'], expires_in_days: 0 },
      { name: 'Fraction', scopes: ['catalog:read'], expires_in_days: 1.5 },
      { name: 'Too long', scopes: ['catalog:read'], expires_in_days: 5000 },
      { name: 'Extra', scopes: ['catalog:read'], user_id: user.user.id },
    ]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
    }
    expect(codeOf(await request(app).get('/api/me/api-keys').expect(401))).toBe('UNAUTHENTICATED');
    expect(codeOf(await request(app).post('/api/me/api-keys').send({ name: 'x', scopes: ['catalog:read'] }).expect(401))).toBe('UNAUTHENTICATED');
  });

  it('acts as its user: a supplier key lists that supplier\'s offers, and ownership still applies', async () => {
    const { app } = ctx();
    const supplierA = await registerUser(app, { user_type: 'supplier' });
    const supplierB = await registerUser(app, { user_type: 'supplier' });
    const offerA = await offerOf(app, supplierA.token, 'A-1');
    const offerB = await offerOf(app, supplierB.token, 'B-1');
    const { secret } = await createKey(app, supplierA.token, { scopes: ['offers:write'] });

    const mine = await request(app).get('/api/supplier/offers').set(bearer(secret)).expect(200);
    expect((mine.body as { data: Array<{ id: string }> }).data.map((o) => o.id)).toEqual([offerA]);
    await request(app).put(`/api/supplier/offers/${offerA}`).set(bearer(secret)).send({ price_min: 2000 }).expect(200);
    // Supplier B's offer is unknown to supplier A's key, as it is to supplier A.
    const theirs = await request(app).put(`/api/supplier/offers/${offerB}`).set(bearer(secret)).send({ price_min: 1 });
    expect(theirs.status).toBe(404);
    expect(codeOf(theirs)).toBe('NOT_FOUND');
    await request(app).delete(`/api/supplier/offers/${offerB}`).set(bearer(secret)).expect(404);
    // The role applies too: a customer's key with the same scope is not a supplier.
    const customer = await registerUser(app, { user_type: 'customer' });
    const customerKey = await createKey(app, customer.token, { scopes: ['offers:write'] });
    expect(codeOf(await request(app).get('/api/supplier/offers').set(bearer(customerKey.secret)).expect(403))).toBe('FORBIDDEN');
  });

  it('is its user also where sign-in is optional: an integrator\'s key reads that integrator\'s private robot', async () => {
    const { app, handle } = ctx();
    const integrator = await registerUser(app, { user_type: 'integrator' });
    const [robot] = await handle.db
      .insert(robots)
      .values({ manufacturer: 'Keyed', model: 'Private 9', ...robotSearchColumns({ manufacturer: 'Keyed', model: 'Private 9' }), category: 'articulated', payloadKg: 8, reachMm: 900, dof: 6, ownerId: integrator.user.id, listed: false })
      .returning({ id: robots.id });
    const path = `/api/robots/${defined(robot).id}`;
    await request(app).get(path).expect(404);
    const { secret } = await createKey(app, integrator.token, { scopes: ['catalog:read'] });
    const res = await request(app).get(path).set(bearer(secret)).expect(200);
    expect((res.body as { data: { id: string; model: string } }).data).toMatchObject({ id: defined(robot).id, model: 'Private 9' });
    // Another integrator's key does not see it.
    const other = await registerUser(app, { user_type: 'integrator' });
    const otherKey = await createKey(app, other.token, { scopes: ['catalog:read'] });
    await request(app).get(path).set(bearer(otherKey.secret)).expect(404);
  });

  it('answers 403 for a route outside the key\'s scopes, and for routes no key may use', async () => {
    const { app } = ctx();
    const supplier = await registerUser(app, { user_type: 'supplier' });
    const readOnly = await createKey(app, supplier.token, { scopes: ['catalog:read'] });
    await request(app).get('/api/robots').set(bearer(readOnly.secret)).expect(200);
    const refused = await request(app).get('/api/supplier/offers').set(bearer(readOnly.secret)).expect(403);
    expect(codeOf(refused)).toBe('API_KEY_SCOPE_MISSING');
    expect(errorBodySchema.parse(refused.body).message).toContain('offers:write');
    expect(codeOf(await request(app).post('/api/supplier/offers').set(bearer(readOnly.secret)).send({ new_model: listing }).expect(403))).toBe('API_KEY_SCOPE_MISSING');

    const everything = await createKey(app, supplier.token, { scopes: allScopes });
    for (const [method, path, body] of [
      ['get', '/api/me/api-keys', undefined],
      ['post', '/api/me/api-keys', { name: 'Child key', scopes: ['catalog:read'] }],
      ['delete', `/api/me/api-keys/${everything.data.id}`, undefined],
      ['get', '/auth/me', undefined],
      ['patch', '/auth/me', { job_title: 'Key holder' }],
      ['post', '/auth/logout', undefined],
      ['get', '/projects', undefined],
      ['get', '/api/supplier/analytics', undefined],
      ['get', '/api/no-such-route', undefined],
    ] as const) {
      const res = await request(app)[method](path).set(bearer(everything.secret)).send(body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(codeOf(res), `${method} ${path}`).toBe('API_KEY_NOT_ALLOWED');
    }
    // A key never made another key, and the key still works (nothing was revoked or signed out).
    expect(apiKeyListSchema.parse((await request(app).get('/api/me/api-keys').set(bearer(supplier.token)).expect(200)).body).data).toHaveLength(2);
    await request(app).get('/api/supplier/offers').set(bearer(everything.secret)).expect(200);
  });

  it('answers 401 with its own code for revoked, expired, unknown and malformed keys, also where sign-in is optional', async () => {
    const { app, handle } = ctx();
    const supplier = await registerUser(app, { user_type: 'supplier' });
    const revoked = await createKey(app, supplier.token, { scopes: ['catalog:read', 'offers:write'] });
    await request(app).delete(`/api/me/api-keys/${revoked.data.id}`).set(bearer(supplier.token)).expect(200);
    const expired = await createKey(app, supplier.token, { scopes: ['catalog:read', 'offers:write'], expires_in_days: 1 });
    await setApiKeyExpiry(handle.db, expired.data.id, new Date(Date.now() - 1000));
    const unknown = `cfk_${'A'.repeat(43)}`;
    const cases: Array<[string, string]> = [
      [revoked.secret, 'API_KEY_REVOKED'],
      [expired.secret, 'API_KEY_EXPIRED'],
      [unknown, 'API_KEY_INVALID'],
      ['cfk_short', 'API_KEY_INVALID'],
      [`${revoked.secret}x`, 'API_KEY_INVALID'],
      ['cfk_', 'API_KEY_INVALID'],
    ];
    for (const [secret, code] of cases) {
      for (const path of ['/api/supplier/offers', '/api/robots']) {
        const res = await request(app).get(path).set(bearer(secret));
        expect(res.status, `${code} on ${path}`).toBe(401);
        expect(codeOf(res), `${code} on ${path}`).toBe(code);
      }
    }
    const list = apiKeyListSchema.parse((await request(app).get('/api/me/api-keys').set(bearer(supplier.token)).expect(200)).body).data;
    expect(Object.fromEntries(list.map((k) => [k.id, k.status]))).toEqual({ [revoked.data.id]: 'revoked', [expired.data.id]: 'expired' });
    // Refused keys never count as used.
    expect(list.map((k) => k.last_used_at)).toEqual([null, null]);
  });

  it('answers 401, never a 5xx, for hostile key values', async () => {
    const { app } = ctx();
    for (const secret of [`cfk_${'x'.repeat(10_000)}`, 'cfk_\u00e9\u00e9', 'cfk_%00%ff', `cfk_${'A'.repeat(42)}!`, 'cfk_ spaced key']) {
      const res = await request(app).get('/api/robots').set('Authorization', `Bearer ${secret}`);
      expect(res.status, secret.slice(0, 20)).toBe(401);
      expect(codeOf(res), secret.slice(0, 20)).toBe('API_KEY_INVALID');
    }
  });

  it('records when a key was last used', async () => {
    const { app } = ctx();
    const integrator = await registerUser(app, { user_type: 'integrator' });
    const key = await createKey(app, integrator.token, { scopes: ['catalog:read'] });
    const before = Date.now();
    await request(app).get('/api/integrator/catalog/stats').set(bearer(key.secret)).expect(200);
    const [listed] = apiKeyListSchema.parse((await request(app).get('/api/me/api-keys').set(bearer(integrator.token)).expect(200)).body).data;
    const usedAt = Date.parse(defined(defined(listed).last_used_at));
    expect(usedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(usedAt).toBeLessThanOrEqual(Date.now() + 1000);
    // At most one write a minute per key: a second use at once leaves the time as it was.
    await request(app).get('/api/integrator/catalog/stats').set(bearer(key.secret)).expect(200);
    const [again] = apiKeyListSchema.parse((await request(app).get('/api/me/api-keys').set(bearer(integrator.token)).expect(200)).body).data;
    expect(defined(again).last_used_at).toBe(defined(listed).last_used_at);
  });

  it('deletes a user\'s keys with the user', async () => {
    const { app, handle } = ctx();
    const user = await registerUser(app, { user_type: 'customer' });
    const key = await createKey(app, user.token, { scopes: ['requests:write'] });
    await request(app).get('/api/quote-requests').set(bearer(key.secret)).expect(200);
    const { users } = await import('@cellforge/db');
    const { eq } = await import('drizzle-orm');
    await handle.db.delete(users).where(eq(users.id, user.user.id));
    expect(codeOf(await request(app).get('/api/quote-requests').set(bearer(key.secret)).expect(401))).toBe('API_KEY_INVALID');
  });
});

describe.each(testBackends)('API key rate limit on %s', (backend) => {
  const ctx = useTestApp(backend, { apiKeyRateLimit: 3, apiKeyRateWindowMs: 60_000 });

  it('answers 429 with Retry-After once a key has made its requests, counting each key apart', async () => {
    const { app } = ctx();
    const user = await registerUser(app, { user_type: 'supplier' });
    const first = await createKey(app, user.token, { scopes: ['catalog:read'] });
    const second = await createKey(app, user.token, { scopes: ['catalog:read'] });
    for (let i = 0; i < 3; i++) {
      const ok = await request(app).get('/api/robots').set(bearer(first.secret)).expect(200);
      expect(ok.headers['ratelimit-policy'], 'the limit is announced').toMatch(/q=3;\s*w=60/);
    }
    const limited = await request(app).get('/api/robots').set(bearer(first.secret)).expect(429);
    expect(codeOf(limited)).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The other key and the user's session are not limited by it.
    await request(app).get('/api/robots').set(bearer(second.secret)).expect(200);
    for (let i = 0; i < 4; i++) await request(app).get('/api/robots').set(bearer(user.token)).expect(200);
  });
});
