/**
 * An outside tester's marketplace loop (issue 13), written from the users' side through the HTTP
 * API only, on a fresh install (the seed catalog), on both databases:
 *   - a supplier registers and offers catalog models it typed messily ("fanuc crx 10ia/l",
 *     "UR-10e", "Kuka KR 210 R2700-2"), in EUR, used, with a price range and a lead time;
 *   - a customer finds the offer by search and through a project's matches, sees the offers'
 *     summary ("N offers from ...") in the catalog and on the robot page, asks for a quote with a
 *     project attached (its requirements travel), the supplier reads them in the inbox and quotes,
 *     the customer accepts; unread counts follow;
 *   - a request on a model nobody offers is an open request an integrator sees and answers;
 *   - multi-select facets (maker FANUC and ABB at once, condition) keep their counts right;
 *     the price filter and sort read offers where they exist;
 *   - hostile but plausible: other customers' threads, quotes on threads not one's own, paused
 *     offers, HTML in messages, past validity dates, negative quantities and prices.
 * Each expectation was decided from the issue, the spec and docs/*.md before running it. A case
 * that fails today is `it.fails` with what the user got in `observed` (delete the entry when a
 * fix makes it pass).
 */
import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCatalog } from '@cellforge/db';
import type { Config } from './env';
import { testBackends, useTestApp } from './test/create-test-app';
import { bearer, registerUser } from './test/factories';
import { startSmtpCapture, type SmtpCapture } from './test/smtp-capture';

// The machine these run on is shared (load 15-20 on 2 cores seen): PGlite's migrations alone can take a minute.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

/** Cases that fail today, by name, with what the user got. */
const observed: Partial<Record<string, string>> = {};

interface OfferSummary {
  count: number;
  price_min_usd: number | null;
  price_max_usd: number | null;
  lead_time_weeks_min: number | null;
  conditions: string[];
}
interface Robot {
  id: string;
  manufacturer: string;
  model: string;
  category: string;
  price_min_usd: number | null;
  price_max_usd: number | null;
  owner_id: string | null;
  contributed?: boolean;
  offers?: OfferSummary | null;
}
interface Facet {
  value: string;
  count: number;
}
interface RobotList {
  data: Robot[];
  total: number;
  facets: { manufacturer: Facet[]; category: Facet[]; application: Facet[]; industry: Facet[]; condition: Facet[] };
}
type User = Awaited<ReturnType<typeof registerUser>>;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);
const facetCount = (facets: Facet[], value: string) => facets.find((f) => f.value.toLowerCase() === value.toLowerCase())?.count ?? 0;
const effectivePrice = (r: Robot) => r.offers?.price_min_usd ?? r.price_min_usd;

async function search(app: Express, query: Record<string, string | number>): Promise<RobotList> {
  const res = await request(app).get('/api/robots').query({ limit: 100, ...query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as RobotList;
}

/** The catalog's model with this exact model name (a search for it). */
async function model(app: Express, name: string): Promise<Robot> {
  const res = await search(app, { q: name });
  const robot = res.data.find((r) => r.model === name);
  if (!robot) throw new Error(`${name} is not in the catalog search`);
  return robot;
}

function expectError(res: request.Response, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ code });
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(res.body.error).toBe(res.body.message);
}

function tcase(name: string, fn: () => Promise<void>) {
  (observed[name] ? it.fails : it)(name, fn);
}

