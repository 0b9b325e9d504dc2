import { describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import {
  createOfferResponseSchema,
  errorBodySchema,
  leadListResponseSchema,
  offerListResponseSchema,
  projectMatchesResponseSchema,
  robotListResponseSchema,
  robotSchema,
} from '@cellforge/contracts';
import { seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined, nth } from '../../test/defined';

const PROPOSED = { manufacturer: 'Acme Robotics', model: 'X1 Cobot', category: 'collaborative', payload_kg: 7, reach_mm: 850, dof: 6, applications: ['assembly'], description: 'Our own cobot.' };

/** The first catalog robot the public search finds for `q` (what the supplier's model search shows first). */
async function findModel(app: Express, q: string) {
  const res = robotListResponseSchema.parse((await request(app).get('/api/robots').query({ q, limit: 5 }).expect(200)).body);
  return defined(res.data[0], `a model for "${q}"`);
}

const search = async (app: Express, query: Record<string, string | number>) =>
  robotListResponseSchema.parse((await request(app).get('/api/robots').query(query).expect(200)).body);

describe.each(testBackends)('supplier offers on catalog models on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });
  const app = () => ctx().app;

  it('a supplier finds "Fanuc CRX 10iA" in the catalog and offers it; buyers see the offer on the card and the robot page', async () => {
    const { token, user } = await registerUser(app(), { user_type: 'supplier', company_name: 'CoboSupply' });
    const model = await findModel(app(), 'Fanuc CRX 10iA');
    expect([model.manufacturer, model.model]).toEqual(['FANUC', 'CRX-10iA']);
    expect(model.offers).toBeNull();

    const created = createOfferResponseSchema.parse(
      (await request(app())
        .post('/api/supplier/offers')
        .set(bearer(token))
        .send({ robot_id: model.id, price_min: 42000, price_max: 45000, currency: 'USD', condition: 'new', lead_time_weeks: 6, regions: ['EU', 'UK'], warranty_months: 24, quantity: 3, notes: 'In stock in Lyon' })
        .expect(201)).body,
    );
    expect(created.model_added).toBe(false);
    expect(created.data).toMatchObject({
      robot: { id: model.id, manufacturer: 'FANUC', model: 'CRX-10iA', contributed: false },
      supplier: { id: user.id, name: 'CoboSupply' },
      price_min: 42000, price_max: 45000, currency: 'USD', condition: 'new', lead_time_weeks: 6, regions: ['EU', 'UK'], warranty_months: 24, quantity: 3, notes: 'In stock in Lyon', status: 'active',
    });

    const mine = offerListResponseSchema.parse((await request(app()).get('/api/supplier/offers').set(bearer(token)).expect(200)).body);
    expect(mine.data.map((o) => o.id)).toEqual([created.data.id]);
    // One model, no duplicate robot: the catalog still has one CRX-10iA, now with its offer.
    const found = await search(app(), { q: 'crx 10ia' });
    const crx = found.data.filter((r) => r.model === 'CRX-10iA');
    expect(crx).toHaveLength(1);
    expect(crx[0]?.offers).toEqual({ count: 1, lowest_price: 42000, lowest_price_currency: 'USD', price_min_usd: 42000, price_max_usd: 45000, lead_time_weeks_min: 6, conditions: ['new'] });
    const page = robotSchema.parse((await request(app()).get(`/api/robots/${model.id}`).expect(200)).body.data);
    expect(page.offers?.count).toBe(1);
    const publicOffers = offerListResponseSchema.parse((await request(app()).get(`/api/robots/${model.id}/offers`).expect(200)).body);
    expect(publicOffers.data.map((o) => [o.supplier.name, o.price_min])).toEqual([['CoboSupply', 42000]]);
  });

  it('a proposed model with a catalog key is that model; a new one is added as supplier-contributed', async () => {
    const { token } = await registerUser(app(), { user_type: 'supplier' });
    const same = createOfferResponseSchema.parse(
      (await request(app()).post('/api/supplier/offers').set(bearer(token)).send({ new_model: { ...PROPOSED, manufacturer: 'fanuc', model: 'CRX 10 iA' }, price_min: 40000 }).expect(201)).body,
    );
    expect(same.model_added).toBe(false);
    expect([same.data.robot.manufacturer, same.data.robot.model]).toEqual(['FANUC', 'CRX-10iA']);

    const added = createOfferResponseSchema.parse((await request(app()).post('/api/supplier/offers').set(bearer(token)).send({ new_model: PROPOSED, price_min: 15000 }).expect(201)).body);
    expect(added.model_added).toBe(true);
    expect(added.data.robot).toMatchObject({ manufacturer: 'Acme Robotics', model: 'X1 Cobot', contributed: true });
    const robot = robotSchema.parse((await request(app()).get(`/api/robots/${added.data.robot.id}`).expect(200)).body.data);
    expect(robot).toMatchObject({ payload_kg: 7, reach_mm: 850, contributed: true, owner_id: null, offers: { count: 1, price_min_usd: 15000 } });
    // A second supplier proposing it again offers on the same model.
    const other = await registerUser(app(), { user_type: 'supplier' });
    const again = createOfferResponseSchema.parse((await request(app()).post('/api/supplier/offers').set(bearer(other.token)).send({ new_model: { ...PROPOSED, model: 'X-1 cobot' }, price_min: 14000 }).expect(201)).body);
    expect([again.model_added, again.data.robot.id]).toEqual([false, added.data.robot.id]);
    expect((await search(app(), { q: 'acme' })).data.filter((r) => r.manufacturer === 'Acme Robotics')).toHaveLength(1);
  });

  it('a maker typed as people say it ("UR", "Motoman") finds the catalog model; a new model of that maker is filed under the catalog\'s name', async () => {
    const { token } = await registerUser(app(), { user_type: 'supplier' });
    const makers = async () => (await search(app(), {})).facets.manufacturer.map((f) => f.value).sort();
    const before = await makers();
    const ur = createOfferResponseSchema.parse(
      (await request(app()).post('/api/supplier/offers').set(bearer(token)).send({ new_model: { ...PROPOSED, manufacturer: 'UR', model: 'UR-10e' }, price_min: 30000 }).expect(201)).body,
    );
    expect(ur.model_added).toBe(false);
    expect([ur.data.robot.manufacturer, ur.data.robot.model]).toEqual(['Universal Robots', 'UR10e']);
    const gp = createOfferResponseSchema.parse(
      (await request(app()).post('/api/supplier/offers').set(bearer(token)).send({ new_model: { ...PROPOSED, manufacturer: 'motoman', model: 'GP 25' }, price_min: 30000 }).expect(201)).body,
    );
    expect([gp.model_added, gp.data.robot.manufacturer, gp.data.robot.model]).toEqual([false, 'Yaskawa', 'GP25']);
    // A model the catalog does not hold, by a maker it knows under its official name: no "UR" maker next to Universal Robots.
    const added = createOfferResponseSchema.parse(
      (await request(app()).post('/api/supplier/offers').set(bearer(token)).send({ new_model: { ...PROPOSED, manufacturer: 'UR', model: 'UR99e' }, price_min: 30000 }).expect(201)).body,
    );
    expect(added.model_added).toBe(true);
    expect(added.data.robot).toMatchObject({ manufacturer: 'Universal Robots', model: 'UR99e', contributed: true });
    expect(await makers()).toEqual(before);
  });

  it('a buyer comparing three robots sees each one\'s offers: two suppliers on one, one on another, none on the third', async () => {
    const a = await registerUser(app(), { user_type: 'supplier', company_name: 'North Robotics' });
    const b = await registerUser(app(), { user_type: 'supplier', company_name: 'South Automation' });
    const crx = await findModel(app(), 'FANUC CRX-10iA');
    const ur = await findModel(app(), 'UR10e');
    const abb = await findModel(app(), 'ABB IRB 1300');
    await request(app()).post('/api/supplier/offers').set(bearer(a.token)).send({ robot_id: crx.id, price_min: 42000, lead_time_weeks: 6 }).expect(201);
    await request(app()).post('/api/supplier/offers').set(bearer(b.token)).send({ robot_id: crx.id, condition: 'used', price_min: 29000, price_max: 31000, lead_time_weeks: 1 }).expect(201);
    await request(app()).post('/api/supplier/offers').set(bearer(b.token)).send({ robot_id: ur.id, price_min: 38000 }).expect(201);

    const compared = robotListResponseSchema.shape.data.parse(
      (await request(app()).get('/api/robots/compare').query({ ids: [abb.id, crx.id, ur.id].join(',') }).expect(200)).body.data,
    );
    expect(compared.map((r) => [r.model, r.offers])).toEqual([
      [abb.model, null],
      ['CRX-10iA', { count: 2, lowest_price: 29000, lowest_price_currency: 'USD', price_min_usd: 29000, price_max_usd: 42000, lead_time_weeks_min: 1, conditions: ['new', 'used'] }],
      [ur.model, { count: 1, lowest_price: 38000, lowest_price_currency: 'USD', price_min_usd: 38000, price_max_usd: 38000, lead_time_weeks_min: null, conditions: ['new'] }],
    ]);
  });

  it('a customer\'s project matches say which robots suppliers offer, from what price; a paused offer stops counting', async () => {
    const seller = await registerUser(app(), { user_type: 'supplier', company_name: 'Pallet Parts' });
    const buyer = await registerUser(app(), { user_type: 'customer' });
    const project = (await request(app())
      .post('/projects')
      .set(bearer(buyer.token))
      .send({ project_name: 'Case palletizing', customer_company: 'Acme Foods', status: 'In Progress', requirements: { application: 'palletizing', payload_kg: 12, reach_mm: 1400 } })
      .expect(201)).body.data as { id: string };
    const matchesOf = async () => projectMatchesResponseSchema.parse((await request(app()).get(`/projects/${project.id}/matches`).set(bearer(buyer.token)).expect(200)).body).data;

    const before = await matchesOf();
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((m) => m.offers === null)).toBe(true);
    const target = nth(before, 1);
    const offer = createOfferResponseSchema.parse(
      (await request(app()).post('/api/supplier/offers').set(bearer(seller.token)).send({ robot_id: target.robot_id, price_min: 51000, lead_time_weeks: 4 }).expect(201)).body,
    ).data;

    const after = await matchesOf();
    expect(after.find((m) => m.robot_id === target.robot_id)?.offers).toEqual({ count: 1, lowest_price: 51000, lowest_price_currency: 'USD', price_min_usd: 51000, price_max_usd: 51000, lead_time_weeks_min: 4, conditions: ['new'] });
    expect(after.filter((m) => m.offers !== null)).toHaveLength(1);
    await request(app()).patch(`/api/supplier/offers/${offer.id}/status`).set(bearer(seller.token)).send({ status: 'paused' }).expect(200);
    expect((await matchesOf()).find((m) => m.robot_id === target.robot_id)?.offers).toBeNull();
  });

  it('edits, pauses, resumes and deletes own offers; one offer per model and condition; another supplier\'s offer is unknown', async () => {
    const { token } = await registerUser(app(), { user_type: 'supplier' });
    const rival = await registerUser(app(), { user_type: 'supplier' });
    const model = await findModel(app(), 'ur10e');
    const offer = createOfferResponseSchema.parse((await request(app()).post('/api/supplier/offers').set(bearer(token)).send({ robot_id: model.id, price_min: 30000 }).expect(201)).body).data;
    const dup = await request(app()).post('/api/supplier/offers').set(bearer(token)).send({ robot_id: model.id, price_min: 31000 }).expect(409);
    expect(errorBodySchema.parse(dup.body).code).toBe('CONFLICT');
    await request(app()).post('/api/supplier/offers').set(bearer(token)).send({ robot_id: model.id, condition: 'used', price_min: 18000 }).expect(201);

    const edited = await request(app()).put(`/api/supplier/offers/${offer.id}`).set(bearer(token)).send({ price_min: 29000, price_max: 32000, lead_time_weeks: 2 }).expect(200);
    expect(edited.body.data).toMatchObject({ price_min: 29000, price_max: 32000, lead_time_weeks: 2, condition: 'new' });
    expect((await request(app()).get(`/api/robots/${model.id}`).expect(200)).body.data.offers).toEqual({ count: 2, lowest_price: 18000, lowest_price_currency: 'USD', price_min_usd: 18000, price_max_usd: 32000, lead_time_weeks_min: 2, conditions: ['new', 'used'] });

    await request(app()).patch(`/api/supplier/offers/${offer.id}/status`).set(bearer(token)).send({ status: 'paused' }).expect(200);
    const visible = offerListResponseSchema.parse((await request(app()).get(`/api/robots/${model.id}/offers`).expect(200)).body);
    expect(visible.data.map((o) => o.condition)).toEqual(['used']);
    await request(app()).patch(`/api/supplier/offers/${offer.id}/status`).set(bearer(token)).send({ status: 'active' }).expect(200);

    for (const [method, path, body] of [
      ['put', `/api/supplier/offers/${offer.id}`, { price_min: 1 }],
      ['patch', `/api/supplier/offers/${offer.id}/status`, { status: 'paused' }],
      ['delete', `/api/supplier/offers/${offer.id}`, undefined],
    ] as const) {
      const res = await request(app())[method](path).set(bearer(rival.token)).send(body).expect(404);
      expect(errorBodySchema.parse(res.body).code).toBe('NOT_FOUND');
    }
    await request(app()).delete(`/api/supplier/offers/${offer.id}`).set(bearer(token)).expect(204);
    await request(app()).delete(`/api/supplier/offers/${offer.id}`).set(bearer(token)).expect(404);
    expect((await request(app()).get(`/api/robots/${model.id}`).expect(200)).body.data.offers).toMatchObject({ count: 1, conditions: ['used'] });
  });

  it('refuses bad offers with a 400 naming the field', async () => {
    const { token } = await registerUser(app(), { user_type: 'supplier' });
    const model = await findModel(app(), 'ur10e');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ robot_id: model.id, price_min: 50000, price_max: 40000 }, 'price_min'],
      [{ robot_id: model.id, new_model: PROPOSED }, 'robot_id'],
      [{}, 'robot_id'],
      [{ robot_id: model.id, condition: 'broken' }, 'condition'],
      [{ robot_id: model.id, currency: 'BTC' }, 'currency'],
      [{ robot_id: model.id, lead_time_weeks: -1 }, 'lead_time_weeks'],
      [{ robot_id: model.id, quantity: 0 }, 'quantity'],
      [{ robot_id: 'not-a-uuid' }, 'robot_id'],
      [{ robot_id: model.id, owner: 'me' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await request(app()).post('/api/supplier/offers').set(bearer(token)).send(body).expect(400);
      const error = errorBodySchema.parse(res.body);
      expect(error.code).toBe('VALIDATION_FAILED');
      if (field) expect(JSON.stringify(error.details ?? {}), JSON.stringify(body)).toContain(field);
    }
    await request(app()).post('/api/supplier/offers').set(bearer(token)).send({ robot_id: '00000000-0000-4000-8000-000000000000' }).expect(404);
    const bad = await request(app()).get('/api/robots').query({ condition: 'broken' }).expect(400);
    expect(errorBodySchema.parse(bad.body).code).toBe('VALIDATION_FAILED');
  });

  it('prices, price filters and the price sort use the lowest offer where there are offers; the condition facet counts offers', async () => {
    const a = await registerUser(app(), { user_type: 'supplier' });
    const b = await registerUser(app(), { user_type: 'supplier' });
    const listed = (await search(app(), { sort: 'price', limit: 100 })).data.filter((r) => r.price_min_usd !== null);
    const cheapest = defined(listed[0], 'the cheapest listed robot');
    // A robot with a list price well above the cheapest gets an offer below it.
    const dear = defined(listed.find((r) => (r.price_min_usd ?? 0) > (cheapest.price_min_usd ?? 0) + 5000), 'a dearer robot');
    const below = Math.max(0, (cheapest.price_min_usd ?? 0) - 1000);
    await request(app()).post('/api/supplier/offers').set(bearer(a.token)).send({ robot_id: dear.id, price_min: below, condition: 'used' }).expect(201);
    await request(app()).post('/api/supplier/offers').set(bearer(b.token)).send({ robot_id: dear.id, price_min: below + 500, condition: 'refurbished' }).expect(201);
    const other = defined(listed.at(-1), 'another robot');
    await request(app()).post('/api/supplier/offers').set(bearer(b.token)).send({ robot_id: other.id, price_min: 99000, condition: 'new' }).expect(201);

    const sorted = await search(app(), { sort: 'price', limit: 3 });
    expect(sorted.data[0]?.id).toBe(dear.id);
    expect(sorted.data[0]?.offers).toMatchObject({ count: 2, price_min_usd: below, conditions: ['used', 'refurbished'] });
    const filtered = await search(app(), { maxPrice: below + 1, limit: 100 });
    expect(filtered.data.map((r) => r.id)).toContain(dear.id);

    const all = await search(app(), {});
    expect(all.facets.condition).toEqual([
      { value: 'new', count: 1 },
      { value: 'used', count: 1 },
      { value: 'refurbished', count: 1 },
    ]);
    const used = await search(app(), { condition: 'used,refurbished' });
    expect(used.total).toBe(1);
    expect(used.data.map((r) => r.id)).toEqual([dear.id]);
    // The condition facet is counted without its own filter; the others with it.
    expect(used.facets.condition.map((f) => f.value)).toEqual(['new', 'used', 'refurbished']);
    expect(used.facets.category.reduce((n, f) => n + f.count, 0)).toBe(1);
    // With text, the same rule.
    const withText = await search(app(), { q: dear.manufacturer, condition: 'new' });
    expect(withText.data.every((r) => r.offers?.conditions.includes('new'))).toBe(true);
  });

  it('a request for quote on a model reaches every supplier with an active offer on it, and only them', async () => {
    const customer = await registerUser(app(), { user_type: 'customer' });
    const a = await registerUser(app(), { user_type: 'supplier' });
    const b = await registerUser(app(), { user_type: 'supplier' });
    const paused = await registerUser(app(), { user_type: 'supplier' });
    const model = await findModel(app(), 'Fanuc CRX 10iA');
    await request(app()).post('/api/supplier/offers').set(bearer(a.token)).send({ robot_id: model.id, price_min: 42000 }).expect(201);
    await request(app()).post('/api/supplier/offers').set(bearer(b.token)).send({ robot_id: model.id, condition: 'used', price_min: 30000 }).expect(201);
    await request(app()).post('/api/supplier/offers').set(bearer(paused.token)).send({ robot_id: model.id, status: 'paused' }).expect(201);

    const sent = await request(app()).post('/api/quote-requests').set(bearer(customer.token)).send({ robot_id: model.id, quantity: 2, timeline: 'asap', notes: 'Two cells' }).expect(201);
    expect(sent.body.sent_to).toBe(2);
    for (const [seller, n] of [[a, 1], [b, 1], [paused, 0]] as const) {
      const leads = leadListResponseSchema.parse((await request(app()).get('/api/supplier/leads').set(bearer(seller.token)).expect(200)).body);
      expect(leads.data.filter((l) => l.kind === 'quote_request'), seller.user.email).toHaveLength(n);
    }
  });
});
