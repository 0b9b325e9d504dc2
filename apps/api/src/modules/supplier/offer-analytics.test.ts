import { describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import {
  createOfferResponseSchema,
  errorBodySchema,
  offerAnalyticsResponseSchema,
  quoteRequestCreatedSchema,
  threadListSchema,
} from '@cellforge/contracts';
import { offerViews, robotViews, seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { catalogRobot, inDays } from '../../test/marketplace';
import { nth } from '../../test/defined';
import { buildOfferAnalytics } from './offer-analytics';

describe('buildOfferAnalytics (the quote-to-win rate over time)', () => {
  const view = (date: string, views: number) => ({
    offer_id: 'o1', robot_id: 'r1', manufacturer: 'FANUC', model: 'CRX-10iA', category: 'collaborative', condition: 'new', status: 'active', date, views,
  });
  it('counts the share of quoted conversations won so far, per day; null before the first quote', () => {
    const [result] = buildOfferAnalytics(
      [view('2026-01-01', 3), view('2026-01-02', 0), view('2026-01-03', 1)],
      [
        { robot_id: 'r1', lead_id: 'a', kind: 'request', date: '2026-01-01' },
        { robot_id: 'r1', lead_id: 'b', kind: 'request', date: '2026-01-01' },
        { robot_id: 'r1', lead_id: 'a', kind: 'quote', date: '2026-01-02' },
        { robot_id: 'r1', lead_id: 'a', kind: 'quote', date: '2026-01-02' },
        { robot_id: 'r1', lead_id: 'b', kind: 'quote', date: '2026-01-02' },
        { robot_id: 'r1', lead_id: 'a', kind: 'win', date: '2026-01-03' },
        { robot_id: 'other', lead_id: 'c', kind: 'request', date: '2026-01-03' },
      ],
    );
    expect(result).toMatchObject({ total_views: 4, total_requests: 2, total_quotes: 3, total_wins: 1, quoted_threads: 2, won_threads: 1, win_rate: 0.5 });
    expect(result?.series.map((d) => [d.requests, d.quotes, d.wins, d.win_rate])).toEqual([
      [2, 0, 0, null],
      [0, 3, 0, 0],
      [0, 0, 1, 0.5],
    ]);
  });
});

describe.each(testBackends)('supplier analytics per offer on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });
  const app = () => ctx().app;

  it('counts views of the model page, requests, quotes sent and the quote-to-win rate for the supplier who offers it', async () => {
    const supplier = await registerUser(app(), { user_type: 'supplier', company_name: 'RoboSource' });
    const rival = await registerUser(app(), { user_type: 'supplier', company_name: 'Rival Robotics' });
    const robot = await catalogRobot(app(), 'CRX-10iA');
    // A view before the offer existed is not the offer's.
    await request(app()).get(`/api/robots/${robot.id}`).expect(200);
    await vi.waitFor(async () => expect(await ctx().handle.db.select().from(robotViews).where(eq(robotViews.robotId, robot.id))).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));

    const offer = createOfferResponseSchema.parse(
      (await request(app()).post('/api/supplier/offers').set(bearer(supplier.token)).send({ robot_id: robot.id, price_min: 42000, currency: 'USD', condition: 'new' }).expect(201)).body,
    ).data;
    await request(app()).post('/api/supplier/offers').set(bearer(rival.token)).send({ robot_id: robot.id, price_min: 45000, currency: 'USD', condition: 'used' }).expect(201);

    for (let i = 0; i < 3; i += 1) await request(app()).get(`/api/robots/${robot.id}`).expect(200);
    // Both offers were shown with each of the three views.
    await vi.waitFor(async () => expect(await ctx().handle.db.select().from(offerViews)).toHaveLength(6));

    // Two buyers ask for a price: each request reaches both suppliers.
    const buyers = [await registerUser(app(), { company_name: 'Acme Foods' }), await registerUser(app(), { company_name: 'Bolt Works' })];
    for (const buyer of buyers) {
      const created = quoteRequestCreatedSchema.parse(
        (await request(app()).post('/api/quote-requests').set(bearer(buyer.token)).send({ robot_id: robot.id, quantity: 1, timeline: 'asap', notes: '' }).expect(201)).body,
      );
      expect(created.sent_to).toBe(2);
    }
    const inbox = threadListSchema.parse((await request(app()).get('/api/threads').set(bearer(supplier.token)).expect(200)).body).data;
    expect(inbox).toHaveLength(2);
    // The supplier quotes both (one of them twice); the first buyer accepts, the second declines.
    for (const thread of inbox) {
      await request(app()).post(`/api/threads/${thread.id}/quotes`).set(bearer(supplier.token)).send({ price: 41000, currency: 'USD', valid_until: inDays(30) }).expect(201);
    }
    await request(app()).post(`/api/threads/${nth(inbox, 0).id}/quotes`).set(bearer(supplier.token)).send({ price: 40000, currency: 'USD', valid_until: inDays(30) }).expect(201);
    const buyerOf = (id: string) => (nth(inbox, 0).id === id ? nth(inbox, 0) : nth(inbox, 1)).counterpart.id;
    const accepter = buyers.find((b) => b.user.id === buyerOf(nth(inbox, 0).id));
    const decliner = buyers.find((b) => b.user.id === buyerOf(nth(inbox, 1).id));
    if (!accepter || !decliner) throw new Error('buyers not found');
    await request(app()).post(`/api/threads/${nth(inbox, 0).id}/accept`).set(bearer(accepter.token)).expect(200);
    await request(app()).post(`/api/threads/${nth(inbox, 1).id}/decline`).set(bearer(decliner.token)).expect(200);

    const answer = offerAnalyticsResponseSchema.parse(
      (await request(app()).get('/api/supplier/offer-analytics').query({ days: 7 }).set(bearer(supplier.token)).expect(200)).body,
    );
    expect(answer.days).toBe(7);
    expect(answer.data).toHaveLength(1);
    const mine = nth(answer.data, 0);
    expect(mine).toMatchObject({
      offer_id: offer.id,
      robot: { id: robot.id, manufacturer: 'FANUC', model: 'CRX-10iA' },
      condition: 'new',
      status: 'active',
      total_views: 3,
      total_requests: 2,
      total_quotes: 3,
      total_wins: 1,
      quoted_threads: 2,
      won_threads: 1,
      win_rate: 0.5,
    });
    expect(mine.series).toHaveLength(7);
    expect(mine.series.slice(0, 6).every((d) => d.views === 0 && d.requests === 0 && d.win_rate === null)).toBe(true);
    expect(mine.series.at(-1)).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), views: 3, requests: 2, quotes: 3, wins: 1, win_rate: 0.5 });

    // The rival sees their own offer: the same views and requests, no quotes of theirs.
    const theirs = offerAnalyticsResponseSchema.parse((await request(app()).get('/api/supplier/offer-analytics').set(bearer(rival.token)).expect(200)).body);
    expect(theirs.days).toBe(30);
    expect(theirs.data).toHaveLength(1);
    expect(nth(theirs.data, 0)).toMatchObject({ condition: 'used', total_views: 3, total_requests: 2, total_quotes: 0, total_wins: 0, win_rate: null });
    expect(nth(theirs.data, 0).series).toHaveLength(30);
  });

  it('is empty for a supplier without offers; refuses the signed-out (401), other roles (403) and a bad period (400)', async () => {
    const supplier = await registerUser(app(), { user_type: 'supplier' });
    expect(offerAnalyticsResponseSchema.parse((await request(app()).get('/api/supplier/offer-analytics').set(bearer(supplier.token)).expect(200)).body)).toEqual({ days: 30, data: [] });

    const anonymous = await request(app()).get('/api/supplier/offer-analytics').expect(401);
    expect(errorBodySchema.parse(anonymous.body).code).toBeTruthy();
    for (const user_type of ['customer', 'system_integrator'] as const) {
      const other = await registerUser(app(), { user_type });
      const refused = await request(app()).get('/api/supplier/offer-analytics').set(bearer(other.token)).expect(403);
      expect(errorBodySchema.parse(refused.body).code).toBe('FORBIDDEN');
    }
    for (const days of ['0', '366', 'week']) {
      const bad = await request(app()).get('/api/supplier/offer-analytics').query({ days }).set(bearer(supplier.token)).expect(400);
      expect(errorBodySchema.parse(bad.body).code).toBe('VALIDATION_FAILED');
    }
  });

  it('counts each supplier only the views of their own offer: while it is shown (not paused), not their own visits', async () => {
    const a = await registerUser(app(), { user_type: 'supplier', company_name: 'Alpha Robotics' });
    const b = await registerUser(app(), { user_type: 'supplier', company_name: 'Beta Automation' });
    const robot = await catalogRobot(app(), 'CRX-10iA');
    const offerOf = async (token: string, price: number) =>
      createOfferResponseSchema.parse(
        (await request(app()).post('/api/supplier/offers').set(bearer(token)).send({ robot_id: robot.id, price_min: price, currency: 'USD', condition: 'new' }).expect(201)).body,
      ).data.id;
    let written = 0;
    const view = async (times: number, shown: number, token?: string) => {
      for (let i = 0; i < times; i += 1) {
        const get = request(app()).get(`/api/robots/${robot.id}`);
        await (token ? get.set(bearer(token)) : get).expect(200);
      }
      written += times * shown;
      await vi.waitFor(async () => expect(await ctx().handle.db.select().from(offerViews)).toHaveLength(written));
    };
    const viewsOf = async (token: string) => {
      const answer = offerAnalyticsResponseSchema.parse((await request(app()).get('/api/supplier/offer-analytics').query({ days: 7 }).set(bearer(token)).expect(200)).body);
      expect(answer.data).toHaveLength(1);
      return nth(answer.data, 0).total_views;
    };

    const offerA = await offerOf(a.token, 42000);
    await view(2, 1); // only A's offer is on the page
    await offerOf(b.token, 43000);
    await view(1, 2); // both are shown
    await request(app()).patch(`/api/supplier/offers/${offerA}/status`).set(bearer(a.token)).send({ status: 'paused' }).expect(200);
    await view(1, 1); // A's paused offer is not shown
    await request(app()).patch(`/api/supplier/offers/${offerA}/status`).set(bearer(a.token)).send({ status: 'active' }).expect(200);
    await view(1, 1, a.token); // A looking at the page is a view of B's offer, not of A's own
    await view(1, 1, b.token); // and the other way round

    expect(await ctx().handle.db.select().from(robotViews).where(eq(robotViews.robotId, robot.id))).toHaveLength(6);
    expect(await viewsOf(a.token)).toBe(4);
    expect(await viewsOf(b.token)).toBe(3);
  });
});
