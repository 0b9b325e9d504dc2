/**
 * The supplier dashboard's "Active offers" (issue 13): one number from the API, counted where the
 * offers are. A listing made through the old listing routes is an offer (docs/decisions.md, "Old
 * listing routes write offers"), so it counts once, not once as a listing and once as an offer.
 */
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { eq } from 'drizzle-orm';
import { offerListResponseSchema, robotListResponseSchema, robotSchema, supplierFiguresResponseSchema } from '@cellforge/contracts';
import { robots, robotSearchColumns, seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined } from '../../test/defined';

const LISTING = {
  manufacturer: 'Fanuc',
  model: 'CRX-25iA',
  category: 'collaborative',
  payload_kg: 25,
  reach_mm: 1889,
  dof: 6,
  price_min_usd: 48000,
  price_max_usd: 52000,
  applications: ['palletizing'],
  industries: [],
  description: 'Two in stock.',
};

const figures = async (app: Express, token: string) =>
  supplierFiguresResponseSchema.parse((await request(app).get('/api/supplier/figures').set(bearer(token)).expect(200)).body).data;
const offersOf = async (app: Express, token: string) =>
  offerListResponseSchema.parse((await request(app).get('/api/supplier/offers').set(bearer(token)).expect(200)).body).data;
const listingsOf = async (app: Express, token: string) =>
  (await request(app).get('/api/supplier/listings').set(bearer(token)).expect(200)).body.data.map((r: unknown) => robotSchema.parse(r));
async function modelId(app: Express, q: string) {
  const res = robotListResponseSchema.parse((await request(app).get('/api/robots').query({ q, limit: 5 }).expect(200)).body);
  return defined(res.data[0], `a model for "${q}"`).id;
}

describe.each(testBackends)('the supplier dashboard figures on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });
  const app = () => ctx().app;

  it('a supplier with one listing made through the listing routes has ONE active offer, as both tabs show', async () => {
    const { token } = await registerUser(app(), { user_type: 'supplier', company_name: 'CRX Resale' });
    expect(await figures(app(), token)).toEqual({ active_offers: 0 });

    await request(app()).post('/api/supplier/listings').set(bearer(token)).send(LISTING).expect(201);
    // Both tabs read it: the Offers tab as one offer, the Listings tab as one listing.
    expect((await offersOf(app(), token)).filter((o) => o.status === 'active')).toHaveLength(1);
    expect((await listingsOf(app(), token)).filter((l: { status: string }) => l.status === 'active')).toHaveLength(1);
    expect(await figures(app(), token)).toEqual({ active_offers: 1 });
  });

  it('counts each active offer once, a paused one not at all, and another supplier\'s never', async () => {
    const { token } = await registerUser(app(), { user_type: 'supplier' });
    const rival = await registerUser(app(), { user_type: 'supplier' });
    const crx = await modelId(app(), 'Fanuc CRX-10iA');
    const ur = await modelId(app(), 'UR10e');
    const offer = (robotId: string, condition: string, who = token) =>
      request(app()).post('/api/supplier/offers').set(bearer(who)).send({ robot_id: robotId, price_min: 30000, price_max: null, currency: 'EUR', condition, lead_time_weeks: 4, regions: ['EU'], warranty_months: 12, quantity: 1, notes: '' }).expect(201);

    await offer(crx, 'new');
    await offer(crx, 'used');
    const paused = (await offer(ur, 'refurbished')).body.data.id as string;
    await offer(ur, 'new', rival.token);
    await request(app()).patch(`/api/supplier/offers/${paused}/status`).set(bearer(token)).send({ status: 'paused' }).expect(200);
    // The CRX-10iA offered new and used is two offers buyers see (the Listings tab shows the model once).
    expect(await figures(app(), token)).toEqual({ active_offers: 2 });
    expect(await figures(app(), rival.token)).toEqual({ active_offers: 1 });

    await request(app()).patch(`/api/supplier/offers/${paused}/status`).set(bearer(token)).send({ status: 'active' }).expect(200);
    expect(await figures(app(), token)).toEqual({ active_offers: 3 });
  });

  it('a listing paused through the listing routes leaves the figure; an active robot row of their own from before offers counts', async () => {
    const { token, user } = await registerUser(app(), { user_type: 'supplier' });
    const created = robotSchema.parse((await request(app()).post('/api/supplier/listings').set(bearer(token)).send(LISTING).expect(201)).body.data);
    await request(app()).patch(`/api/supplier/listings/${created.id}/status`).set(bearer(token)).send({ status: 'inactive' }).expect(200);
    expect(await figures(app(), token)).toEqual({ active_offers: 0 });

    // A robot row the supplier owns, written by the listing routes before offers existed.
    const fields = { manufacturer: 'Doosan Robotics', model: 'H2017 Legacy' };
    await ctx().handle.db.insert(robots).values({ ...fields, ...robotSearchColumns(fields), category: 'collaborative', payloadKg: 20, reachMm: 1700, dof: 6, ownerId: user.id, listed: true, status: 'active' });
    expect(await figures(app(), token)).toEqual({ active_offers: 1 });
    expect((await listingsOf(app(), token)).filter((l: { status: string }) => l.status === 'active')).toHaveLength(1);
    await ctx().handle.db.update(robots).set({ status: 'inactive' }).where(eq(robots.model, 'H2017 Legacy'));
    expect(await figures(app(), token)).toEqual({ active_offers: 0 });
  });

  it('answers 401 without a session and 403 to a customer or an integrator', async () => {
    expect((await request(app()).get('/api/supplier/figures').expect(401)).body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    for (const user_type of ['customer', 'integrator'] as const) {
      const { token } = await registerUser(app(), { user_type });
      expect((await request(app()).get('/api/supplier/figures').set(bearer(token)).expect(403)).body).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    }
  });
});
