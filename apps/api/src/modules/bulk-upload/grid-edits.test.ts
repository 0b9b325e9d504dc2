import { describe, expect, it } from 'vitest';
import request from 'supertest';
import Papa from 'papaparse';
import { bulkEditResponseSchema, bulkImportResponseSchema, bulkParseResponseSchema, bulkValidateResponseSchema, errorBodySchema, integratorCatalogResponseSchema } from '@cellforge/contracts';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { csvBuffer } from './test-fixtures';
import { nth } from '../../test/defined';

const BASE = '/api/integrator/bulk-upload';
const header = ['Brand', 'Model', 'Payload (kg)', 'Reach (mm)', 'Axes'];

/** A supplier's sheet with a title row: two bad cells (a payload typo, a missing model) and a converted unit. */
function sheet(): Buffer {
  return csvBuffer([
    ['Robot list 2026'],
    header,
    ['Gridtest', 'GT-10', '10', '1200', '6'],
    ['Gridtest', 'GT-20', 'twenty', '1400', '6'],
    ['Gridtest', '', '30', '1600', '6'],
    ['Gridtest', 'GT-40', '40', '1.8 m', '6'],
  ]);
}

describe.each(testBackends)('validate grid: cells fixed in place on %s', (backend) => {
  const ctx = useTestApp(backend);

  async function upload() {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const parsed = bulkParseResponseSchema.parse((await request(ctx().app).post(`${BASE}/parse`).set(bearer(token)).attach('file', sheet(), 'grid.csv').expect(200)).body);
    return { token, parsed, uploadId: parsed.upload_id ?? '', mappings: parsed.suggested_mappings };
  }

  it('marks each bad cell with its message and the sheet row, with the cells of the row', async () => {
    const { token, uploadId, mappings } = await upload();
    const v = bulkValidateResponseSchema.parse((await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(200)).body);
    expect(v).toMatchObject({ valid_count: 2, error_count: 2, warning_count: 1 });
    const [payloadRow, modelRow] = v.results.errors;
    expect(payloadRow).toMatchObject({
      row_index: 2,
      sheet_row: 4,
      cells: { Brand: 'Gridtest', Model: 'GT-20', 'Payload (kg)': 'twenty', 'Reach (mm)': '1400', Axes: '6' },
      cell_errors: [{ column: 'Payload (kg)', message: 'payload "twenty" is not a number' }],
      edited: [],
    });
    expect(modelRow).toMatchObject({ row_index: 3, sheet_row: 5, cell_errors: [{ column: 'Model', message: 'model is missing' }] });
    const converted = v.results.valid.find((r) => r.model === 'GT-40');
    expect(converted?.cell_warnings).toEqual([{ column: 'Reach (mm)', message: 'Row 6: reach 1.8 m converted to 1800 mm' }]);
  });

  it('stores edits with the upload: validation, the error report and the import read the fixed cells', async () => {
    const { token, uploadId, mappings } = await upload();
    const first = bulkEditResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/edits`).set(bearer(token)).send({ upload_id: uploadId, mappings, edits: [{ row: 2, column: 'Payload (kg)', value: '20' }] }).expect(200)).body,
    );
    expect(first).toMatchObject({ valid_count: 3, error_count: 1, edited_rows: [{ row: 2, sheet_row: 4, status: 'valid', errors: [] }] });
    expect(first.results.valid.find((r) => r.row === 2)).toMatchObject({ payload_kg: 20, edited: ['Payload (kg)'], cells: { 'Payload (kg)': '20' } });

    // The report lists only the row still wrong.
    const report = await request(ctx().app).get(`${BASE}/${uploadId}/errors.csv`).set(bearer(token)).expect(200);
    const lines = Papa.parse<string[]>(report.text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(lines.map((l) => l[0])).toEqual(['row', '5']);

    // A second edit keeps the first; an edit that breaks a good cell is reported as an error at once.
    const second = bulkEditResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/edits`).set(bearer(token)).send({ upload_id: uploadId, mappings, edits: [{ row: 3, column: 'Model', value: 'GT-30' }, { row: 1, column: 'Reach (mm)', value: '' }] }).expect(200)).body,
    );
    expect(second.edited_rows).toEqual([
      { row: 1, sheet_row: 3, status: 'error', errors: ['reach is missing'] },
      { row: 3, sheet_row: 5, status: 'valid', errors: [] },
    ]);
    expect(second).toMatchObject({ valid_count: 3, error_count: 1 });
    // Fixed back.
    await request(ctx().app).post(`${BASE}/edits`).set(bearer(token)).send({ upload_id: uploadId, mappings, edits: [{ row: 1, column: 'Reach (mm)', value: '1200' }] }).expect(200);

    const imported = bulkImportResponseSchema.parse((await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(200)).body);
    expect(imported).toEqual({ inserted: 4, updated: 0, unchanged: 0, skipped: 0, import_id: uploadId, attached: 0, private_copies: 0, skipped_matches: 0, errors_csv_url: null });
    // The result's link: the catalog filtered to this import lists its robots and nothing else.
    const catalog = integratorCatalogResponseSchema.parse((await request(ctx().app).get('/api/integrator/catalog/robots').query({ import_id: uploadId, limit: 50 }).set(bearer(token)).expect(200)).body);
    expect(catalog.total).toBe(4);
    expect(catalog.data.map((r) => r.model_name).sort()).toEqual(['GT-10', 'GT-20', 'GT-30', 'GT-40']);
    expect(catalog.data.every((r) => r.can_edit)).toBe(true);

    // The same file again with one row changed: the new import lists the unchanged and the updated robots, the first import keeps its own.
    const again = bulkParseResponseSchema.parse((await request(ctx().app).post(`${BASE}/parse`).set(bearer(token)).attach('file', sheet(), 'grid.csv').expect(200)).body);
    const reimport = bulkImportResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: again.upload_id, mappings, edits: [{ row: 2, column: 'Payload (kg)', value: '25' }] }).expect(200)).body,
    );
    expect(reimport).toMatchObject({ inserted: 0, updated: 1, unchanged: 2, skipped: 1, import_id: again.upload_id });
    const secondRows = integratorCatalogResponseSchema.parse((await request(ctx().app).get('/api/integrator/catalog/robots').query({ import_id: reimport.import_id }).set(bearer(token)).expect(200)).body);
    expect(secondRows.data.map((r) => r.model_name).sort()).toEqual(['GT-10', 'GT-20', 'GT-40']);
    const firstRows = integratorCatalogResponseSchema.parse((await request(ctx().app).get('/api/integrator/catalog/robots').query({ import_id: uploadId }).set(bearer(token)).expect(200)).body);
    expect(firstRows.total).toBe(4);
  });

  it("filters the catalog to one import of one's own only", async () => {
    const { token, uploadId, mappings } = await upload();
    const imported = bulkImportResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(200)).body,
    );
    expect(imported).toMatchObject({ inserted: 2, skipped: 2, import_id: uploadId });
    const other = await registerUser(ctx().app, { user_type: 'integrator' });
    const theirs = integratorCatalogResponseSchema.parse((await request(ctx().app).get('/api/integrator/catalog/robots').query({ import_id: uploadId }).set(bearer(other.token)).expect(200)).body);
    expect(theirs).toMatchObject({ total: 0, data: [] });
    const bad = await request(ctx().app).get('/api/integrator/catalog/robots').query({ import_id: 'not-an-id' }).set(bearer(token)).expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('edits sent with validate or import apply to that request only', async () => {
    const { token, uploadId, mappings } = await upload();
    const v = bulkValidateResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: uploadId, mappings, edits: [{ row: 3, column: 'Model', value: 'GT-30' }] }).expect(200)).body,
    );
    expect(v).toMatchObject({ valid_count: 3, error_count: 1 });
    const again = bulkValidateResponseSchema.parse((await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(200)).body);
    expect(again.error_count).toBe(2);
  });

  it('refuses edits of unknown columns or rows, another person\'s upload, and signed-out calls, storing nothing', async () => {
    const { token, uploadId, mappings } = await upload();
    const bad = await request(ctx().app).post(`${BASE}/edits`).set(bearer(token)).send({ upload_id: uploadId, mappings, edits: [{ row: 99, column: 'Colour', value: 'red' }] }).expect(400);
    expect(errorBodySchema.parse(bad.body)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(bad.body.message).toContain('"Colour" is not a column of the file');
    await request(ctx().app).post(`${BASE}/edits`).set(bearer(token)).send({ upload_id: uploadId, mappings, edits: [] }).expect(400);
    await request(ctx().app).post(`${BASE}/edits`).set(bearer(token)).send({ upload_id: uploadId, mappings, edits: [{ row: 0, column: 'Model', value: 'x' }] }).expect(400);
    const other = await registerUser(ctx().app, { user_type: 'integrator' });
    const gone = await request(ctx().app).post(`${BASE}/edits`).set(bearer(other.token)).send({ upload_id: uploadId, mappings, edits: [{ row: 3, column: 'Model', value: 'x' }] }).expect(404);
    expect(gone.body.code).toBe('NOT_FOUND');
    await request(ctx().app).post(`${BASE}/edits`).send({ upload_id: uploadId, mappings, edits: [{ row: 3, column: 'Model', value: 'x' }] }).expect(401);
    const customer = await registerUser(ctx().app, { user_type: 'customer' });
    await request(ctx().app).post(`${BASE}/edits`).set(bearer(customer.token)).send({ upload_id: uploadId, mappings, edits: [{ row: 3, column: 'Model', value: 'x' }] }).expect(403);
    // Nothing was stored by the refused calls.
    const v = bulkValidateResponseSchema.parse((await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(200)).body);
    expect(nth(v.results.errors, 1).cells?.Model).toBeNull();
    expect(v.error_count).toBe(2);
  });
});
