import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { bulkImportResponseSchema, bulkParseResponseSchema, errorBodySchema, robotSchema } from '@cellforge/contracts';
import { seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined } from '../../test/defined';
import { csvBuffer } from '../bulk-upload/test-fixtures';

const BULK = '/api/supplier/bulk-upload';
const LISTINGS = '/api/supplier/listings';
const listingsOf = (body: unknown) => robotSchema.array().parse((body as { data: unknown }).data);

describe.each(testBackends)("a supplier's listings filtered to one bulk import on %s", (backend) => {
  const ctx = useTestApp(backend, { catalogIndexRefreshMs: 3_600_000 }, { seed: (db) => seedCatalog(db) });

  /** A supplier's price list: one model the catalog has (an offer on it), two it lacks (contributed models with offers). */
  async function importPriceList(token: string, models: string[]) {
    const rows = [['Maker', 'Model', 'Payload (kg)', 'Reach (mm)', 'Axes', 'List price (USD)'], ...models.map((m, i) => (m.startsWith('IRB') ? ['ABB', m, 200, 2600, 6, 120000 + i] : ['Filtertest Robotics', m, 10 + i, 900 + i, 6, 40000 + i]))];
    const parsed = bulkParseResponseSchema.parse((await request(ctx().app).post(`${BULK}/parse`).set(bearer(token)).attach('file', csvBuffer(rows), 'prices.csv').expect(200)).body);
    const result = bulkImportResponseSchema.parse(
      (await request(ctx().app).post(`${BULK}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
    );
    return defined(result.import_id);
  }

  it('lists only the models of that import, the supplier\'s own; another supplier\'s import id lists nothing', async () => {
    const supplier = await registerUser(ctx().app, { user_type: 'supplier' });
    const rival = await registerUser(ctx().app, { user_type: 'supplier' });
    const first = await importPriceList(supplier.token, ['IRB 6700-200/2.60', 'FT-1']);
    const second = await importPriceList(supplier.token, ['FT-2']);
    const rivals = await importPriceList(rival.token, ['FT-9']);

    const all = listingsOf((await request(ctx().app).get(LISTINGS).set(bearer(supplier.token)).expect(200)).body);
    expect(all.map((l) => l.model).sort()).toEqual(['FT-1', 'FT-2', 'IRB 6700-200/2.60']);

    const ofFirst = listingsOf((await request(ctx().app).get(LISTINGS).query({ import_id: first }).set(bearer(supplier.token)).expect(200)).body);
    expect(ofFirst.map((l) => l.model).sort()).toEqual(['FT-1', 'IRB 6700-200/2.60']);
    expect(ofFirst.find((l) => l.model === 'FT-1')).toMatchObject({ manufacturer: 'Filtertest Robotics', price_min_usd: 40001, status: 'active' });
    const ofSecond = listingsOf((await request(ctx().app).get(LISTINGS).query({ import_id: second }).set(bearer(supplier.token)).expect(200)).body);
    expect(ofSecond.map((l) => l.model)).toEqual(['FT-2']);

    // Another supplier's import names none of this supplier's listings, and shows none of theirs.
    expect(listingsOf((await request(ctx().app).get(LISTINGS).query({ import_id: rivals }).set(bearer(supplier.token)).expect(200)).body)).toEqual([]);
    expect(listingsOf((await request(ctx().app).get(LISTINGS).query({ import_id: first }).set(bearer(rival.token)).expect(200)).body)).toEqual([]);
    // An id that names no import at all lists nothing either.
    expect(listingsOf((await request(ctx().app).get(LISTINGS).query({ import_id: '00000000-0000-4000-8000-000000000000' }).set(bearer(supplier.token)).expect(200)).body)).toEqual([]);
  });

  it('refuses a malformed import id (400), no sign-in (401) and an integrator (403), each with a JSON error', async () => {
    const supplier = await registerUser(ctx().app, { user_type: 'supplier' });
    const integrator = await registerUser(ctx().app, { user_type: 'integrator' });
    const bad = await request(ctx().app).get(LISTINGS).query({ import_id: 'not-an-id' }).set(bearer(supplier.token)).expect(400);
    expect(errorBodySchema.parse(bad.body).message).toMatch(/import_id names an import/);
    const anonymous = await request(ctx().app).get(LISTINGS).query({ import_id: '00000000-0000-4000-8000-000000000000' }).expect(401);
    expect(errorBodySchema.parse(anonymous.body).code).toBeTruthy();
    const wrongRole = await request(ctx().app).get(LISTINGS).query({ import_id: '00000000-0000-4000-8000-000000000000' }).set(bearer(integrator.token)).expect(403);
    expect(errorBodySchema.parse(wrongRole.body).code).toBeTruthy();
  });
});
