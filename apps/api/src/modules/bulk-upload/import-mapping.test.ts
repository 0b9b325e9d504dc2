import { describe, expect, it } from 'vitest';
import request from 'supertest';
import * as XLSX from 'xlsx';
import Papa from 'papaparse';
import { and, eq } from 'drizzle-orm';
import {
  bulkFieldInfo,
  bulkImportResponseSchema,
  bulkParseResponseSchema,
  bulkSavedMappingListSchema,
  bulkSavedMappingSchema,
  bulkTargetFieldsFor,
  bulkValidateResponseSchema,
  errorBodySchema,
  type BulkMappings,
} from '@cellforge/contracts';
import { robots } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { csvBuffer, workbookBuffer } from './test-fixtures';
import { defined, nth } from '../../test/defined';

const BASE = '/api/integrator/bulk-upload';
const SUPPLIER = '/api/supplier/bulk-upload';

/**
 * A supplier's real export (issue 14): a title row, headers in English with a German and
 * a Spanish one, units in the headers, and environment columns written the way people
 * write them. Row 4 is wrong in every environment cell.
 */
const supplierHeader = [
  'Hersteller', 'Model', 'Payload (kg)', 'Reach (mm)', 'Axes', 'Robot type', 'Weight (lbs)', 'Repeatability (mm)', 'Price (USD)',
  'Applications', 'Industries', 'Notes', 'Datasheet', 'Schutzart', 'Clean room class', 'Food grade (Y/N)', 'Mounting',
  'Max. speed [mm/s]', 'Country of origin',
];
const supplierRows: Array<Array<string | number>> = [
  ['Acme Robotics', 'AR-700', 7, 700, 6, 'Cobot', '55', '±0.02', '$45,000', 'assembly; pick & place', 'electronics', 'Compact arm', 'https://acme.example/ar-700.pdf', 'IP 67', 'ISO 5', 'Y', 'floor, inverted', '2 m/s', 'Germany'],
  ['Acme Robotics', 'AR-1400', 14, 1400, 6, 'articulated', 120, '0.05', '60000-65000', 'welding', 'automotive', '', '', 'ip65', 'Class 100', 'no', 'Wall', 2500, 'DE'],
  ['KUKA', 'KR 10 R1100 Import', 10, 1100, 6, '', '', '', '', '', '', '', '', 'IP54', '', 'true', 'any', '', 'Japan'],
  ['Acme Robotics', 'AR-BAD', 5, 500, 6, 'submarine', '', '', '€ 30,000', '', '', '', '', 'IP 6K9K', 'ISO 12', 'maybe', 'sideways', 'fast', 'Atlantis'],
];

function supplierWorkbook(): Buffer {
  return workbookBuffer([{ name: 'Export', rows: [['Acme Robotics price list 2026'], supplierHeader, ...supplierRows] }], 'xlsx');
}

function parse(app: Parameters<typeof request>[0], token: string, file: Buffer, name: string, base = BASE) {
  return request(app).post(`${base}/parse`).set(bearer(token)).attach('file', file, name);
}

