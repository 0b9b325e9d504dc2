import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { CellForgeError, createClient, type CellForgeClient } from '@cellforge/client';
import { seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from './create-test-app';
import { buildRegistration } from './factories';
import { defined } from './defined';

/**
 * Issue 17: the published client (packages/client), used as a supplier's product database
 * would use it, over real HTTP against the API: typed calls by operation id, answers
 * checked against the documented schemas, errors with their stable codes.
 */
describe.each(testBackends)('the typed client against the API on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });
  let server: Server;
  let baseUrl: string;
  beforeEach(async () => {
    server = ctx().app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise<void>((r) => server.close(() => r())));

  it('a supplier signs up, makes an API key, and its ERP finds a model and offers it with the key', async () => {
    const anonymous = createClient({ baseUrl });
    const registration = buildRegistration({ user_type: 'supplier', company_name: 'ERP Robotics' });
    const signedUp = await anonymous.call('register', { body: registration });
    expectTypeOf(signedUp.token).toEqualTypeOf<string>();
    const session = createClient({ baseUrl, token: signedUp.token });
    const created = await session.call('createApiKey', { body: { name: 'ERP sync', scopes: ['catalog:read', 'offers:write'] } });
    expect(created.secret).toMatch(/^cfk_/);

    const erp = createClient({ baseUrl, token: created.secret });
    const found = await erp.call('searchRobots', { query: { q: 'crx 10ia', limit: 5 } });
    expectTypeOf(found.data).toBeArray();
    const crx = defined(found.data.find((r) => r.model === 'CRX-10iA'), 'the CRX-10iA in the catalog');
    const offer = await erp.call('createOffer', { body: { robot_id: crx.id, price_min: 41000, lead_time_weeks: 3 } });
    expect(offer.data).toMatchObject({ robot: { id: crx.id }, price_min: 41000, status: 'active' });
    const mine = await erp.call('supplierOffers', {});
    expect(mine.data.map((o) => o.id)).toEqual([offer.data.id]);
    const page = await anonymous.call('getRobot', { params: { id: crx.id } });
    expect(page.data.offers?.count).toBe(1);

    // The key never manages keys; a wrong key is refused with its code.
    await expect(erp.call('apiKeys', {})).rejects.toMatchObject({ status: 403, code: 'API_KEY_NOT_ALLOWED' });
    const wrong = createClient({ baseUrl, token: `cfk_${'x'.repeat(43)}` });
    await expect(wrong.call('supplierOffers', {})).rejects.toMatchObject({ status: 401, code: 'API_KEY_INVALID' });
  });

  it('reports a refused body with the fields named, and a path without its id before sending anything', async () => {
    const client = createClient({ baseUrl });
    const refused = await client.call('register', { body: { ...buildRegistration(), email: 'not an address' } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CellForgeError);
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(Object.keys((refused as CellForgeError).details ?? {})).toContain('email');
    expect(() => client.urlOf('getRobot', { params: { id: '' } })).toThrow(/path parameter "id"/);
    expect(client.urlOf('robotOffers', { params: { id: 'a b/c' } })).toEqual({ method: 'GET', url: `${baseUrl}/api/robots/a%20b%2Fc/offers` });
  });

  it('refuses an answer that is not what the document says, instead of handing back a wrong value', async () => {
    const lying: CellForgeClient = createClient({
      baseUrl,
      fetch: () => Promise.resolve(new Response(JSON.stringify({ data: [{ id: 1 }] }), { status: 200, headers: { 'content-type': 'application/json' } })),
    });
    await expect(lying.call('searchRobots', { query: {} })).rejects.toMatchObject({ code: 'UNEXPECTED_ANSWER' });
    const down = createClient({ baseUrl: 'http://127.0.0.1:1' });
    await expect(down.call('health', {})).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
