/**
 * A customer closes a request (issue 13, session 12), from the sellers' side: an integrator who
 * had the open request on screen and answers after the close is told the customer closed it
 * (409 CONFLICT), while a seller the request never reached gets a 404 like an unknown id (they
 * may not learn it exists). Roles: no token 401, a customer answering 403.
 */
import request from 'supertest';
import type { Express } from 'express';
import { describe, expect, it, vi } from 'vitest';
import { robotListResponseSchema } from '@cellforge/contracts';
import { seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { inDays } from '../../test/marketplace';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

async function modelId(app: Express, name: string): Promise<string> {
  const res = robotListResponseSchema.parse((await request(app).get('/api/robots').query({ q: name, limit: 50 }).expect(200)).body);
  const found = res.data.find((r) => r.model === name);
  if (!found) throw new Error(`${name} is not in the catalog`);
  return found.id;
}

function expectError(res: request.Response, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ code });
  expect(typeof res.body.message).toBe('string');
  expect(res.body.error).toBe(res.body.message);
}

describe.each(testBackends)('answering a request its customer closed (%s)', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });
  const app = () => ctx().app;
  const ask = async (token: string, robotId: string) => {
    const res = await request(app()).post('/api/quote-requests').set(bearer(token)).send({ robot_id: robotId, quantity: 2, timeline: 'asap', notes: 'Two kitting stations' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { data: { id: string }; sent_to: number };
  };
  const answer = (token: string, id: string, body: Record<string, unknown> = { message: 'We can supply it in 8 weeks.' }) =>
    request(app()).post(`/api/quote-requests/${id}/answers`).set(bearer(token)).send(body);

  it('an open request closed by its customer: an integrator and a supplier answering late get 409 saying so; the buyer sees it closed', async () => {
    const buyer = await registerUser(app(), { user_type: 'customer', company_name: 'Quiet Foods' });
    const cell = await registerUser(app(), { user_type: 'integrator', company_name: 'Cell Builders' });
    const seller = await registerUser(app(), { user_type: 'supplier', company_name: 'Rebuilt Robotics' });
    const sent = await ask(buyer.token, await modelId(app(), 'RS007N'));
    expect(sent.sent_to).toBe(0);
    const closed = await request(app()).post(`/api/quote-requests/${sent.data.id}/close`).set(bearer(buyer.token)).expect(200);
    expect(closed.body.data).toMatchObject({ id: sent.data.id, status: 'closed' });
    for (const who of [cell, seller]) {
      const late = await answer(who.token, sent.data.id, { message: 'Still interested.', quote: { price: 90000, currency: 'EUR', valid_until: inDays(20) } });
      expectError(late, 409, 'CONFLICT');
      expect(late.body.message).toMatch(/customer closed this request/i);
      expect(late.body.message).toContain('RS007N');
    }
    // Nothing reached the buyer.
    const threads = await request(app()).get('/api/threads').set(bearer(buyer.token)).expect(200);
    expect(threads.body.data).toHaveLength(0);
    const mine = await request(app()).get('/api/quote-requests').set(bearer(buyer.token)).expect(200);
    expect(mine.body.data[0]).toMatchObject({ id: sent.data.id, status: 'closed' });
  });

  it('an open request answered, then closed: the seller who answered gets 409 on the request and may not continue through it', async () => {
    const buyer = await registerUser(app(), { user_type: 'customer' });
    const cell = await registerUser(app(), { user_type: 'integrator' });
    const sent = await ask(buyer.token, await modelId(app(), 'RS007N'));
    expect((await answer(cell.token, sent.data.id)).status).toBe(201);
    await request(app()).post(`/api/quote-requests/${sent.data.id}/close`).set(bearer(buyer.token)).expect(200);
    expectError(await answer(cell.token, sent.data.id, { message: 'One more thing.' }), 409, 'CONFLICT');
  });

  it('a request sent to the suppliers of a model, then closed: an outsider integrator still gets 404 (it never saw it); the supplier it reached gets 409', async () => {
    const buyer = await registerUser(app(), { user_type: 'customer' });
    const seller = await registerUser(app(), { user_type: 'supplier', company_name: 'Alpha Automation' });
    const other = await registerUser(app(), { user_type: 'supplier', company_name: 'Beta Robotics' });
    const cell = await registerUser(app(), { user_type: 'integrator' });
    const crx = await modelId(app(), 'CRX-10iA/L');
    await request(app()).post('/api/supplier/offers').set(bearer(seller.token)).send({ robot_id: crx, price_min: 30000, currency: 'USD', condition: 'used' }).expect(201);
    const sent = await ask(buyer.token, crx);
    expect(sent.sent_to).toBe(1);
    // Before the close, as before: not an open request.
    expectError(await answer(cell.token, sent.data.id), 404, 'NOT_FOUND');
    await request(app()).post(`/api/quote-requests/${sent.data.id}/close`).set(bearer(buyer.token)).expect(200);
    const unknown = await answer(cell.token, '00000000-0000-4000-8000-000000000000');
    const hidden = await answer(cell.token, sent.data.id);
    expectError(hidden, 404, 'NOT_FOUND');
    // The same answer as an unknown id: nothing tells it exists.
    expect(hidden.body).toEqual(unknown.body);
    expectError(await answer(other.token, sent.data.id), 404, 'NOT_FOUND');
    expectError(await answer(seller.token, sent.data.id), 409, 'CONFLICT');
  });

  it('a request closed by accepting a quote: another seller who saw it open gets 409', async () => {
    const buyer = await registerUser(app(), { user_type: 'customer' });
    const a = await registerUser(app(), { user_type: 'integrator', company_name: 'Cell Builders' });
    const b = await registerUser(app(), { user_type: 'supplier', company_name: 'Late Supplier' });
    const sent = await ask(buyer.token, await modelId(app(), 'RS007N'));
    const answered = await answer(a.token, sent.data.id, { message: 'Three in 10 weeks.', quote: { price: 105000, currency: 'EUR', valid_until: inDays(30) } });
    expect(answered.status).toBe(201);
    await request(app()).post(`/api/threads/${answered.body.data.id}/accept`).set(bearer(buyer.token)).expect(200);
    expectError(await answer(b.token, sent.data.id), 409, 'CONFLICT');
  });

  it('roles on POST /api/quote-requests/:id/answers and /close: 401 without a token, 403 for the wrong role, 404 for an id not a uuid or not theirs', async () => {
    const buyer = await registerUser(app(), { user_type: 'customer' });
    const stranger = await registerUser(app(), { user_type: 'customer' });
    const cell = await registerUser(app(), { user_type: 'integrator' });
    const sent = await ask(buyer.token, await modelId(app(), 'RS007N'));
    expectError(await request(app()).post(`/api/quote-requests/${sent.data.id}/answers`).send({ message: 'Hi' }), 401, 'UNAUTHENTICATED');
    expectError(await request(app()).post(`/api/quote-requests/${sent.data.id}/close`), 401, 'UNAUTHENTICATED');
    expectError(await answer(buyer.token, sent.data.id), 403, 'FORBIDDEN');
    expectError(await request(app()).post(`/api/quote-requests/${sent.data.id}/close`).set(bearer(cell.token)), 403, 'FORBIDDEN');
    expectError(await answer(cell.token, 'not-a-uuid'), 404, 'NOT_FOUND');
    expectError(await request(app()).post(`/api/quote-requests/${sent.data.id}/close`).set(bearer(stranger.token)), 404, 'NOT_FOUND');
    // Still open after all that.
    expect((await answer(cell.token, sent.data.id)).status).toBe(201);
  });
});
