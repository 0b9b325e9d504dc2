/**
 * Offers priced in different currencies, from the buyer's side (issue 13, session 12): the card,
 * the robot page and a project's matches name the cheapest offer as its seller priced it
 * ("1 offer from €24,000"), the offers compared through the one currency table
 * (packages/requirements/src/currency.ts); the price filter and sort read the same comparison,
 * so a model offered at €24,000 (≈ $25,968) is under a $26,000 limit and sorted there.
 */
import request from 'supertest';
import type { Express } from 'express';
import { describe, expect, it, vi } from 'vitest';
import { robotListResponseSchema, type OfferSummary, type Robot } from '@cellforge/contracts';
import { seedCatalog } from '@cellforge/db';
import { EXCHANGE_RATES } from '@cellforge/requirements';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';

// A shared, loaded machine: PGlite's migrations alone can take a minute.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

async function search(app: Express, query: Record<string, string | number>) {
  return robotListResponseSchema.parse((await request(app).get('/api/robots').query({ limit: 100, ...query }).expect(200)).body);
}
async function model(app: Express, name: string): Promise<Robot> {
  const found = (await search(app, { q: name })).data.find((r) => r.model === name);
  if (!found) throw new Error(`${name} is not in the catalog`);
  return found;
}

describe.each(testBackends)('offers in EUR, GBP and USD on the catalog (%s)', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });
  const app = () => ctx().app;
  const supplier = (company: string) => registerUser(app(), { user_type: 'supplier', company_name: company });
  async function offer(token: string, body: Record<string, unknown>) {
    const res = await request(app()).post('/api/supplier/offers').set(bearer(token)).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string };
  }

  it('a model offered only in GBP: "from £30,000", its USD band by the one table', async () => {
    const seller = await supplier('Midlands Robot Exchange');
    const gofa = await model(app(), 'CRX-10iA/L');
    await offer(seller.token, { robot_id: gofa.id, price_min: 30000, price_max: 33000, currency: 'GBP', condition: 'refurbished', lead_time_weeks: 2 });
    const card = await model(app(), 'CRX-10iA/L');
    expect(card.offers).toEqual({
      count: 1,
      lowest_price: 30000,
      lowest_price_currency: 'GBP',
      price_min_usd: Math.round(30000 * EXCHANGE_RATES.usdPer.GBP),
      price_max_usd: Math.round(33000 * EXCHANGE_RATES.usdPer.GBP),
      lead_time_weeks_min: 2,
      conditions: ['refurbished'],
    });
    const page = await request(app()).get(`/api/robots/${gofa.id}`).expect(200);
    expect(page.body.data.offers).toEqual(card.offers);
  });

  it('a USD offer and a cheaper-in-USD EUR offer: the card names the EUR one (€38,000 ≈ $41,116 < $42,000)', async () => {
    const a = await supplier('Alpha Automation');
    const b = await supplier('Beta Robotik GmbH');
    const ur = await model(app(), 'UR10e');
    await offer(a.token, { robot_id: ur.id, price_min: 42000, currency: 'USD', condition: 'new', lead_time_weeks: 6 });
    await offer(b.token, { robot_id: ur.id, price_min: 38000, price_max: 40000, currency: 'EUR', condition: 'used', lead_time_weeks: 1 });
    const card = await model(app(), 'UR10e');
    expect(card.offers).toMatchObject({ count: 2, lowest_price: 38000, lowest_price_currency: 'EUR', price_min_usd: 41116, price_max_usd: 43280, lead_time_weeks_min: 1 });
    // The dearer-in-USD currency changes places when the EUR offer goes up: the USD one is the cheapest.
    const list = (await request(app()).get(`/api/robots/${ur.id}/offers`).expect(200)).body.data as Array<{ id: string; currency: string }>;
    const eur = list.find((o) => o.currency === 'EUR');
    await request(app()).put(`/api/supplier/offers/${eur?.id}`).set(bearer(b.token)).send({ price_min: 39000, currency: 'EUR', condition: 'used', lead_time_weeks: 1 }).expect(200);
    expect((await model(app(), 'UR10e')).offers).toMatchObject({ count: 2, lowest_price: 42000, lowest_price_currency: 'USD', price_min_usd: 42000 });
  });

  it("a project's match carries the same summary as the card", async () => {
    const seller = await supplier('Rebuilt Robotics GmbH');
    const buyer = await registerUser(app(), { user_type: 'customer', company_name: 'Mill Works' });
    const crx = await model(app(), 'CRX-10iA/L');
    await offer(seller.token, { robot_id: crx.id, price_min: 24000, currency: 'EUR', condition: 'used', lead_time_weeks: 3 });
    const project = await request(app()).post('/projects').set(bearer(buyer.token)).send({ project_name: 'Palletizing', requirements: { application: 'palletizing', payload_kg: 8, reach_mm: 1300 } }).expect(201);
    const matches = await request(app()).get(`/projects/${project.body.data.id}/matches`).set(bearer(buyer.token)).expect(200);
    const row = (matches.body.data as Array<{ robot_id: string; offers: OfferSummary | null }>).find((m) => m.robot_id === crx.id);
    expect(row?.offers).toMatchObject({ count: 1, lowest_price: 24000, lowest_price_currency: 'EUR', price_min_usd: 25968 });
  });

  it('the price filter counts the EUR offer through the table: €24,000 is under $26,000, not under $25,900 nor from $30,000', async () => {
    const seller = await supplier('Rebuilt Robotics GmbH');
    const crx = await model(app(), 'CRX-10iA/L');
    // Its list price ($38,000–$52,000) would say the opposite each time.
    expect([crx.price_min_usd, crx.price_max_usd]).toEqual([38000, 52000]);
    await offer(seller.token, { robot_id: crx.id, price_min: 24000, currency: 'EUR', condition: 'used' });
    const ids = async (q: Record<string, string | number>) => (await search(app(), { category: 'collaborative', ...q })).data.map((r) => r.id);
    expect(await ids({ maxPrice: 26000 })).toContain(crx.id);
    expect(await ids({ maxPrice: 25900 })).not.toContain(crx.id);
    expect(await ids({ minPrice: 30000 })).not.toContain(crx.id);
    expect(await ids({ minPrice: 25000, maxPrice: 27000 })).toContain(crx.id);
  });

  it('the price sort places the EUR-only model by its USD equivalent, between the models around it', async () => {
    const seller = await supplier('Rebuilt Robotics GmbH');
    const crx = await model(app(), 'CRX-10iA/L');
    await offer(seller.token, { robot_id: crx.id, price_min: 24000, currency: 'EUR', condition: 'used' });
    const sorted = (await search(app(), { category: 'collaborative', sort: 'price' })).data;
    const price = (r: Robot) => r.offers?.price_min_usd ?? r.price_min_usd;
    const prices = sorted.map(price).filter((p): p is number => p !== null);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const at = sorted.findIndex((r) => r.id === crx.id);
    expect(sorted[at]?.offers).toMatchObject({ lowest_price: 24000, lowest_price_currency: 'EUR', price_min_usd: 25968 });
    expect(sorted.slice(0, at).every((r) => (price(r) ?? Infinity) <= 25968)).toBe(true);
    expect(sorted.slice(at + 1).every((r) => (price(r) ?? Infinity) >= 25968)).toBe(true);
  });

  it('offers without a price: the card says how many, no price, and the list price still filters', async () => {
    const seller = await supplier('Quiet Sales Ltd');
    const crx = await model(app(), 'CRX-10iA/L');
    await offer(seller.token, { robot_id: crx.id, currency: 'GBP', condition: 'new' });
    const card = await model(app(), 'CRX-10iA/L');
    expect(card.offers).toMatchObject({ count: 1, lowest_price: null, lowest_price_currency: null, price_min_usd: null, price_max_usd: null });
    expect((await search(app(), { category: 'collaborative', maxPrice: 38000 })).data.map((r) => r.id)).toContain(crx.id);
  });
});