describe.each(testBackends)('import mapping (issue 14) on %s', (backend) => {
  const ctx = useTestApp(backend);

  it("maps a supplier's messy sheet with no manual step and stores the normalised environment values", async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, supplierWorkbook(), 'acme.xlsx').expect(200)).body);
    expect(parsed.header_row).toBe(2);
    expect(parsed.saved_mapping).toBeNull();
    expect(parsed.suggested_mappings).toEqual({
      Hersteller: 'manufacturer',
      Model: 'model',
      'Payload (kg)': 'payload_kg',
      'Reach (mm)': 'reach_mm',
      Axes: 'dof',
      'Robot type': 'category',
      'Weight (lbs)': 'weight_kg',
      'Repeatability (mm)': 'repeatability_mm',
      'Price (USD)': 'price_usd',
      Applications: 'applications',
      Industries: 'industries',
      Notes: 'description',
      Datasheet: 'datasheet_source',
      Schutzart: 'ip_rating',
      'Clean room class': 'cleanroom_iso_class',
      'Food grade (Y/N)': 'food_grade',
      Mounting: 'mounting',
      'Max. speed [mm/s]': 'max_speed_mm_s',
      'Country of origin': 'maker_country',
    });

    const validated = bulkValidateResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
    );
    expect(validated).toMatchObject({ valid_count: 3, error_count: 1 });
    expect(nth(validated.results.valid, 0)).toMatchObject({
      sheet_row: 3,
      fields: {
        category: 'collaborative', weight_kg: 24.9, repeatability_mm: 0.02, price_min_usd: 45000, price_max_usd: 45000,
        applications: ['assembly', 'pick-and-place'], industries: ['electronics'], description: 'Compact arm',
        datasheet_source: 'https://acme.example/ar-700.pdf', ip_rating: 67, cleanroom_iso_class: 5, food_grade: true,
        mounting: ['floor', 'ceiling'], max_speed_mm_s: 2000, maker_country: 'DE',
      },
    });
    expect(nth(validated.results.valid, 0).warnings).toContain('Row 3: max speed 2 m/s converted to 2000 mm/s');
    expect(nth(validated.results.valid, 1).fields).toMatchObject({ ip_rating: 65, cleanroom_iso_class: 5, food_grade: false, mounting: ['wall'], max_speed_mm_s: 2500, price_min_usd: 60000, price_max_usd: 65000 });
    expect(nth(validated.results.valid, 1).warnings).toContain('Row 4: cleanroom class 100 (Fed-Std 209E) read as ISO class 5');
    // KUKA is a maker the catalog knows: its listed country is kept, with a warning.
    expect(nth(validated.results.valid, 2).fields).toEqual({ ip_rating: 54, food_grade: true, mounting: ['floor', 'ceiling', 'wall', 'angle'], maker_country: 'DE' });
    expect(nth(validated.results.valid, 2).warnings.join(' ')).toContain("country JP differs from KUKA's listed home country DE");
    expect(validated.warning_groups.map((g) => g.kind)).toContain('cleanroom class converted from Fed-Std 209E to ISO');

    // The bad row: every message, on the row the spreadsheet shows (title + header above: data row 4 is sheet row 6).
    expect(validated.results.errors).toMatchObject([
      {
        row_index: 4,
        sheet_row: 6,
        errors: [
          'category "submarine" is not one of articulated, collaborative, scara, delta, palletizing, heavy-payload (cobot and palletizer are understood too)',
          'price "€ 30,000" is in EUR; the catalog stores prices in USD',
          'IP rating "IP 6K9K" is not an IP code (write IP67, IP 67 or 67)',
          'cleanroom class "ISO 12" is not an ISO 14644-1 class (write ISO 5, Class 5 or 5; 1 to 9)',
          'food grade "maybe" is not yes or no (write yes/no, Y/N, true/false or 1/0)',
          'mounting "sideways" is not among floor, ceiling, wall, angle (inverted, tilted and any are understood too)',
          'max speed "fast" is not a number (write 2500, 2500 mm/s or 2.5 m/s)',
          'country "Atlantis" is not a country we know (write its name or ISO code, e.g. Germany or DE)',
        ],
      },
    ]);

    const imported = bulkImportResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
    );
    expect(imported).toMatchObject({ inserted: 3, updated: 0, skipped: 1 });
    const rows = await ctx().handle.db.select().from(robots).where(eq(robots.ownerId, user.id));
    const byModel = new Map(rows.map((r) => [r.model, r]));
    expect(byModel.get('AR-700')).toMatchObject({
      category: 'collaborative', weightKg: 24.9, repeatabilityMm: 0.02, priceMinUsd: 45000, priceMaxUsd: 45000,
      applications: ['assembly', 'pick-and-place'], industries: ['electronics'], description: 'Compact arm',
      datasheetSource: 'https://acme.example/ar-700.pdf', ipRating: 67, cleanroomIsoClass: 5, foodGrade: true,
      mounting: ['floor', 'ceiling'], maxSpeedMmS: 2000, makerCountry: 'DE', environmentSource: 'Bulk upload: acme.xlsx', listed: false,
    });
    expect(byModel.get('AR-1400')).toMatchObject({ category: 'articulated', ipRating: 65, cleanroomIsoClass: 5, foodGrade: false, mounting: ['wall'], maxSpeedMmS: 2500, datasheetSource: 'Bulk upload: acme.xlsx' });
    expect(byModel.get('KR 10 R1100 Import')).toMatchObject({ makerCountry: 'DE', ipRating: 54, cleanroomIsoClass: null, weightKg: null, applications: [], description: '' });
    expect(byModel.has('AR-BAD')).toBe(false);

    // Re-importing with only the IP rating changed updates that robot and keeps what the file does not give.
    const again = csvBuffer([['Manufacturer', 'Model', 'Payload', 'Reach', 'IP rating'], ['Acme Robotics', 'AR-700', 7, 700, 'IP68'], ['Acme Robotics', 'AR-1400', 14, 1400, 'IP65']]);
    const second = bulkParseResponseSchema.parse((await parse(ctx().app, token, again, 'ip-update.csv').expect(200)).body);
    const result = bulkImportResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: second.upload_id, mappings: second.suggested_mappings }).expect(200)).body,
    );
    expect(result).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    const [ar700] = await ctx().handle.db.select().from(robots).where(and(eq(robots.ownerId, user.id), eq(robots.model, 'AR-700')));
    expect(ar700).toMatchObject({ ipRating: 68, cleanroomIsoClass: 5, foodGrade: true, environmentSource: 'Bulk upload: ip-update.csv', weightKg: 24.9 });
  });

  it('reads the German and Spanish spellings of a supplier export (the data form)', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'supplier' });
    const data = [
      { Marca: 'Acme', Modelo: 'ES-1', 'Carga útil (kg)': '5', 'Alcance (mm)': '900', Schutzart: 'IP-54', Reinraumklasse: 'Klasse 4', Lebensmitteltauglich: 'ja', Einbaulage: 'Boden / Decke', Velocidad: '1,5 m/s', Herkunftsland: 'Deutschland' },
    ];
    const columns = Object.keys(nth(data, 0));
    const parsed = bulkParseResponseSchema.parse(
      (await request(ctx().app).post(`${SUPPLIER}/parse`).set(bearer(token)).attach('file', Buffer.from(JSON.stringify(data)), 'export.json').expect(200)).body,
    );
    expect(parsed.detected_columns).toEqual(columns);
    expect(parsed.suggested_mappings).toMatchObject({
      Marca: 'manufacturer', Modelo: 'model', Schutzart: 'ip_rating', Reinraumklasse: 'cleanroom_iso_class', Lebensmitteltauglich: 'food_grade',
      Einbaulage: 'mounting', Velocidad: 'max_speed_mm_s', Herkunftsland: 'maker_country',
    });
    const validated = bulkValidateResponseSchema.parse(
      (await request(ctx().app).post(`${SUPPLIER}/validate`).set(bearer(token)).send({ data, mappings: parsed.suggested_mappings }).expect(200)).body,
    );
    expect(validated.error_count).toBe(0);
    expect(nth(validated.results.valid, 0).fields).toEqual({ ip_rating: 54, cleanroom_iso_class: 4, food_grade: true, mounting: ['floor', 'ceiling'], max_speed_mm_s: 1500, maker_country: 'DE' });
  });

  it('saves a mapping, applies it to the same headers in another order, and keeps it from other people', async () => {
    const owner = await registerUser(ctx().app, { user_type: 'integrator' });
    const other = await registerUser(ctx().app, { user_type: 'integrator' });
    // Headers the guess cannot place: the person maps them once and saves the mapping.
    const header = ['Hrst', 'Typbez', 'Last', 'Rw', 'Schutz'];
    const file = csvBuffer([header, ['Acme', 'X1', '5', '800', 'IP67']]);
    const first = bulkParseResponseSchema.parse((await parse(ctx().app, owner.token, file, 'a.csv').expect(200)).body);
    expect(first.saved_mapping).toBeNull();
    expect(first.suggested_mappings.Hrst).toBeNull();
    const mine: BulkMappings = { Hrst: 'manufacturer', Typbez: 'model', Last: 'payload_kg', Rw: 'reach_mm', Schutz: 'ip_rating' };
    const saved = bulkSavedMappingSchema.parse(
      (await request(ctx().app).post(`${BASE}/mappings`).set(bearer(owner.token)).send({ name: 'Acme export', columns: first.detected_columns, mappings: mine }).expect(201)).body,
    );
    expect(saved).toMatchObject({ name: 'Acme export', columns: header, mappings: mine, last_used_at: null });

    // The same headers in another order and case: the saved mapping is the suggestion.
    const reordered = csvBuffer([['schutz', 'Rw', 'Last', 'Typbez', 'HRST'], ['IP65', '900', '6', 'X2', 'Acme']]);
    const second = bulkParseResponseSchema.parse((await parse(ctx().app, owner.token, reordered, 'b.csv').expect(200)).body);
    expect(second.saved_mapping).toEqual({ id: saved.id, name: 'Acme export' });
    expect(second.suggested_mappings).toEqual({ schutz: 'ip_rating', Rw: 'reach_mm', Last: 'payload_kg', Typbez: 'model', HRST: 'manufacturer' });
    const validated = bulkValidateResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/validate`).set(bearer(owner.token)).send({ upload_id: second.upload_id, mappings: second.suggested_mappings }).expect(200)).body,
    );
    expect(nth(validated.results.valid, 0)).toMatchObject({ manufacturer: 'Acme', model: 'X2', payload_kg: 6, reach_mm: 900, fields: { ip_rating: 65 } });
    const list = bulkSavedMappingListSchema.parse((await request(ctx().app).get(`${BASE}/mappings`).set(bearer(owner.token)).expect(200)).body);
    expect(list.mappings.map((m) => m.name)).toEqual(['Acme export']);
    expect(nth(list.mappings, 0).last_used_at).not.toBeNull();

    // Another person: sees none, gets no suggestion from it, cannot delete it (404, as for an unknown id).
    expect(bulkSavedMappingListSchema.parse((await request(ctx().app).get(`${BASE}/mappings`).set(bearer(other.token)).expect(200)).body).mappings).toEqual([]);
    const theirs = bulkParseResponseSchema.parse((await parse(ctx().app, other.token, reordered, 'b.csv').expect(200)).body);
    expect(theirs.saved_mapping).toBeNull();
    const denied = await request(ctx().app).delete(`${BASE}/mappings/${saved.id}`).set(bearer(other.token)).expect(404);
    expect(errorBodySchema.parse(denied.body).code).toBe('NOT_FOUND');

    // Saving under the same name replaces it; deleting removes it.
    const replaced = bulkSavedMappingSchema.parse(
      (await request(ctx().app).post(`${BASE}/mappings`).set(bearer(owner.token)).send({ name: 'Acme export', columns: header, mappings: { ...mine, Schutz: null } }).expect(201)).body,
    );
    expect(replaced.id).toBe(saved.id);
    expect(replaced.mappings.Schutz).toBeNull();
    await request(ctx().app).delete(`${BASE}/mappings/${saved.id}`).set(bearer(owner.token)).expect(204);
    expect(bulkSavedMappingListSchema.parse((await request(ctx().app).get(`${BASE}/mappings`).set(bearer(owner.token)).expect(200)).body).mappings).toEqual([]);
    await request(ctx().app).delete(`${BASE}/mappings/${saved.id}`).set(bearer(owner.token)).expect(404);
  });

  it('answers 400 naming the problem for a bad saved mapping', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const post = (body: unknown) => request(ctx().app).post(`${BASE}/mappings`).set(bearer(token)).send(body as object);
    const cases: Array<[unknown, string]> = [
      [{ columns: ['A'], mappings: { A: 'model' } }, 'name'],
      [{ name: ' ', columns: ['A'], mappings: { A: 'model' } }, 'name'],
      [{ name: 'x', columns: [], mappings: {} }, 'columns'],
      [{ name: 'x', columns: ['A'], mappings: { A: 'colour' } }, 'mappings.A'],
      [{ name: 'x', columns: ['A'], mappings: { B: 'model' } }, 'mappings.B'],
      [{ name: 'x', columns: ['A', 'B'], mappings: { A: 'model', B: 'model' } }, 'mappings.B'],
      [{ name: 'x', columns: ['A'], mappings: { A: null } }, 'mappings'],
      [{ name: 'x'.repeat(81), columns: ['A'], mappings: { A: 'model' } }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body).expect(400);
      const error = errorBodySchema.parse(res.body);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.details ?? {}), JSON.stringify(body)).toContain(field);
    }
    await request(ctx().app).delete(`${BASE}/mappings/not-a-uuid`).set(bearer(token)).expect(404);
  });

  it('serves CSV and XLSX templates that parse and map back with no manual step', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    // An integrator's template: every robot field, none of the offer's terms (a supplier's has those too).
    const fields = bulkTargetFieldsFor('integrator');
    expect(fields).not.toContain('currency');
    const labels = fields.map((f) => bulkFieldInfo[f].label);
    const expected = Object.fromEntries(fields.map((f) => [bulkFieldInfo[f].label, f]));

    const csv = await request(ctx().app).get(`${BASE}/template.csv`).set(bearer(token)).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('cellforge-robots-template.csv');
    const table = Papa.parse<string[]>(csv.text.replace(/^\uFEFF/, '')).data.filter((r) => r.length > 1);
    expect(nth(table, 0)).toEqual(labels);
    expect(table).toHaveLength(2);

    const xlsx = await request(ctx().app).get(`${BASE}/template.xlsx`).set(bearer(token)).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    const book = XLSX.read(xlsx.body as Buffer);
    expect(book.SheetNames).toEqual(['Robots', 'Fields']);
    const fieldsSheet = XLSX.utils.sheet_to_json<string[]>(defined(book.Sheets.Fields), { header: 1 });
    expect(fieldsSheet).toHaveLength(fields.length + 1);
    expect(fieldsSheet.find((r) => r[1] === 'mounting')?.[4]).toBe('floor, ceiling, wall, angle');

    for (const [file, name] of [[Buffer.from(csv.text), 'template.csv'], [xlsx.body as Buffer, 'template.xlsx']] as const) {
      const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, file, name).expect(200)).body);
      expect(parsed.suggested_mappings).toEqual(expected);
      const validated = bulkValidateResponseSchema.parse(
        (await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
      );
      expect(validated).toMatchObject({ valid_count: 1, error_count: 0 });
      expect(nth(validated.results.valid, 0).fields).toMatchObject({ ip_rating: 67, cleanroom_iso_class: 5, food_grade: false, mounting: ['floor', 'ceiling'], maker_country: 'CH', category: 'articulated' });
    }
    const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, Buffer.from(csv.text), 'template.csv').expect(200)).body);
    await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200);
    const [robot] = await ctx().handle.db.select().from(robots).where(eq(robots.ownerId, user.id));
    expect(robot).toMatchObject({ manufacturer: 'ABB', model: 'IRB 6700-200/2.60', ipRating: 67, cleanroomIsoClass: 5, foodGrade: false, maxSpeedMmS: 2500, makerCountry: 'CH' });
  });

  it('refuses a price column in another currency at the mapping', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const data = [{ Make: 'Acme', Model: 'Z', Payload: '5', Reach: '800', 'Price (EUR)': '30000' }];
    const res = await request(ctx().app)
      .post(`${BASE}/validate`)
      .set(bearer(token))
      .send({ data, mappings: { Make: 'manufacturer', Model: 'model', Payload: 'payload_kg', Reach: 'reach_mm', 'Price (EUR)': 'price_usd' } })
      .expect(400);
    expect(errorBodySchema.parse(res.body).details?.['mappings.Price (EUR)']).toEqual(['The column "Price (EUR)" is in EUR; the catalog stores prices in USD (price_usd)']);
  });
});