describe.each(testBackends)('outsider: the marketplace loop (%s)', (backend) => {
  const overrides: Partial<Config> = {};
  let smtp: SmtpCapture | undefined;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    overrides.mail = { smtpUrl: smtp.url, from: 'CellForge <no-reply@cellforge.test>' };
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const ctx = useTestApp(backend, overrides, { seed: (db) => seedCatalog(db) });

  const supplier = (company = 'Rebuilt Robotics GmbH') => registerUser(ctx().app, { user_type: 'supplier', company_name: company });
  const customer = (company = 'Mill Works') => registerUser(ctx().app, { user_type: 'customer', company_name: company });
  const integrator = (company = 'Cell Builders') => registerUser(ctx().app, { user_type: 'integrator', company_name: company });

  async function offer(who: User, body: Record<string, unknown>) {
    const res = await request(ctx().app).post('/api/supplier/offers').set(bearer(who.token)).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { data: { id: string; robot: { id: string; model: string }; [k: string]: unknown }; model_added: boolean };
  }
  async function project(who: User, requirements: Record<string, unknown>, name = 'Palletizing cell') {
    const res = await request(ctx().app).post('/projects').set(bearer(who.token)).send({ project_name: name, requirements });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string };
  }
  async function askQuote(who: User, body: Record<string, unknown>) {
    const res = await request(ctx().app).post('/api/quote-requests').set(bearer(who.token)).send({ quantity: 1, timeline: 'asap', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { data: { id: string; requirements: Record<string, unknown> | null }; sent_to: number; message: string };
  }
  async function threads(who: User) {
    const res = await request(ctx().app).get('/api/threads').set(bearer(who.token)).expect(200);
    return res.body as { data: Array<{ id: string; latest_quote?: unknown; [k: string]: unknown }>; unread: number };
  }
  /** The mails that reached `email` within `ms` after now (polling the capture). */
  async function mailsTo(email: string, ms = 3000) {
    const end = Date.now() + ms;
    for (;;) {
      const found = (smtp?.received ?? []).filter((m) => m.rcptTo.includes(email));
      if (found.length || Date.now() > end) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  async function unread(who: User) {
    return (await request(ctx().app).get('/api/threads/unread').set(bearer(who.token)).expect(200)).body.unread as number;
  }
  /** A supplier with a used EUR offer on the CRX-10iA/L, a customer with a project, and the request between them. */
  async function loopToRequest() {
    const { app } = ctx();
    const seller = await supplier();
    const buyer = await customer();
    const crx = await model(app, 'CRX-10iA/L');
    const made = await offer(seller, { robot_id: crx.id, price_min: 24000, price_max: 27500, currency: 'EUR', condition: 'used', lead_time_weeks: 3, warranty_months: 6, quantity: 2, regions: ['DE', 'AT'], notes: 'Ex-demo cell, 900 h' });
    const proj = await project(buyer, { application: 'palletizing', payload_kg: 8, reach_mm: 1300, cycle_time_s: 12, budget_usd: 60000 });
    const sent = await askQuote(buyer, { robot_id: crx.id, project_id: proj.id, quantity: 2, timeline: '1_3_months', notes: 'Two cells, 8 kg cartons, delivery to Graz' });
    const thread = (await threads(seller)).data[0];
    if (!thread) throw new Error('no thread for the supplier');
    return { seller, buyer, crx, offerId: made.data.id, projectId: proj.id, sent, threadId: thread.id as string };
  }

  // ---------------------------------------------------------------- finding the model to offer
  const messy: Array<{ typed: string; model: string }> = [
    { typed: 'fanuc crx 10ia/l', model: 'CRX-10iA/L' },
    { typed: 'UR-10e', model: 'UR10e' },
    { typed: 'Kuka KR 210 R2700-2', model: 'KR 210 R2700-2' },
  ];
  for (const m of messy) {
    tcase(`the supplier's model search "${m.typed}" puts ${m.model} first`, async () => {
      const res = await search(ctx().app, { q: m.typed, limit: 10 });
      expect(res.data[0]?.model).toBe(m.model);
    });
  }

  const proposed: Array<{ manufacturer: string; model: string; catalog: string }> = [
    { manufacturer: 'fanuc', model: 'crx 10ia/l', catalog: 'CRX-10iA/L' },
    { manufacturer: 'UR', model: 'UR-10e', catalog: 'UR10e' },
    { manufacturer: 'Kuka', model: 'KR210 R2700-2', catalog: 'KR 210 R2700-2' },
  ];
  for (const p of proposed) {
    tcase(`a model proposed as "${p.manufacturer} ${p.model}" is the catalog's ${p.catalog}: no second robot, no new maker facet`, async () => {
      const { app } = ctx();
      const seller = await supplier();
      const before = await search(app, {});
      const catalogModel = await model(app, p.catalog);
      const made = await offer(seller, {
        new_model: { manufacturer: p.manufacturer, model: p.model, category: 'collaborative', payload_kg: 10, reach_mm: 1400, dof: 6 },
        price_min: 30000,
        currency: 'USD',
        condition: 'used',
      });
      expect(made.model_added).toBe(false);
      expect(made.data.robot.id).toBe(catalogModel.id);
      const after = await search(app, {});
      expect(after.total).toBe(before.total);
      expect(after.facets.manufacturer.map((f) => f.value).sort()).toEqual(before.facets.manufacturer.map((f) => f.value).sort());
    });
  }

  // ---------------------------------------------------------------- the offer as listed and as seen
  tcase('an offer in EUR, used, with a price range and lead time keeps every field the supplier gave', async () => {
    const { app } = ctx();
    const seller = await supplier();
    const crx = await model(app, 'CRX-10iA/L');
    const made = await offer(seller, { robot_id: crx.id, price_min: 24000, price_max: 27500, currency: 'EUR', condition: 'used', lead_time_weeks: 3, warranty_months: 6, quantity: 2, regions: ['DE', 'AT'], notes: 'Ex-demo cell, 900 h' });
    const expected = { price_min: 24000, price_max: 27500, currency: 'EUR', condition: 'used', lead_time_weeks: 3, warranty_months: 6, quantity: 2, regions: ['DE', 'AT'], notes: 'Ex-demo cell, 900 h', status: 'active' };
    expect(made.data).toMatchObject({ ...expected, robot: { id: crx.id, model: 'CRX-10iA/L' }, supplier: { name: expect.any(String) } });
    const mine = await request(app).get('/api/supplier/offers').set(bearer(seller.token)).expect(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject(expected);
  });

  tcase('the catalog card and the robot page show the offer: count, condition, shortest lead time', async () => {
    const { app } = ctx();
    const { crx } = await loopToRequest();
    const card = await model(app, 'CRX-10iA/L');
    expect(card.offers).toMatchObject({ count: 1, conditions: ['used'], lead_time_weeks_min: 3 });
    const detail = await request(app).get(`/api/robots/${crx.id}`).expect(200);
    expect(detail.body.data.offers).toMatchObject({ count: 1, conditions: ['used'], lead_time_weeks_min: 3 });
    const offers = await request(app).get(`/api/robots/${crx.id}/offers`).expect(200);
    expect(offers.body.data).toHaveLength(1);
    expect(offers.body.data[0]).toMatchObject({ price_min: 24000, price_max: 27500, currency: 'EUR', condition: 'used', supplier: { name: expect.stringMatching(/Rebuilt Robotics/) } });
  });

  tcase('a model offered only in EUR shows its lowest price on the card ("1 offer from €24,000")', async () => {
    const { app } = ctx();
    await loopToRequest();
    const card = await model(app, 'CRX-10iA/L');
    // Whatever the shape, the card's summary must carry the 24,000 and say it is EUR.
    const summary = JSON.stringify(card.offers);
    expect(summary).toContain('24000');
    expect(summary).toContain('EUR');
  });

  tcase('three offers from two suppliers: "3 offers from $42,000", cheapest first on the robot page', async () => {
    const { app } = ctx();
    const a = await supplier('Alpha Automation');
    const b = await supplier('Beta Robotics');
    const ur = await model(app, 'UR10e');
    await offer(a, { robot_id: ur.id, price_min: 45000, price_max: 47000, currency: 'USD', condition: 'new', lead_time_weeks: 8 });
    await offer(a, { robot_id: ur.id, price_min: 42000, currency: 'USD', condition: 'refurbished', lead_time_weeks: 2 });
    await offer(b, { robot_id: ur.id, price_min: 39000, currency: 'EUR', condition: 'used', lead_time_weeks: 1 });
    const card = await model(app, 'UR10e');
    expect(card.offers).toMatchObject({ count: 3, price_min_usd: 42000, lead_time_weeks_min: 1 });
    expect([...(card.offers?.conditions ?? [])].sort()).toEqual(['new', 'refurbished', 'used']);
    const list = await request(app).get(`/api/robots/${ur.id}/offers`).expect(200);
    const usd = (list.body.data as Array<{ price_min: number; currency: string }>).filter((o) => o.currency === 'USD').map((o) => o.price_min);
    expect(usd).toEqual([42000, 45000]);
  });

  tcase("the customer finds the offered model through a project's matches, with its offer, once", async () => {
    const { app } = ctx();
    const { buyer, projectId, crx } = await loopToRequest();
    const matches = await request(app).get(`/projects/${projectId}/matches`).set(bearer(buyer.token)).expect(200);
    const rows = (matches.body.data as Array<{ robot_id: string; model: string; offers: OfferSummary | null; listed_by_supplier: boolean }>).filter((m) => m.model === 'CRX-10iA/L');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ robot_id: crx.id, offers: { count: 1, conditions: ['used'] } });
  });

  tcase("a project's matches rank the offered model above its unoffered twin of the same fit", async () => {
    const { app } = ctx();
    const seller = await supplier();
    const buyer = await customer();
    const crx = await model(app, 'CRX-10iA/L');
    await offer(seller, { robot_id: crx.id, price_min: 30000, currency: 'USD', condition: 'used' });
    const proj = await project(buyer, { application: 'palletizing', payload_kg: 8, reach_mm: 1300 });
    const matches = await request(app).get(`/projects/${proj.id}/matches`).set(bearer(buyer.token)).expect(200);
    const rows = matches.body.data as Array<{ model: string; offers: OfferSummary | null }>;
    const offered = rows.findIndex((m) => m.model === 'CRX-10iA/L');
    expect(offered).toBeGreaterThanOrEqual(0);
    // "no supplier lists it yet" must not push the sellable robot down: it is within the first five.
    expect(offered).toBeLessThan(5);
  });

  // ---------------------------------------------------------------- request, inbox, quote, accept
  tcase("the request reaches the supplier's inbox with quantity, timeline, notes and the project's requirements", async () => {
    const { seller, crx, sent } = await loopToRequest();
    expect(sent.sent_to).toBe(1);
    expect(sent.data.requirements).toMatchObject({ application: 'palletizing', payload_kg: 8, reach_mm: 1300, cycle_time_s: 12, budget_usd: 60000 });
    const inbox = await threads(seller);
    expect(inbox.data).toHaveLength(1);
    expect(inbox.data[0]).toMatchObject({
      role: 'seller',
      kind: 'quote_request',
      status: 'new',
      robot: { id: crx.id, model: 'CRX-10iA/L' },
      quote_request: { quantity: 2, timeline: '1_3_months', requirements: { application: 'palletizing', payload_kg: 8, reach_mm: 1300, cycle_time_s: 12, budget_usd: 60000 } },
      counterpart: { company_name: 'Mill Works' },
      unread: true,
    });
    const detail = await request(ctx().app).get(`/api/threads/${inbox.data[0]?.id}`).set(bearer(seller.token)).expect(200);
    expect(JSON.stringify(detail.body.data.messages)).toContain('Two cells, 8 kg cartons, delivery to Graz');
  });

  tcase('the supplier quotes in EUR, the customer sees the quote and accepts; both see accepted', async () => {
    const { app } = ctx();
    const { seller, buyer, threadId } = await loopToRequest();
    const quoted = await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(seller.token)).send({ price: 51000, currency: 'EUR', valid_until: inDays(14), notes: 'Both units, incl. transport' });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
    expect(quoted.body.data.status).toBe('quoted');
    const mine = await threads(buyer);
    expect(mine.data[0]).toMatchObject({ role: 'buyer', status: 'quoted', latest_quote: { price: 51000, currency: 'EUR', valid_until: inDays(14), expired: false } });
    const accepted = await request(app).post(`/api/threads/${threadId}/accept`).set(bearer(buyer.token)).expect(200);
    expect(accepted.body.data.status).toBe('accepted');
    const sellerSide = await request(app).get(`/api/threads/${threadId}`).set(bearer(seller.token)).expect(200);
    expect(sellerSide.body.data.status).toBe('accepted');
    expect(sellerSide.body.data.can.quote).toBe(false);
  });

  tcase('unread counts follow the loop on both sides', async () => {
    const { app } = ctx();
    const { seller, buyer, threadId } = await loopToRequest();
    expect(await unread(seller)).toBe(1);
    expect(await unread(buyer)).toBe(0);
    await request(app).get(`/api/threads/${threadId}`).set(bearer(seller.token)).expect(200);
    expect(await unread(seller)).toBe(0);
    await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(seller.token)).send({ price: 51000, currency: 'EUR', valid_until: inDays(14) }).expect(201);
    expect(await unread(buyer)).toBe(1);
    expect(await unread(seller)).toBe(0);
    expect((await threads(buyer)).unread).toBe(1);
    await request(app).get(`/api/threads/${threadId}`).set(bearer(buyer.token)).expect(200);
    expect(await unread(buyer)).toBe(0);
    await request(app).post(`/api/threads/${threadId}/accept`).set(bearer(buyer.token)).expect(200);
    expect(await unread(seller)).toBe(1);
  });

  tcase("the customer's own list of requests shows the request with its conversation", async () => {
    const { app } = ctx();
    const { buyer, sent } = await loopToRequest();
    const mine = await request(app).get('/api/quote-requests').set(bearer(buyer.token)).expect(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ id: sent.data.id, quantity: 2, timeline: '1_3_months', conversations: 1, robot: { model: 'CRX-10iA/L' }, project: { project_name: 'Palletizing cell' } });
  });

  tcase('a request to the suppliers of a model is not an open request: integrators do not see it', async () => {
    const { app } = ctx();
    const { sent } = await loopToRequest();
    const cell = await integrator();
    const open = await request(app).get('/api/quote-requests/open').set(bearer(cell.token)).expect(200);
    expect(open.body.data.map((r: { id: string }) => r.id)).not.toContain(sent.data.id);
  });

  tcase('a request for one offer (offer_id) goes to that supplier only', async () => {
    const { app } = ctx();
    const a = await supplier('Alpha Automation');
    const b = await supplier('Beta Robotics');
    const buyer = await customer();
    const ur = await model(app, 'UR10e');
    const oa = await offer(a, { robot_id: ur.id, price_min: 45000, currency: 'USD', condition: 'new' });
    await offer(b, { robot_id: ur.id, price_min: 41000, currency: 'USD', condition: 'new' });
    const sent = await askQuote(buyer, { robot_id: ur.id, offer_id: oa.data.id });
    expect(sent.sent_to).toBe(1);
    expect((await threads(a)).data).toHaveLength(1);
    expect((await threads(b)).data).toHaveLength(0);
  });

  tcase('a request on a model two suppliers offer reaches both, and neither reads the other\'s thread', async () => {
    const { app } = ctx();
    const a = await supplier('Alpha Automation');
    const b = await supplier('Beta Robotics');
    const buyer = await customer();
    const ur = await model(app, 'UR10e');
    await offer(a, { robot_id: ur.id, price_min: 45000, currency: 'USD', condition: 'new' });
    await offer(b, { robot_id: ur.id, price_min: 41000, currency: 'USD', condition: 'used' });
    const sent = await askQuote(buyer, { robot_id: ur.id });
    expect(sent.sent_to).toBe(2);
    const ta = (await threads(a)).data[0];
    const tb = (await threads(b)).data[0];
    expect(ta?.id).toBeDefined();
    expect(tb?.id).toBeDefined();
    expect(ta?.id).not.toBe(tb?.id);
    expectError(await request(app).get(`/api/threads/${ta?.id}`).set(bearer(b.token)), 404, 'NOT_FOUND');
    expect((await threads(buyer)).data).toHaveLength(2);
  });

  // ---------------------------------------------------------------- open requests
  tcase('a request on a model nobody offers is open: an integrator sees it (no contact details), answers with a quote, the customer accepts', async () => {
    const { app } = ctx();
    const buyer = await customer('Quiet Foods');
    const cell = await integrator('Cell Builders');
    const rs = await model(app, 'RS007N');
    const proj = await project(buyer, { application: 'assembly', payload_kg: 3, reach_mm: 600 }, 'Kitting');
    const sent = await askQuote(buyer, { robot_id: rs.id, project_id: proj.id, quantity: 3, timeline: '3_6_months', notes: 'Three kitting stations' });
    expect(sent.sent_to).toBe(0);
    const open = await request(app).get('/api/quote-requests/open').set(bearer(cell.token)).expect(200);
    const req = (open.body.data as Array<{ id: string; [k: string]: unknown }>).find((r) => r.id === sent.data.id);
    expect(req).toMatchObject({ quantity: 3, robot: { model: 'RS007N' }, customer: { company_name: 'Quiet Foods' }, requirements: { payload_kg: 3, reach_mm: 600 } });
    expect(JSON.stringify(req)).not.toContain(buyer.user.email);
    const answered = await request(app)
      .post(`/api/quote-requests/${sent.data.id}/answers`)
      .set(bearer(cell.token))
      .send({ message: 'We can supply and integrate three RS007N in 10 weeks.', quote: { price: 105000, currency: 'EUR', valid_until: inDays(30) } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    const mine = await threads(buyer);
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ role: 'buyer', counterpart: { company_name: 'Cell Builders' }, latest_quote: { price: 105000, currency: 'EUR' } });
    expect(await unread(buyer)).toBe(1);
    await request(app).post(`/api/threads/${mine.data[0]?.id}/accept`).set(bearer(buyer.token)).expect(200);
    const cellSide = await request(app).get(`/api/threads/${mine.data[0]?.id}`).set(bearer(cell.token)).expect(200);
    expect(cellSide.body.data.status).toBe('accepted');
  });

  tcase('a supplier also sees the open request and may answer it; answering twice continues one conversation', async () => {
    const { app } = ctx();
    const buyer = await customer();
    const seller = await supplier();
    const gp = await model(app, 'GP25');
    const sent = await askQuote(buyer, { robot_id: gp.id });
    const open = await request(app).get('/api/quote-requests/open').set(bearer(seller.token)).expect(200);
    expect(open.body.data.map((r: { id: string }) => r.id)).toContain(sent.data.id);
    await request(app).post(`/api/quote-requests/${sent.data.id}/answers`).set(bearer(seller.token)).send({ message: 'We have a used GP25 in stock.' }).expect(201);
    await request(app).post(`/api/quote-requests/${sent.data.id}/answers`).set(bearer(seller.token)).send({ message: 'It also comes with a YRC1000 controller.' }).expect(201);
    const mine = await threads(buyer);
    expect(mine.data).toHaveLength(1);
  });

  // ---------------------------------------------------------------- facets and price
  /** Offers in each condition on four models of three makers. */
  async function offersInEveryCondition() {
    const { app } = ctx();
    const a = await supplier('Alpha Automation');
    const b = await supplier('Beta Robotics');
    const ids = {
      crx: (await model(app, 'CRX-10iA/L')).id,
      ur: (await model(app, 'UR10e')).id,
      kr: (await model(app, 'KR 210 R2700-2')).id,
      irb: (await model(app, 'IRB 6700-200/2.60')).id,
    };
    await offer(a, { robot_id: ids.crx, price_min: 24000, currency: 'EUR', condition: 'used' });
    await offer(a, { robot_id: ids.ur, price_min: 31000, price_max: 33000, currency: 'USD', condition: 'new' });
    await offer(b, { robot_id: ids.kr, price_min: 60000, currency: 'USD', condition: 'refurbished' });
    await offer(b, { robot_id: ids.irb, price_min: 70000, currency: 'USD', condition: 'used' });
    return { a, b, ids };
  }

  tcase('maker FANUC and ABB at once: results are both makers, the total is the sum of their facet counts, the other makers keep their counts', async () => {
    const { app } = ctx();
    const all = await search(app, {});
    const fanuc = facetCount(all.facets.manufacturer, 'FANUC');
    const abb = facetCount(all.facets.manufacturer, 'ABB');
    const kuka = facetCount(all.facets.manufacturer, 'KUKA');
    expect(fanuc).toBeGreaterThan(0);
    expect(abb).toBeGreaterThan(0);
    const both = await search(app, { manufacturer: 'FANUC,ABB' });
    expect(both.total).toBe(fanuc + abb);
    expect(new Set(both.data.map((r) => r.manufacturer))).toEqual(new Set(['FANUC', 'ABB']));
    expect(facetCount(both.facets.manufacturer, 'FANUC')).toBe(fanuc);
    expect(facetCount(both.facets.manufacturer, 'ABB')).toBe(abb);
    expect(facetCount(both.facets.manufacturer, 'KUKA')).toBe(kuka);
    // The other facets count the selection: the categories add up to the total.
    expect(both.facets.category.reduce((s, f) => s + f.count, 0)).toBe(both.total);
  });

  tcase('maker FANUC and ABB with a category: each maker facet counts that maker within the category', async () => {
    const { app } = ctx();
    const fanucCobots = (await search(app, { manufacturer: 'FANUC', category: 'collaborative' })).total;
    const abbCobots = (await search(app, { manufacturer: 'ABB', category: 'collaborative' })).total;
    const both = await search(app, { manufacturer: 'FANUC,ABB', category: 'collaborative' });
    expect(both.total).toBe(fanucCobots + abbCobots);
    expect(facetCount(both.facets.manufacturer, 'FANUC')).toBe(fanucCobots);
    expect(facetCount(both.facets.manufacturer, 'ABB')).toBe(abbCobots);
    expect(both.data.every((r) => r.category === 'collaborative')).toBe(true);
  });

  tcase('condition facet: counts per condition, and they stay when one condition is chosen', async () => {
    const { app } = ctx();
    await offersInEveryCondition();
    const all = await search(app, {});
    expect(facetCount(all.facets.condition, 'new')).toBe(1);
    expect(facetCount(all.facets.condition, 'used')).toBe(2);
    expect(facetCount(all.facets.condition, 'refurbished')).toBe(1);
    const used = await search(app, { condition: 'used' });
    expect(used.data.map((r) => r.model).sort()).toEqual(['CRX-10iA/L', 'IRB 6700-200/2.60']);
    expect(facetCount(used.facets.condition, 'new')).toBe(1);
    expect(facetCount(used.facets.condition, 'refurbished')).toBe(1);
    expect(facetCount(used.facets.manufacturer, 'FANUC')).toBe(1);
    expect(facetCount(used.facets.manufacturer, 'ABB')).toBe(1);
    expect(facetCount(used.facets.manufacturer, 'KUKA')).toBe(0);
  });

  tcase('condition new and used at once, with makers FANUC and ABB: the counts agree with the results', async () => {
    const { app } = ctx();
    await offersInEveryCondition();
    const two = await search(app, { condition: 'new,used' });
    expect(two.data.map((r) => r.model).sort()).toEqual(['CRX-10iA/L', 'IRB 6700-200/2.60', 'UR10e']);
    const mixed = await search(app, { condition: 'used,refurbished', manufacturer: 'FANUC,ABB' });
    expect(mixed.data.map((r) => r.model).sort()).toEqual(['CRX-10iA/L', 'IRB 6700-200/2.60']);
    expect(mixed.total).toBe(2);
    // The condition facet is counted with the makers applied: the KUKA's refurbished offer is not in it.
    expect(facetCount(mixed.facets.condition, 'used')).toBe(2);
    expect(facetCount(mixed.facets.condition, 'refurbished')).toBe(0);
  });

  tcase('a paused offer is not shown: no summary, not on the robot page, not in the condition facet or filter', async () => {
    const { app } = ctx();
    const seller = await supplier();
    const kr = await model(app, 'KR 210 R2700-2');
    const made = await offer(seller, { robot_id: kr.id, price_min: 60000, currency: 'USD', condition: 'refurbished', lead_time_weeks: 4 });
    await request(app).patch(`/api/supplier/offers/${made.data.id}/status`).set(bearer(seller.token)).send({ status: 'paused' }).expect(200);
    expect((await model(app, 'KR 210 R2700-2')).offers ?? null).toBeNull();
    expect((await request(app).get(`/api/robots/${kr.id}`).expect(200)).body.data.offers ?? null).toBeNull();
    expect((await request(app).get(`/api/robots/${kr.id}/offers`).expect(200)).body.data).toEqual([]);
    const all = await search(app, {});
    expect(facetCount(all.facets.condition, 'refurbished')).toBe(0);
    expect((await search(app, { condition: 'refurbished' })).total).toBe(0);
    // And a request for that paused offer is refused like an unknown offer.
    const buyer = await customer();
    const res = await request(app).post('/api/quote-requests').set(bearer(buyer.token)).send({ robot_id: kr.id, offer_id: made.data.id, quantity: 1, timeline: 'asap' });
    expectError(res, 404, 'NOT_FOUND');
  });

  tcase('the price filter reads the USD offer where there is one: the UR10e offered at $31,000 is under $35,000, not in $40,000-60,000', async () => {
    const { app } = ctx();
    await offersInEveryCondition();
    const cheap = await search(app, { category: 'collaborative', maxPrice: 35000 });
    expect(cheap.data.map((r) => r.model)).toContain('UR10e');
    expect(cheap.data.every((r) => (effectivePrice(r) ?? Infinity) <= 35000)).toBe(true);
    const band = await search(app, { category: 'collaborative', minPrice: 40000, maxPrice: 60000 });
    expect(band.data.map((r) => r.model)).not.toContain('UR10e');
  });

  tcase('the price sort reads offers where they exist: cheapest first by the price the card shows', async () => {
    const { app } = ctx();
    await offersInEveryCondition();
    const sorted = await search(app, { category: 'collaborative', sort: 'price' });
    const prices = sorted.data.map(effectivePrice).filter((p): p is number => p !== null);
    expect(prices.length).toBeGreaterThan(5);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const ur = sorted.data.findIndex((r) => r.model === 'UR10e');
    const firstListedAbove = sorted.data.findIndex((r) => r.offers == null && (r.price_min_usd ?? 0) > 31000);
    expect(ur).toBeLessThan(firstListedAbove);
  });

  // ---------------------------------------------------------------- hostile but plausible
  tcase("another customer cannot read, write in, accept or decline a customer's thread (404 like an unknown id)", async () => {
    const { app } = ctx();
    const { seller, threadId } = await loopToRequest();
    await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(seller.token)).send({ price: 51000, currency: 'EUR', valid_until: inDays(14) }).expect(201);
    const nosy = await customer('Nosy Neighbours');
    expectError(await request(app).get(`/api/threads/${threadId}`).set(bearer(nosy.token)), 404, 'NOT_FOUND');
    expectError(await request(app).post(`/api/threads/${threadId}/messages`).set(bearer(nosy.token)).send({ body: 'Is it still available?' }), 404, 'NOT_FOUND');
    expectError(await request(app).post(`/api/threads/${threadId}/accept`).set(bearer(nosy.token)), 404, 'NOT_FOUND');
    expectError(await request(app).post(`/api/threads/${threadId}/decline`).set(bearer(nosy.token)), 404, 'NOT_FOUND');
    expectError(await request(app).post(`/api/threads/${threadId}/close`).set(bearer(nosy.token)), 404, 'NOT_FOUND');
    expect((await threads(nosy)).data).toHaveLength(0);
    expect((await request(app).get('/api/quote-requests').set(bearer(nosy.token)).expect(200)).body.data).toHaveLength(0);
  });

  tcase('a supplier cannot quote on, or write in, a thread that is not theirs', async () => {
    const { app } = ctx();
    const { threadId } = await loopToRequest();
    const rival = await supplier('Rival Robots');
    expectError(await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(rival.token)).send({ price: 1, currency: 'EUR', valid_until: inDays(3) }), 404, 'NOT_FOUND');
    expectError(await request(app).post(`/api/threads/${threadId}/messages`).set(bearer(rival.token)).send({ body: 'We are cheaper!' }), 404, 'NOT_FOUND');
  });

  tcase('the buyer cannot quote in their own thread, and the seller cannot accept their own quote (403)', async () => {
    const { app } = ctx();
    const { seller, buyer, threadId } = await loopToRequest();
    expectError(await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(buyer.token)).send({ price: 1000, currency: 'EUR', valid_until: inDays(3) }), 403, 'FORBIDDEN');
    await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(seller.token)).send({ price: 51000, currency: 'EUR', valid_until: inDays(14) }).expect(201);
    expectError(await request(app).post(`/api/threads/${threadId}/accept`).set(bearer(seller.token)), 403, 'FORBIDDEN');
  });

  tcase("a customer cannot attach another customer's project (its requirements stay private)", async () => {
    const { app } = ctx();
    const owner = await customer('Owner Co');
    const other = await customer('Other Co');
    const secret = await project(owner, { payload_kg: 7.7, reach_mm: 777, budget_usd: 77777 }, 'Secret line');
    const gp = await model(app, 'GP25');
    const res = await request(app).post('/api/quote-requests').set(bearer(other.token)).send({ robot_id: gp.id, project_id: secret.id, quantity: 1, timeline: 'asap' });
    expectError(res, 404, 'NOT_FOUND');
  });

  tcase('roles: a customer cannot offer, a supplier cannot ask for quotes, a customer cannot list open requests, no token is 401', async () => {
    const { app } = ctx();
    const buyer = await customer();
    const seller = await supplier();
    const ur = await model(app, 'UR10e');
    expectError(await request(app).post('/api/supplier/offers').set(bearer(buyer.token)).send({ robot_id: ur.id, price_min: 1 }), 403, 'FORBIDDEN');
    expectError(await request(app).post('/api/quote-requests').set(bearer(seller.token)).send({ robot_id: ur.id, quantity: 1, timeline: 'asap' }), 403, 'FORBIDDEN');
    expectError(await request(app).get('/api/quote-requests/open').set(bearer(buyer.token)), 403, 'FORBIDDEN');
    expectError(await request(app).post('/api/quote-requests').send({ robot_id: ur.id, quantity: 1, timeline: 'asap' }), 401, 'UNAUTHENTICATED');
    expectError(await request(app).get('/api/threads'), 401, 'UNAUTHENTICATED');
  });

  tcase('HTML in a message is kept as the text typed, and the e-mail about it shows it as text', async () => {
    const { app } = ctx();
    const { buyer, seller, threadId } = await loopToRequest();
    const typed = '<script>alert("x")</script><b>Need it by Friday</b> & <img src=x onerror=alert(1)>';
    smtp?.clear();
    const sent = await request(app).post(`/api/threads/${threadId}/messages`).set(bearer(buyer.token)).send({ body: typed });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const detail = await request(app).get(`/api/threads/${threadId}`).set(bearer(seller.token)).expect(200);
    const bodies = (detail.body.data.messages as Array<{ body: string }>).map((m) => m.body);
    expect(bodies).toContain(typed);
    // Give the message's mail time to arrive after the request's.
    await new Promise((r) => setTimeout(r, 1500));
    const toSeller = await mailsTo(seller.user.email);
    expect(toSeller.length).toBeGreaterThan(0);
    for (const m of toSeller) {
      const html = String(m.mail.html || '');
      expect(html).not.toMatch(/<script|<img src=x|<b>Need/i);
    }
  });

  tcase('a quote valid until yesterday is refused with a 400 naming valid_until; today is accepted', async () => {
    const { app } = ctx();
    const { seller, threadId } = await loopToRequest();
    const past = await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(seller.token)).send({ price: 51000, currency: 'EUR', valid_until: inDays(-1) });
    expectError(past, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(past.body.details ?? past.body.message)).toContain('valid_until');
    const sameDay = await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(seller.token)).send({ price: 51000, currency: 'EUR', valid_until: today() });
    expect(sameDay.status, JSON.stringify(sameDay.body)).toBe(201);
  });

  tcase('a quote with an impossible date (2027-02-30) or a written-out date is a 400, not stored', async () => {
    const { app } = ctx();
    const { seller, buyer, threadId } = await loopToRequest();
    for (const valid_until of ['2027-02-30', '30/12/2027', 'next Friday']) {
      expectError(await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(seller.token)).send({ price: 51000, currency: 'EUR', valid_until }), 400, 'VALIDATION_FAILED');
    }
    expect((await threads(buyer)).data[0]?.latest_quote).toBeNull();
  });

  const badQuantities: Array<{ quantity: unknown; label: string }> = [
    { quantity: -2, label: 'negative' },
    { quantity: 0, label: 'zero' },
    { quantity: 2.5, label: 'a fraction' },
    { quantity: '3', label: 'a string' },
    { quantity: 10_001, label: 'over 10,000' },
  ];
  for (const q of badQuantities) {
    tcase(`a request for ${q.label} robots (${JSON.stringify(q.quantity)}) is a clear 400 naming quantity, nothing sent`, async () => {
      const { app } = ctx();
      const seller = await supplier();
      const buyer = await customer();
      const ur = await model(app, 'UR10e');
      await offer(seller, { robot_id: ur.id, price_min: 45000, currency: 'USD' });
      const res = await request(app).post('/api/quote-requests').set(bearer(buyer.token)).send({ robot_id: ur.id, quantity: q.quantity, timeline: 'asap' });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(Object.keys(res.body.details ?? {})).toContain('quantity');
      expect(res.body.message).toMatch(/quantity|robot/i);
      expect((await threads(seller)).data).toHaveLength(0);
    });
  }

  tcase('offers with a negative price, a reversed range, a negative lead time or an unknown currency are 400 naming the field', async () => {
    const { app } = ctx();
    const seller = await supplier();
    const ur = await model(app, 'UR10e');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ price_min: -100 }, 'price_min'],
      [{ price_min: 50000, price_max: 40000 }, 'price_min'],
      [{ price_min: 40000, lead_time_weeks: -3 }, 'lead_time_weeks'],
      [{ price_min: 40000, currency: 'BTC' }, 'currency'],
      [{ price_min: 40000, condition: 'like new' }, 'condition'],
    ];
    for (const [body, field] of cases) {
      const res = await request(app).post('/api/supplier/offers').set(bearer(seller.token)).send({ robot_id: ur.id, ...body });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(Object.keys(res.body.details ?? {})).toContain(field);
    }
    expect((await request(app).get('/api/supplier/offers').set(bearer(seller.token)).expect(200)).body.data).toEqual([]);
  });

  tcase('a quote with a negative or fractional price is refused (400), the thread stays unquoted', async () => {
    const { app } = ctx();
    const { seller, threadId } = await loopToRequest();
    for (const price of [-51000, 0, 51000.5]) {
      const res = await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(seller.token)).send({ price, currency: 'EUR', valid_until: inDays(5) });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(Object.keys(res.body.details ?? {})).toContain('price');
    }
    const t = await request(app).get(`/api/threads/${threadId}`).set(bearer(seller.token)).expect(200);
    expect(t.body.data.latest_quote).toBeNull();
    expect(t.body.data.status).not.toBe('quoted');
  });

  tcase('a second offer on the same model in the same condition is a 409; another condition is a second offer', async () => {
    const { app } = ctx();
    const seller = await supplier();
    const ur = await model(app, 'UR10e');
    await offer(seller, { robot_id: ur.id, price_min: 45000, condition: 'new' });
    expectError(await request(app).post('/api/supplier/offers').set(bearer(seller.token)).send({ robot_id: ur.id, price_min: 44000, condition: 'new' }), 409, 'CONFLICT');
    // The same model typed differently is still the same model.
    expectError(
      await request(app).post('/api/supplier/offers').set(bearer(seller.token)).send({ new_model: { manufacturer: 'universal robots', model: 'ur 10 e', category: 'collaborative', payload_kg: 12.5, reach_mm: 1300, dof: 6 }, price_min: 44000, condition: 'new' }),
      409,
      'CONFLICT',
    );
    await offer(seller, { robot_id: ur.id, price_min: 30000, condition: 'used' });
    expect((await model(app, 'UR10e')).offers?.count).toBe(2);
  });

  tcase('a second request for the same model and project while the first waits is a 409 pointing to it', async () => {
    const { app } = ctx();
    const { buyer, crx, projectId } = await loopToRequest();
    const again = await request(app).post('/api/quote-requests').set(bearer(buyer.token)).send({ robot_id: crx.id, project_id: projectId, quantity: 2, timeline: '1_3_months' });
    expectError(again, 409, 'CONFLICT');
    expect(again.body.message).toMatch(/already/i);
  });

  tcase('after the customer closes a thread, neither side can write in it (409)', async () => {
    const { app } = ctx();
    const { seller, buyer, threadId } = await loopToRequest();
    await request(app).post(`/api/threads/${threadId}/close`).set(bearer(buyer.token)).expect(200);
    expectError(await request(app).post(`/api/threads/${threadId}/messages`).set(bearer(seller.token)).send({ body: 'One more thing' }), 409, 'CONFLICT');
    expectError(await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(seller.token)).send({ price: 1000, currency: 'EUR', valid_until: inDays(3) }), 409, 'CONFLICT');
  });

  tcase('accepting with no quote waiting is a 409, not a silent accept', async () => {
    const { app } = ctx();
    const { buyer, threadId } = await loopToRequest();
    expectError(await request(app).post(`/api/threads/${threadId}/accept`).set(bearer(buyer.token)), 409, 'CONFLICT');
    const t = await request(app).get(`/api/threads/${threadId}`).set(bearer(buyer.token)).expect(200);
    expect(t.body.data.status).not.toBe('accepted');
  });

  tcase('a message of blank spaces or over 5,000 characters is a 400 naming body', async () => {
    const { app } = ctx();
    const { buyer, threadId } = await loopToRequest();
    for (const body of ['   ', 'x'.repeat(5001)]) {
      const res = await request(app).post(`/api/threads/${threadId}/messages`).set(bearer(buyer.token)).send({ body });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(Object.keys(res.body.details ?? {})).toContain('body');
    }
  });

  tcase('a thread id that is not a uuid, or is unknown, is a 404 (never a 500)', async () => {
    const { app } = ctx();
    const buyer = await customer();
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' OR '1'='1"]) {
      expectError(await request(app).get(`/api/threads/${encodeURIComponent(id)}`).set(bearer(buyer.token)), 404, 'NOT_FOUND');
    }
  });

  tcase("another supplier cannot change, pause or delete a supplier's offer (404 like an unknown offer)", async () => {
    const { app } = ctx();
    const owner = await supplier('Owner Robotics');
    const rival = await supplier('Rival Robots');
    const ur = await model(app, 'UR10e');
    const made = await offer(owner, { robot_id: ur.id, price_min: 45000 });
    expectError(await request(app).put(`/api/supplier/offers/${made.data.id}`).set(bearer(rival.token)).send({ price_min: 1 }), 404, 'NOT_FOUND');
    expectError(await request(app).patch(`/api/supplier/offers/${made.data.id}/status`).set(bearer(rival.token)).send({ status: 'paused' }), 404, 'NOT_FOUND');
    expectError(await request(app).delete(`/api/supplier/offers/${made.data.id}`).set(bearer(rival.token)), 404, 'NOT_FOUND');
    expect((await model(app, 'UR10e')).offers).toMatchObject({ count: 1, price_min_usd: 45000 });
  });

  tcase('an integrator cannot answer a request addressed to the suppliers of a model', async () => {
    const { app } = ctx();
    const { sent } = await loopToRequest();
    const cell = await integrator();
    const res = await request(app).post(`/api/quote-requests/${sent.data.id}/answers`).set(bearer(cell.token)).send({ message: 'We could integrate this for you.' });
    expect([403, 404, 409]).toContain(res.status);
    expect(res.body.code).toBeDefined();
  });

  tcase('a customer closes an open request: integrators no longer see it, and answering it is a 409', async () => {
    const { app } = ctx();
    const buyer = await customer();
    const cell = await integrator();
    const rs = await model(app, 'RS007N');
    const sent = await askQuote(buyer, { robot_id: rs.id });
    await request(app).post(`/api/quote-requests/${sent.data.id}/close`).set(bearer(buyer.token)).expect(200);
    const open = await request(app).get('/api/quote-requests/open').set(bearer(cell.token)).expect(200);
    expect(open.body.data.map((r: { id: string }) => r.id)).not.toContain(sent.data.id);
    const late = await request(app).post(`/api/quote-requests/${sent.data.id}/answers`).set(bearer(cell.token)).send({ message: 'Still interested in quoting this one.' });
    expectError(late, 409, 'CONFLICT');
  });

  tcase('the 21st request within the hour is a 429 RATE_LIMITED; the 20 before it went out', async () => {
    const { app } = ctx();
    const buyer = await customer();
    const ids = (await search(app, { limit: 21, sort: 'payload' })).data.map((r) => r.id);
    expect(ids).toHaveLength(21);
    for (const id of ids.slice(0, 20)) await askQuote(buyer, { robot_id: id });
    const res = await request(app).post('/api/quote-requests').set(bearer(buyer.token)).send({ robot_id: ids[20], quantity: 1, timeline: 'asap' });
    expectError(res, 429, 'RATE_LIMITED');
    expect((await request(app).get('/api/quote-requests').set(bearer(buyer.token)).expect(200)).body.data).toHaveLength(20);
  });

  tcase('a supplier who deletes the offer keeps the conversation: both sides still read it', async () => {
    const { app } = ctx();
    const { seller, buyer, offerId, threadId } = await loopToRequest();
    await request(app).delete(`/api/supplier/offers/${offerId}`).set(bearer(seller.token)).expect(204);
    const b = await request(app).get(`/api/threads/${threadId}`).set(bearer(buyer.token)).expect(200);
    const s = await request(app).get(`/api/threads/${threadId}`).set(bearer(seller.token)).expect(200);
    expect(b.body.data.robot?.model).toBe('CRX-10iA/L');
    expect(s.body.data.messages.length).toBeGreaterThan(0);
  });

  tcase('declined, then quoted again: the customer accepts the new price', async () => {
    const { app } = ctx();
    const { seller, buyer, threadId } = await loopToRequest();
    await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(seller.token)).send({ price: 51000, currency: 'EUR', valid_until: inDays(14) }).expect(201);
    expect((await request(app).post(`/api/threads/${threadId}/decline`).set(bearer(buyer.token)).expect(200)).body.data.status).toBe('declined');
    await request(app).post(`/api/threads/${threadId}/quotes`).set(bearer(seller.token)).send({ price: 47500, currency: 'EUR', valid_until: inDays(14), notes: 'Best price' }).expect(201);
    const accepted = await request(app).post(`/api/threads/${threadId}/accept`).set(bearer(buyer.token)).expect(200);
    expect(accepted.body.data).toMatchObject({ status: 'accepted', latest_quote: { price: 47500 } });
  });

  tcase('the supplier is told by e-mail about a new request, with a link back', async () => {
    const { seller } = await loopToRequest();
    const toSeller = (await mailsTo(seller.user.email, 10_000))[0];
    expect(toSeller).toBeDefined();
    expect(String(toSeller?.mail.text)).toMatch(/https?:\/\/\S+/);
    expect(String(toSeller?.mail.text)).toMatch(/CRX-10iA\/L/);
  });
});
