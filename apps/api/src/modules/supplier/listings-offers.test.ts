import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import {
  bulkImportResponseSchema,
  bulkParseResponseSchema,
  errorBodySchema,
  offerListResponseSchema,
  quoteRequestCreatedSchema,
  robotListResponseSchema,
  robotSchema,
  threadListSchema,
} from '@cellforge/contracts';
import { offers, robots, seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined, nth } from '../../test/defined';
import { csvBuffer } from '../bulk-upload/test-fixtures';

/** What an existing client of the old listing routes sends: the listing shape, spelled the supplier's way. */
const messyCrx = {
  manufacturer: 'Fanuc',
  model: 'crx 25 ia',
  category: 'collaborative',
  payload_kg: 24,
  reach_mm: 1900,
  dof: 6,
  repeatability_mm: '',
  weight_kg: '',
  price_min_usd: 42000,
  price_max_usd: 46000,
  applications: ['Palletising'],
  industries: [],
  description: 'Two units in stock in Rotterdam, with the palletizing kit.',
  datasheet_source: 'our sheet',
};

const newModel = {
  manufacturer: 'Brightway Robotics',
  model: 'BW-7 Scara',
  category: 'scara',
  payload_kg: 7,
  reach_mm: 600,
  dof: 4,
  repeatability_mm: 0.02,
  weight_kg: '',
  price_min_usd: 18000,
  price_max_usd: '',
  applications: ['assembly'],
  industries: ['electronics'],
  description: 'Four-axis SCARA for small-part assembly.',
  datasheet_source: 'Brightway BW-7 datasheet',
};

