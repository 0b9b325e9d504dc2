import { describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import {
  errorBodySchema,
  leadListResponseSchema,
  leadSchema,
  robotListResponseSchema,
  robotSchema,
  supplierAnalyticsResponseSchema,
} from '@cellforge/contracts';
import { robots, robotSearchColumns, robotViews, seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined, nth } from '../../test/defined';

const listing = {
  manufacturer: 'Universal Robots',
  model: 'UR10e Palletizer Kit',
  category: 'collaborative',
  payload_kg: 12.5,
  reach_mm: 1300,
  dof: 6,
  repeatability_mm: 0.05,
  weight_kg: '',
  price_min_usd: 52000,
  price_max_usd: 61000,
  applications: ['palletizing'],
  industries: ['food-and-beverage', 'logistics'],
  description: 'UR10e with a column lift and pallet-pattern software.',
  datasheet_source: 'Universal Robots UR10e technical specifications',
};

describe.each(testBackends)('supplier listings, leads and analytics on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });

  it('lists, edits and deactivates own listings; the public catalog follows', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'supplier', company_name: 'RoboSupply' });
    const created = robotSchema.parse((await request(ctx().app).post('/api/supplier/listings').set(bearer(token)).send(listing).expect(201)).body.data);
    // A listing is an offer on a catalog model; this model is new to the catalog, so the supplier contributes it.
    expect(created).toMatchObject({ owner_id: null, contributed: true, weight_kg: null, status: 'active' });
    expect((await request(ctx().app).get(`/api/robots/${created.id}/offers`).expect(200)).body.data).toMatchObject([{ supplier: { id: user.id }, price_min: 52000 }]);
    const search = robotListResponseSchema.parse((await request(ctx().app).get('/api/robots').query({ q: 'palletizer kit' }).expect(200)).body);
    expect(search.data.map((r) => r.id)).toContain(created.id);

    const edited = await request(ctx().app)
      .put(`/api/supplier/listings/${created.id}`)
      .set(bearer(token))
      .send({ ...listing, price_min_usd: 50000 })
      .expect(200);
    expect(edited.body.data.price_min_usd).toBe(50000);

    await request(ctx().app).patch(`/api/supplier/listings/${created.id}/status`).set(bearer(token)).send({ status: 'inactive' }).expect(200);
    const after = robotListResponseSchema.parse((await request(ctx().app).get('/api/robots').query({ q: 'palletizer kit' }).expect(200)).body);
    expect(after.data.map((r) => r.id)).not.toContain(created.id);
    const mine = await request(ctx().app).get('/api/supplier/listings').set(bearer(token)).expect(200);
    expect(mine.body.data).toHaveLength(1);
  });

  it('lets only the owner change a listing; shared robots are read-only', async () => {
    const owner = await registerUser(ctx().app, { user_type: 'supplier' });
    const rival = await registerUser(ctx().app, { user_type: 'supplier' });
    const { body } = await request(ctx().app).post('/api/supplier/listings').set(bearer(owner.token)).send(listing).expect(201);
    const res = await request(ctx().app).put(`/api/supplier/listings/${body.data.id}`).set(bearer(rival.token)).send(listing).expect(403);
    expect(res.body.message).toBe('Only the supplier who created this listing may change it.');
    await request(ctx().app).patch(`/api/supplier/listings/${body.data.id}/status`).set(bearer(rival.token)).send({ status: 'inactive' }).expect(403);
    const [shared] = await ctx().handle.db.select().from(robots).where(eq(robots.model, 'UR10e'));
    const ro = await request(ctx().app).put(`/api/supplier/listings/${defined(shared).id}`).set(bearer(owner.token)).send(listing).expect(403);
    expect(ro.body.message).toBe('Robots of the shared catalog are read-only.');
    await request(ctx().app).put('/api/supplier/listings/00000000-0000-0000-0000-000000000000').set(bearer(owner.token)).send(listing).expect(404);
    const dup = await request(ctx().app).post('/api/supplier/listings').set(bearer(owner.token)).send({ ...listing, model: 'ur10e palletizer-kit' }).expect(409);
    expect(errorBodySchema.parse(dup.body).details?.model).toBeDefined();
  });

  it("answers another account's private robot exactly as an unknown id (404), so the status reveals nothing", async () => {
    const supplier = await registerUser(ctx().app, { user_type: 'supplier' });
    const integrator = await registerUser(ctx().app, { user_type: 'integrator' });
    const [secret] = await ctx()
      .handle.db.insert(robots)
      .values({ manufacturer: 'Acme', model: 'Hidden 1', ...robotSearchColumns({ manufacturer: 'Acme', model: 'Hidden 1' }), category: 'articulated', payloadKg: 5, reachMm: 900, dof: 6, ownerId: integrator.user.id, listed: false })
      .returning();
    const unknown = '00000000-0000-0000-0000-000000000000';
    for (const [method, suffix, body] of [['put', '', listing], ['patch', '/status', { status: 'inactive' }]] as const) {
      const hidden = await request(ctx().app)[method](`/api/supplier/listings/${defined(secret).id}${suffix}`).set(bearer(supplier.token)).send(body).expect(404);
      const missing = await request(ctx().app)[method](`/api/supplier/listings/${unknown}${suffix}`).set(bearer(supplier.token)).send(body).expect(404);
      expect(hidden.body.code).toBe('NOT_FOUND');
      expect(hidden.body.message).toBe(missing.body.message);
    }
    const [after] = await ctx().handle.db.select().from(robots).where(eq(robots.id, defined(secret).id));
    expect(after).toMatchObject({ model: 'Hidden 1', status: 'active' });
  });

  it('refuses other roles (403), anonymous (401) and bad listings (400)', async () => {
    const customer = await registerUser(ctx().app);
    const integrator = await registerUser(ctx().app, { user_type: 'integrator' });
    for (const path of ['/api/supplier/listings', '/api/supplier/leads', '/api/supplier/analytics']) {
      await request(ctx().app).get(path).expect(401);
      await request(ctx().app).get(path).set(bearer(customer.token)).expect(403);
      await request(ctx().app).get(path).set(bearer(integrator.token)).expect(403);
    }
    const supplier = await registerUser(ctx().app, { user_type: 'supplier' });
    const bad = await request(ctx().app)
      .post('/api/supplier/listings')
      .set(bearer(supplier.token))
      .send({ ...listing, payload_kg: -1, dof: 12, category: 'spaceship', price_min_usd: 9, price_max_usd: 1 })
      .expect(400);
    expect(Object.keys(bad.body.details)).toEqual(expect.arrayContaining(['payload_kg', 'dof', 'category']));
  });

  it("counts a catalog model's views only from when the supplier's offer on it was created", async () => {
    // Buyers viewed the FANUC CRX-25iA's page for weeks; today a supplier starts offering it.
    const [model] = await ctx()
      .handle.db.insert(robots)
      .values({ manufacturer: 'FANUC', model: 'CRX-25iA Views Test', ...robotSearchColumns(listing), category: 'collaborative', payloadKg: 25, reachMm: 1889, dof: 6 })
      .returning();
    const robotId = defined(model).id;
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await ctx()
      .handle.db.insert(robotViews)
      .values([{ robotId, viewedAt: hoursAgo(72) }, { robotId, viewedAt: hoursAgo(48) }, { robotId, viewedAt: hoursAgo(1 / 60) }]);
    const supplier = await registerUser(ctx().app, { user_type: 'supplier', company_name: 'Late Offers Ltd' });
    await request(ctx().app).post('/api/supplier/offers').set(bearer(supplier.token)).send({ robot_id: robotId, price_min: 42000, currency: 'USD', condition: 'new' }).expect(201);
    const before = supplierAnalyticsResponseSchema.parse(
      (await request(ctx().app).get('/api/supplier/analytics').query({ days: 30 }).set(bearer(supplier.token)).expect(200)).body,
    );
    expect(before.data).toMatchObject([{ robot_id: robotId, total_views: 0 }]);
    expect(nth(before.data, 0).series.every((day) => day.views === 0)).toBe(true);
    // A buyer opens the page now: the offer is on it, the view counts.
    await request(ctx().app).get(`/api/robots/${robotId}`).expect(200);
    await vi.waitFor(async () => expect(await ctx().handle.db.select().from(robotViews).where(eq(robotViews.robotId, robotId))).toHaveLength(4));
    const after = supplierAnalyticsResponseSchema.parse(
      (await request(ctx().app).get('/api/supplier/analytics').query({ days: 30 }).set(bearer(supplier.token)).expect(200)).body,
    );
    expect(after.data).toMatchObject([{ robot_id: robotId, total_views: 1 }]);
    expect(nth(after.data, 0).series.at(-1)).toMatchObject({ views: 1 });
  });

  it('takes a customer lead to the supplier, who marks it contacted; analytics count views and leads', async () => {
    const supplier = await registerUser(ctx().app, { user_type: 'supplier', company_name: 'RoboSupply' });
    const customer = await registerUser(ctx().app, { user_type: 'customer', first_name: 'Grace', last_name: 'Hopper', company_name: 'Acme Foods' });
    // A robot row the supplier owns (what the listing routes wrote before offers): the one-supplier contact path.
    const [owned] = await ctx()
      .handle.db.insert(robots)
      .values({ manufacturer: 'Universal Robots', model: 'UR10e Palletizer Kit', ...robotSearchColumns(listing), category: 'collaborative', payloadKg: 12.5, reachMm: 1300, dof: 6, ownerId: supplier.user.id, listed: true })
      .returning();
    const robotId = defined(owned).id;
    await request(ctx().app).get(`/api/robots/${robotId}`).expect(200);
    await request(ctx().app).get(`/api/robots/${robotId}`).expect(200);
    // Views are written after the answer.
    await vi.waitFor(async () => expect(await ctx().handle.db.select().from(robotViews).where(eq(robotViews.robotId, robotId))).toHaveLength(2));

    const sent = leadSchema.parse(
      (await request(ctx().app).post('/api/leads').set(bearer(customer.token)).send({ robot_id: robotId, message: 'We need two of these for Q3, quote please.' }).expect(201)).body.data,
    );
    expect(sent).toMatchObject({ kind: 'robot_inquiry', status: 'new', from: { name: 'Grace Hopper', company_name: 'Acme Foods' } });
    const again = await request(ctx().app).post('/api/leads').set(bearer(customer.token)).send({ robot_id: robotId, message: 'Second message about it.' }).expect(409);
    expect(again.body.message).toBe('You have already contacted the supplier about this robot. They will answer you by email.');

    const inbox = leadListResponseSchema.parse((await request(ctx().app).get('/api/supplier/leads').set(bearer(supplier.token)).expect(200)).body);
    expect(inbox.data).toHaveLength(1);
    expect(nth(inbox.data, 0).robot).toMatchObject({ id: robotId, model: 'UR10e Palletizer Kit' });
    const marked = await request(ctx().app).patch(`/api/supplier/leads/${sent.id}`).set(bearer(supplier.token)).send({ status: 'contacted' }).expect(200);
    expect(marked.body.data.status).toBe('contacted');

    const rival = await registerUser(ctx().app, { user_type: 'supplier' });
    await request(ctx().app).patch(`/api/supplier/leads/${sent.id}`).set(bearer(rival.token)).send({ status: 'closed' }).expect(404);
    await request(ctx().app).patch(`/api/supplier/leads/${sent.id}`).set(bearer(supplier.token)).send({ status: 'lost' }).expect(400);

    const analytics = supplierAnalyticsResponseSchema.parse(
      (await request(ctx().app).get('/api/supplier/analytics').query({ days: 7 }).set(bearer(supplier.token)).expect(200)).body,
    );
    expect(analytics.data).toHaveLength(1);
    expect(analytics.data[0]).toMatchObject({ robot_id: robotId, total_views: 2, total_leads: 1 });
    expect(nth(analytics.data, 0).series).toHaveLength(7);
    expect(nth(analytics.data, 0).series.at(-1)).toMatchObject({ views: 2, leads: 1 });

    const mine = leadListResponseSchema.parse((await request(ctx().app).get('/api/leads/sent').set(bearer(customer.token)).expect(200)).body);
    expect(nth(mine.data, 0).status).toBe('contacted');
  });

  it('refuses leads for shared-catalog robots, from non-customers, and for unknown robots', async () => {
    const customer = await registerUser(ctx().app);
    const [shared] = await ctx().handle.db.select().from(robots).where(eq(robots.model, 'UR10e'));
    const res = await request(ctx().app).post('/api/leads').set(bearer(customer.token)).send({ robot_id: defined(shared).id, message: 'Is this in stock?' }).expect(409);
    expect(res.body.message).toMatch(/^No supplier lists this robot yet/);
    // Once suppliers offer the model (also through the old listing route), the inquiry reaches each of them.
    const sellers = [await registerUser(ctx().app, { user_type: 'supplier' }), await registerUser(ctx().app, { user_type: 'supplier' })];
    for (const seller of sellers) await request(ctx().app).post('/api/supplier/listings').set(bearer(seller.token)).send({ ...listing, model: 'UR10e' }).expect(201);
    const offered = leadSchema.parse((await request(ctx().app).post('/api/leads').set(bearer(customer.token)).send({ robot_id: defined(shared).id, message: 'Is this in stock?' }).expect(201)).body.data);
    expect(offered.robot).toMatchObject({ id: defined(shared).id, model: 'UR10e' });
    for (const seller of sellers) {
      const inbox = leadListResponseSchema.parse((await request(ctx().app).get('/api/supplier/leads').set(bearer(seller.token)).expect(200)).body);
      expect(inbox.data.map((l) => [l.robot?.id, l.message])).toEqual([[defined(shared).id, 'Is this in stock?']]);
    }
    const supplier = await registerUser(ctx().app, { user_type: 'supplier' });
    await request(ctx().app).post('/api/leads').set(bearer(supplier.token)).send({ robot_id: defined(shared).id, message: 'Is this in stock?' }).expect(403);
    await request(ctx().app).post('/api/leads').send({ robot_id: defined(shared).id, message: 'Is this in stock?' }).expect(401);
    await request(ctx().app)
      .post('/api/leads')
      .set(bearer(customer.token))
      .send({ robot_id: '00000000-0000-0000-0000-000000000000', message: 'Is this in stock?' })
      .expect(404);
    await request(ctx().app).post('/api/leads').set(bearer(customer.token)).send({ robot_id: 'x', message: 'hi' }).expect(400);
  });
});
