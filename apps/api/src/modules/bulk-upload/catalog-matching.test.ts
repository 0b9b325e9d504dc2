import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  bulkImportResponseSchema,
  bulkParseResponseSchema,
  bulkValidateResponseSchema,
  errorBodySchema,
  integratorCatalogResponseSchema,
  type BulkValidEntry,
} from '@cellforge/contracts';
import { offers, robots, seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { workbookBuffer } from './test-fixtures';
import { defined } from '../../test/defined';

const INTEGRATOR = '/api/integrator/bulk-upload';
const SUPPLIER = '/api/supplier/bulk-upload';

/**
 * An integrator's real fleet export: a title row, makers spelled as people spell them
 * ("UR", "Motoman", "abb"), models with other spacing, a price column, one bad row and
 * two robots the catalog does not have.
 */
function fleetWorkbook(): Buffer {
  return workbookBuffer(
    [
      {
        name: 'Fleet',
        rows: [
          ['Robot fleet — plant 2 (exported 2026-11-20)'],
          ['Maker', 'Model', 'Payload (kg)', 'Reach (mm)', 'Axes', 'List price (USD)'],
          ['abb', 'IRB 6700-200/2.60', 210, 2600, 6, 120000], // sheet row 3: the catalog's model, payload differs
          ['UR', 'UR 10e', 12.5, 1300, 6, 52000], // row 4: alias maker, model spacing
          ['Motoman', 'GP25', 25, 1730, 6, 61000], // row 5: alias of Yaskawa
          ['Matchtest Robotics', 'MT-100', 100, 2100, 6, 80000], // row 6: not in the catalog
          ['Matchtest Robotics', 'MT-200', 'two hundred', 2500, 6, 90000], // row 7: bad payload
          ['Matchtest Robotics', 'MT-300', 300, 2800, 6, 95000], // row 8: not in the catalog
        ],
      },
    ],
    'xlsx',
  );
}

describe.each(testBackends)('bulk import matches rows to the shared catalog on %s', (backend) => {
  const ctx = useTestApp(backend, { catalogIndexRefreshMs: 3_600_000 }, { seed: (db) => seedCatalog(db) });
  const db = () => ctx().handle.db;
  const count = async (where: ReturnType<typeof and>) => Number(defined((await db().select({ n: sql<number>`count(*)` }).from(robots).where(where))[0]).n);

  async function upload(base: string, userType: 'integrator' | 'supplier') {
    const { token, user } = await registerUser(ctx().app, { user_type: userType });
    const parsed = bulkParseResponseSchema.parse((await request(ctx().app).post(`${base}/parse`).set(bearer(token)).attach('file', fleetWorkbook(), 'fleet.xlsx').expect(200)).body);
    expect(parsed.suggested_mappings).toMatchObject({ Maker: 'manufacturer', Model: 'model', 'Payload (kg)': 'payload_kg', 'Reach (mm)': 'reach_mm', Axes: 'dof' });
    return { token, user, uploadId: defined(parsed.upload_id), mappings: parsed.suggested_mappings };
  }

  const byModel = (rows: BulkValidEntry[], model: string) => defined(rows.find((r) => r.model === model), model);

  it('validate shows each catalog match with its differing values; the import attaches, copies or skips as chosen, nothing duplicated', async () => {
    const { token, user, uploadId, mappings } = await upload(INTEGRATOR, 'integrator');
    const sharedBefore = await count(isNull(robots.ownerId));

    const v = bulkValidateResponseSchema.parse(
      (await request(ctx().app).post(`${INTEGRATOR}/validate`).set(bearer(token)).send({ upload_id: uploadId, mappings, match_choices: [{ row: 2, choice: 'private_copy' }] }).expect(200)).body,
    );
    expect(v).toMatchObject({ valid_count: 5, error_count: 1, catalog_matches: { total: 3, attach: 2, private_copy: 1, skip: 0 } });
    const abb = byModel(v.results.valid, 'IRB 6700-200/2.60');
    expect(abb.sheet_row).toBe(3);
    expect(abb.catalog_match).toMatchObject({ manufacturer: 'ABB', model: 'IRB 6700-200/2.60', choice: 'attach' });
    expect(abb.catalog_match?.differences).toEqual([
      { field: 'payload_kg', label: 'Payload (kg)', catalog: 200, file: 210 },
    ]);
    expect(byModel(v.results.valid, 'UR 10e').catalog_match).toMatchObject({ manufacturer: 'Universal Robots', model: 'UR10e', choice: 'private_copy' });
    expect(byModel(v.results.valid, 'GP25').catalog_match).toMatchObject({ manufacturer: 'Yaskawa', model: 'GP25', differences: [] });
    expect(byModel(v.results.valid, 'MT-100').catalog_match).toBeNull();

    // Attach by default; UR 10e kept as a private copy; GP25 skipped.
    const res = await request(ctx().app)
      .post(`${INTEGRATOR}/import`)
      .set(bearer(token))
      .send({ upload_id: uploadId, mappings, match_default: 'attach', match_choices: [{ row: 2, choice: 'private_copy' }, { row: 3, choice: 'skip' }] })
      .expect(200);
    const result = bulkImportResponseSchema.parse(res.body);
    expect(result).toMatchObject({ inserted: 2, updated: 0, unchanged: 0, skipped: 1, attached: 1, private_copies: 1, skipped_matches: 1 });

    // The shared catalog is untouched; the integrator owns the two new robots and the UR copy, nothing for ABB or GP25.
    expect(await count(isNull(robots.ownerId))).toBe(sharedBefore);
    const own = await db().select({ model: robots.model, listed: robots.listed }).from(robots).where(eq(robots.ownerId, user.id));
    expect(own.map((r) => r.model).sort()).toEqual(['MT-100', 'MT-300', 'UR 10e']);
    expect(own.every((r) => !r.listed)).toBe(true);
    const abbShared = defined((await db().select({ payload: robots.payloadKg }).from(robots).where(and(isNull(robots.ownerId), eq(robots.model, 'IRB 6700-200/2.60'))))[0]);
    expect(abbShared.payload).toBe(200);

    // "Show the imported robots": the attached catalog model, the copy and the new robots; not the skipped GP25.
    const listed = integratorCatalogResponseSchema.parse(
      (await request(ctx().app).get(`/api/integrator/catalog/robots?import_id=${defined(result.import_id)}&limit=50`).set(bearer(token)).expect(200)).body,
    );
    expect(listed.data.map((r) => `${r.manufacturer} ${r.model_name}`).sort()).toEqual(['ABB IRB 6700-200/2.60', 'Matchtest Robotics MT-100', 'Matchtest Robotics MT-300', 'UR UR 10e']);
  });

  it('skip for every match by default leaves the catalog rows out; the rows not in the catalog still import', async () => {
    const { token, user, uploadId, mappings } = await upload(INTEGRATOR, 'integrator');
    const result = bulkImportResponseSchema.parse(
      (await request(ctx().app).post(`${INTEGRATOR}/import`).set(bearer(token)).send({ upload_id: uploadId, mappings, match_default: 'skip' }).expect(200)).body,
    );
    expect(result).toMatchObject({ inserted: 2, attached: 0, private_copies: 0, skipped_matches: 3, skipped: 1 });
    expect(await count(eq(robots.ownerId, user.id))).toBe(2);
  });

  it('the result keeps the error report: errors.csv after the import lists the refused row by its sheet row', async () => {
    const { token, uploadId, mappings } = await upload(INTEGRATOR, 'integrator');
    const result = bulkImportResponseSchema.parse((await request(ctx().app).post(`${INTEGRATOR}/import`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(200)).body);
    expect(result.errors_csv_url).toBe(`${INTEGRATOR}/${uploadId}/errors.csv`);
    const report = await request(ctx().app).get(defined(result.errors_csv_url)).set(bearer(token)).expect(200);
    const lines = Papa.parse<string[]>(report.text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(lines).toHaveLength(2);
    expect(lines[1]?.slice(0, 4)).toEqual(['7', 'payload "two hundred" is not a number', 'Matchtest Robotics', 'MT-200']);
    // The upload is used: a second import or validation of it answers 404 and changes nothing.
    const again = await request(ctx().app).post(`${INTEGRATOR}/import`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(404);
    expect(errorBodySchema.parse(again.body).code).toBe('NOT_FOUND');
    await request(ctx().app).post(`${INTEGRATOR}/validate`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(404);
  });

  it('a clean file leaves no report behind: errors_csv_url is null and the upload is gone', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const file = workbookBuffer([{ name: 'S', rows: [['Maker', 'Model', 'Payload', 'Reach'], ['Cleantest', 'C-1', 5, 900]] }], 'xlsx');
    const parsed = bulkParseResponseSchema.parse((await request(ctx().app).post(`${INTEGRATOR}/parse`).set(bearer(token)).attach('file', file, 'clean.xlsx').expect(200)).body);
    const result = bulkImportResponseSchema.parse(
      (await request(ctx().app).post(`${INTEGRATOR}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
    );
    expect(result).toMatchObject({ inserted: 1, errors_csv_url: null });
    await request(ctx().app).get(`${INTEGRATOR}/${defined(parsed.upload_id)}/errors.csv`).set(bearer(token)).expect(404);
  });

  it("a supplier's attached rows become offers on the catalog models (re-import updates them), never a second public robot", async () => {
    const { token, user, uploadId, mappings } = await upload(SUPPLIER, 'supplier');
    const sharedBefore = await count(isNull(robots.ownerId));
    const result = bulkImportResponseSchema.parse((await request(ctx().app).post(`${SUPPLIER}/import`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(200)).body);
    expect(result).toMatchObject({ inserted: 2, attached: 3, private_copies: 0, skipped_matches: 0, skipped: 1 });
    // The two models the catalog lacks are contributed to it (public, no owner), with the supplier's offers.
    expect(await count(isNull(robots.ownerId))).toBe(sharedBefore + 2);

    const mine = await db()
      .select({ model: robots.model, maker: robots.manufacturer, priceMin: offers.priceMin, currency: offers.currency, condition: offers.condition, status: offers.status })
      .from(offers)
      .innerJoin(robots, eq(robots.id, offers.robotId))
      .where(eq(offers.supplierId, user.id));
    expect(mine.sort((a, b) => a.model.localeCompare(b.model))).toEqual([
      { model: 'GP25', maker: 'Yaskawa', priceMin: 61000, currency: 'USD', condition: 'new', status: 'active' },
      { model: 'IRB 6700-200/2.60', maker: 'ABB', priceMin: 120000, currency: 'USD', condition: 'new', status: 'active' },
      { model: 'MT-100', maker: 'Matchtest Robotics', priceMin: 80000, currency: 'USD', condition: 'new', status: 'active' },
      { model: 'MT-300', maker: 'Matchtest Robotics', priceMin: 95000, currency: 'USD', condition: 'new', status: 'active' },
      { model: 'UR10e', maker: 'Universal Robots', priceMin: 52000, currency: 'USD', condition: 'new', status: 'active' },
    ]);
    // A supplier owns no robot rows: its rows are offers (docs/decisions.md, models and offers).
    expect(await db().select({ model: robots.model }).from(robots).where(eq(robots.ownerId, user.id))).toEqual([]);

    // The public catalog shows the ABB model once, now with this supplier's offer.
    const search = await request(ctx().app).get('/api/robots?q=IRB%206700-200&limit=50').expect(200);
    const hits = (search.body as { data: Array<{ model: string }> }).data.filter((r) => r.model === 'IRB 6700-200/2.60');
    expect(hits).toHaveLength(1);

    // A new price list: the same offers, updated, not doubled.
    const file = workbookBuffer([{ name: 'Prices', rows: [['Maker', 'Model', 'Payload (kg)', 'Reach (mm)', 'List price (USD)'], ['ABB', 'IRB 6700-200/2.60', 200, 2600, 115000]] }], 'xlsx');
    const parsed = bulkParseResponseSchema.parse((await request(ctx().app).post(`${SUPPLIER}/parse`).set(bearer(token)).attach('file', file, 'prices.xlsx').expect(200)).body);
    const second = bulkImportResponseSchema.parse(
      (await request(ctx().app).post(`${SUPPLIER}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
    );
    expect(second).toMatchObject({ attached: 1, inserted: 0 });
    const abbOffers = await db()
      .select({ priceMin: offers.priceMin })
      .from(offers)
      .innerJoin(robots, eq(robots.id, offers.robotId))
      .where(and(eq(offers.supplierId, user.id), eq(robots.model, 'IRB 6700-200/2.60')));
    expect(abbOffers).toEqual([{ priceMin: 115000 }]);
  });

  it('refuses an unknown choice with a 400 naming the field', async () => {
    const { token, uploadId, mappings } = await upload(INTEGRATOR, 'integrator');
    const res = await request(ctx().app).post(`${INTEGRATOR}/import`).set(bearer(token)).send({ upload_id: uploadId, mappings, match_default: 'merge' }).expect(400);
    const body = errorBodySchema.parse(res.body);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(body)).toContain('Choose attach, private_copy or skip');
  });
});