describe.each(testBackends)('the old listing routes make offers on catalog models on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });
  const app = () => ctx().app;

  const crxRows = async () => (await ctx().handle.db.select().from(robots)).filter((r) => r.normalizedKey === 'fanuc|crx25ia');

  async function requestQuote(token: string, robotId: string) {
    return quoteRequestCreatedSchema.parse(
      (await request(app()).post('/api/quote-requests').set(bearer(token)).send({ robot_id: robotId, quantity: 2, timeline: '1_3_months', notes: 'For a palletizing cell.' }).expect(201))
        .body,
    );
  }

  it('a listing "Fanuc crx 25 ia" becomes an offer on the FANUC CRX-25iA; the model page shows it and a buyer’s request for a price reaches the supplier', async () => {
    const [catalogCrx] = await crxRows();
    const supplier = await registerUser(app(), { user_type: 'supplier', company_name: 'Rotterdam Robotics' });

    const created = robotSchema.parse((await request(app()).post('/api/supplier/listings').set(bearer(supplier.token)).send(messyCrx).expect(201)).body.data);
    // The answer keeps the listing shape: the catalog's model with the supplier's price, notes and state.
    expect(created).toMatchObject({
      id: defined(catalogCrx).id,
      manufacturer: 'FANUC',
      model: 'CRX-25iA',
      payload_kg: 25,
      reach_mm: 1889,
      owner_id: null,
      price_min_usd: 42000,
      price_max_usd: 46000,
      description: messyCrx.description,
      status: 'active',
    });
    // No second robot, no "Fanuc" maker spelling.
    expect(await crxRows()).toHaveLength(1);
    const search = robotListResponseSchema.parse((await request(app()).get('/api/robots').query({ q: 'crx 25' }).expect(200)).body);
    expect(search.data.filter((r) => r.model === 'CRX-25iA').map((r) => r.id)).toEqual([created.id]);
    expect(search.facets.manufacturer.map((m) => m.value)).not.toContain('Fanuc');

    // The model's page lists the offer with the listing's terms; the supplier's Offers tab has it.
    const shown = offerListResponseSchema.parse((await request(app()).get(`/api/robots/${created.id}/offers`).expect(200)).body);
    expect(shown.data).toHaveLength(1);
    expect(nth(shown.data, 0)).toMatchObject({
      supplier: { id: supplier.user.id, name: 'Rotterdam Robotics' },
      price_min: 42000,
      price_max: 46000,
      currency: 'USD',
      condition: 'new',
      notes: messyCrx.description,
      status: 'active',
    });
    const page = robotSchema.parse((await request(app()).get(`/api/robots/${created.id}`).expect(200)).body.data);
    expect(page.offers).toMatchObject({ count: 1 });
    const own = offerListResponseSchema.parse((await request(app()).get('/api/supplier/offers').set(bearer(supplier.token)).expect(200)).body);
    expect(own.data.map((o) => o.robot.id)).toEqual([created.id]);
    // Nothing the supplier sent is lost: their own figures travel on the offer.
    const [row] = await ctx().handle.db.select().from(offers).where(eq(offers.supplierId, supplier.user.id));
    expect(defined(row).listingSnapshot).toMatchObject({ payload_kg: 24, reach_mm: 1900, applications: ['Palletising'], via: 'listing route' });

    // The buyer asks for a price: it reaches this supplier's inbox.
    const buyer = await registerUser(app(), { company_name: 'Acme Foods' });
    const asked = await requestQuote(buyer.token, created.id);
    expect(asked.sent_to).toBe(1);
    const inbox = threadListSchema.parse((await request(app()).get('/api/threads').set(bearer(supplier.token)).expect(200)).body);
    expect(inbox.data.map((t) => t.robot?.id)).toEqual([created.id]);
    expect(nth(inbox.data, 0).quote_request).toMatchObject({ quantity: 2 });

    // Listed twice, in any spelling: 409 as before.
    const dup = await request(app()).post('/api/supplier/listings').set(bearer(supplier.token)).send({ ...messyCrx, manufacturer: 'FANUC', model: 'CRX-25iA' }).expect(409);
    expect(errorBodySchema.parse(dup.body).details?.model).toBeDefined();
  });

  it('edits and pauses through the old routes change the offer; the shared model’s specs stay the catalog’s', async () => {
    const [catalogCrx] = await crxRows();
    const supplier = await registerUser(app(), { user_type: 'supplier' });
    const { body } = await request(app()).post('/api/supplier/listings').set(bearer(supplier.token)).send(messyCrx).expect(201);
    const id = body.data.id as string;

    const edited = robotSchema.parse(
      (await request(app()).put(`/api/supplier/listings/${id}`).set(bearer(supplier.token)).send({ ...messyCrx, payload_kg: 99, price_min_usd: 40000 }).expect(200)).body.data,
    );
    expect(edited).toMatchObject({ id, payload_kg: 25, price_min_usd: 40000, price_max_usd: 46000 });
    const [model] = await ctx().handle.db.select().from(robots).where(eq(robots.id, id));
    expect(defined(model)).toMatchObject({ payloadKg: defined(catalogCrx).payloadKg, priceMinUsd: defined(catalogCrx).priceMinUsd });

    const paused = robotSchema.parse((await request(app()).patch(`/api/supplier/listings/${id}/status`).set(bearer(supplier.token)).send({ status: 'inactive' }).expect(200)).body.data);
    expect(paused.status).toBe('inactive');
    expect(offerListResponseSchema.parse((await request(app()).get(`/api/robots/${id}/offers`).expect(200)).body).data).toHaveLength(0);
    // The catalog model itself stays public; a request for a price is now open to everyone.
    await request(app()).get(`/api/robots/${id}`).expect(200);
    const buyer = await registerUser(app());
    expect((await requestQuote(buyer.token, id)).sent_to).toBe(0);

    await request(app()).patch(`/api/supplier/listings/${id}/status`).set(bearer(supplier.token)).send({ status: 'active' }).expect(200);
    const mine = robotSchema.array().parse((await request(app()).get('/api/supplier/listings').set(bearer(supplier.token)).expect(200)).body.data);
    expect(mine).toMatchObject([{ id, status: 'active', price_min_usd: 40000 }]);

    // Another supplier has no listing there: the shared model is read-only to them.
    const rival = await registerUser(app(), { user_type: 'supplier' });
    const ro = await request(app()).put(`/api/supplier/listings/${id}`).set(bearer(rival.token)).send(messyCrx).expect(403);
    expect(ro.body.message).toBe('Robots of the shared catalog are read-only.');
  });

  it('a model the catalog lacks becomes a supplier-contributed model carrying the offer; a second supplier’s listing of it is a second offer', async () => {
    const first = await registerUser(app(), { user_type: 'supplier', company_name: 'Brightway Direct' });
    const created = robotSchema.parse((await request(app()).post('/api/supplier/listings').set(bearer(first.token)).send(newModel).expect(201)).body.data);
    expect(created).toMatchObject({ manufacturer: 'Brightway Robotics', model: 'BW-7 Scara', owner_id: null, contributed: true, price_min_usd: 18000, status: 'active' });
    const search = robotListResponseSchema.parse((await request(app()).get('/api/robots').query({ q: 'bw-7' }).expect(200)).body);
    expect(search.data.map((r) => r.id)).toContain(created.id);

    // The contributor may correct the specs they proposed.
    const fixed = robotSchema.parse(
      (await request(app()).put(`/api/supplier/listings/${created.id}`).set(bearer(first.token)).send({ ...newModel, reach_mm: 650 }).expect(200)).body.data,
    );
    expect(fixed.reach_mm).toBe(650);

    const second = await registerUser(app(), { user_type: 'supplier', company_name: 'Scara Shop' });
    const again = robotSchema.parse(
      (await request(app()).post('/api/supplier/listings').set(bearer(second.token)).send({ ...newModel, model: 'bw7 scara', price_min_usd: 17500 }).expect(201)).body.data,
    );
    expect(again).toMatchObject({ id: created.id, reach_mm: 650, price_min_usd: 17500 });
    const rivalEdit = await request(app()).put(`/api/supplier/listings/${created.id}`).set(bearer(second.token)).send({ ...newModel, reach_mm: 9999 }).expect(200);
    expect(rivalEdit.body.data.reach_mm).toBe(650);
    const third = await registerUser(app(), { user_type: 'supplier' });
    const others = await request(app()).put(`/api/supplier/listings/${created.id}`).set(bearer(third.token)).send(newModel).expect(403);
    expect(others.body.message).toBe('Only the supplier who created this listing may change it.');

    const buyer = await registerUser(app());
    expect((await requestQuote(buyer.token, created.id)).sent_to).toBe(2);
    for (const seller of [first, second]) {
      const inbox = threadListSchema.parse((await request(app()).get('/api/threads').set(bearer(seller.token)).expect(200)).body);
      expect(inbox.data.map((t) => t.robot?.id)).toEqual([created.id]);
    }
  });

  it('a supplier’s messy sheet becomes offers on the catalog’s models (a new model is contributed); re-importing changes nothing; buyers reach the supplier', async () => {
    const supplier = await registerUser(app(), { user_type: 'supplier', company_name: 'Sheet Robotics' });
    const base = '/api/supplier/bulk-upload';
    const sheet = csvBuffer([
      ['Brand', 'Model', 'Payload (kg)', 'Reach (mm)', 'DOF', 'Price from (USD)', 'Description'],
      ['fanuc', 'CRX 25 IA', '25', '1889', '6', '41000', 'Ex-demo unit, Lyon'],
      ['Brightway Robotics', 'BW-9 Scara', '9', '700', '4', '21000', 'New, 4 weeks'],
    ]);
    const importSheet = async () => {
      const parsed = bulkParseResponseSchema.parse((await request(app()).post(`${base}/parse`).set(bearer(supplier.token)).attach('file', sheet, 'stock.csv').expect(200)).body);
      return bulkImportResponseSchema.parse(
        (await request(app()).post(`${base}/import`).set(bearer(supplier.token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
      );
    };
    // The FANUC row names a catalog model (attached as an offer); the Brightway model is new to the catalog.
    expect(await importSheet()).toMatchObject({ inserted: 1, attached: 1, updated: 0, unchanged: 0, skipped: 0 });
    // No supplier-owned robot rows: one CRX-25iA, offered; the BW-9 is a public model the supplier contributed.
    expect(await ctx().handle.db.select().from(robots).where(eq(robots.ownerId, supplier.user.id))).toHaveLength(0);
    const [crx] = await crxRows();
    expect(await crxRows()).toHaveLength(1);
    const own = offerListResponseSchema.parse((await request(app()).get('/api/supplier/offers').set(bearer(supplier.token)).expect(200)).body);
    expect(own.data.map((o) => [o.robot.manufacturer, o.robot.model, o.robot.contributed, o.price_min, o.notes, o.condition]).sort()).toEqual([
      ['Brightway Robotics', 'BW-9 Scara', true, 21000, 'New, 4 weeks', 'new'],
      ['FANUC', 'CRX-25iA', false, 41000, 'Ex-demo unit, Lyon', 'new'],
    ]);
    const listings = robotSchema.array().parse((await request(app()).get('/api/supplier/listings').set(bearer(supplier.token)).expect(200)).body.data);
    expect(listings.map((l) => l.model)).toEqual(['BW-9 Scara', 'CRX-25iA']);

    // Both models are now in the catalog: both rows attach again, to the same two offers.
    expect(await importSheet()).toMatchObject({ inserted: 0, updated: 0, unchanged: 0, attached: 2 });

    const buyer = await registerUser(app());
    expect((await requestQuote(buyer.token, defined(crx).id)).sent_to).toBe(1);
    const inbox = threadListSchema.parse((await request(app()).get('/api/threads').set(bearer(supplier.token)).expect(200)).body);
    expect(inbox.data.map((t) => t.robot?.model)).toEqual(['CRX-25iA']);
  });
});
