import { readdirSync, watch } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  BULK_CSV_UPLOAD_DEFAULT_MAX_BYTES,
  BULK_UPLOAD_DEFAULT_MAX_BYTES,
  bulkImportResponseSchema,
  bulkParseResponseSchema,
  bulkValidateResponseSchema,
  errorBodySchema,
  integratorCatalogResponseSchema,
  robotListResponseSchema,
  type BulkMappings,
} from '@cellforge/contracts';
import { bulkUploadRows, bulkUploads, robots, seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { UPLOAD_FILE_PREFIX } from './bulk-upload.router';
import { csvBuffer, messyHeader, workbookBuffer, zipBombs } from './test-fixtures';
import { defined, nth } from '../../test/defined';

const BASE = '/api/integrator/bulk-upload';

/** A messy integrator sheet: abbreviations, units in headers and cells, a title row. */
function messyCsv(): Buffer {
  return csvBuffer(
    [
      ['ACME robot fleet — export'],
      messyHeader,
      ['Stäubli', 'TX2-60 Test', '20', '26.4', '6'],
      ['FANUC', 'M-20iD/25 Test', '55', '71.7', '6'],
      ['ABB', 'IRB 1200-5/0.9 Test', '11', '35.4', ''],
      ['ABB', 'Bad Payload Test', 'lots', '35', '6'],
      ['fanuc', 'M-20iD 25 test', '55', '71.7', '6'],
    ],
    { delimiter: ';' },
  );
}

function parse(app: Parameters<typeof request>[0], token: string, file: Buffer, name: string, base = BASE) {
  return request(app).post(`${base}/parse`).set(bearer(token)).attach('file', file, name);
}

describe.each(testBackends)('bulk upload on %s', (backend) => {
  // The public catalog's search index never re-checks on its own here: only invalidation refreshes it.
  const ctx = useTestApp(backend, { catalogIndexRefreshMs: 3_600_000 }, { seed: (db) => seedCatalog(db) });

  const robotCount = async () => Number(nth((await ctx().handle.db.select({ n: sql<number>`count(*)` }).from(robots)), 0).n);
  const uploadCount = async () => Number(nth((await ctx().handle.db.select({ n: sql<number>`count(*)` }).from(bulkUploads)), 0).n);

  it('a CSV of 2,600 rows with a blank column between its columns: stored in chunks while read, validated and imported with the right cells', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    // A fleet export with an unnamed, empty column between Model and Payload (dropped by the reader) and a reserved name at the end.
    const lines: Array<Array<string | number>> = [['Brand', 'Model', '', 'Payload (kg)', 'Reach (mm)', 'Axes', '__proto__']];
    for (let i = 0; i < 2600; i += 1) lines.push(['KUKA', `KR Chunk ${i}`, '', 5 + (i % 100), 900 + i, 6, 'x']);
    // Row 2,550 repeats row 10 (another chunk): a duplicate naming the first row.
    lines[2550] = ['KUKA', 'KR Chunk 9', '', 14, 909, 6, 'x'];
    const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, csvBuffer(lines), 'chunks.csv').expect(200)).body);
    expect(parsed.row_count).toBe(2600);
    expect(parsed.detected_columns).toEqual(['Brand', 'Model', 'Payload (kg)', 'Reach (mm)', 'Axes']);
    expect(parsed.preview_rows[1]).toEqual({ Brand: 'KUKA', Model: 'KR Chunk 1', 'Payload (kg)': '6', 'Reach (mm)': '901', Axes: '6' });
    const stored = await ctx().handle.db.select({ n: sql<number>`count(*)::int` }).from(bulkUploadRows).where(sql`${bulkUploadRows.uploadId} = ${parsed.upload_id}::uuid`);
    expect(stored[0]?.n).toBe(3);

    const validated = bulkValidateResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
    );
    expect(validated).toMatchObject({ valid_count: 2599, error_count: 1 });
    expect(validated.results.errors[0]).toMatchObject({ row_index: 2550, sheet_row: 2551 });
    expect(validated.results.errors[0]?.errors.join(' ')).toMatch(/duplicate of row 11/);

    const imported = bulkImportResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
    );
    expect(imported).toMatchObject({ inserted: 2599, updated: 0, skipped: 1 });
    // A row of the last chunk: its cells read from the right columns.
    const [last] = await ctx().handle.db.select().from(robots).where(and(eq(robots.ownerId, user.id), eq(robots.model, 'KR Chunk 2599')));
    expect(last).toMatchObject({ manufacturer: 'KUKA', payloadKg: 5 + (2599 % 100), reachMm: 900 + 2599, dof: 6 });
    // 2,600 rows through parse, validate and import: ~25 s on the shared machine at load 30+.
  }, 120_000);

  it('an .xlsx with a parts sheet before the robots: the robots\' rows stored in chunks while read, the parts sheet\'s stored rows gone, validated with the right cells', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    // A supplier's workbook: a long parts list first (no maker or model column), then 12,000 robots with an empty unnamed column.
    const parts: Array<Array<string | number>> = [['Item', 'Finish', 'Stock']];
    for (let i = 0; i < 20_000; i += 1) parts.push([`Finger ${i}`, 'Anodised aluminium, black, for parallel grippers', i % 40]);
    const note = 'Refurbished 2019, controller KR C4, teach pendant and cables included';
    const robotRows: Array<Array<string | number | null>> = [['Brand', 'Model', null, 'Payload (kg)', 'Reach (mm)', 'Axes', 'Notes']];
    for (let i = 0; i < 12_000; i += 1) robotRows.push(['KUKA', `KR Sheet ${i}`, null, 5 + (i % 100), 900 + (i % 2000), 6, note]);
    const file = workbookBuffer([{ name: 'Parts', rows: parts }, { name: 'Robots', rows: robotRows }], 'xlsx');
    const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, file, 'stock.xlsx').expect(200)).body);
    expect(parsed).toMatchObject({ row_count: 12_000, detected_columns: ['Brand', 'Model', 'Payload (kg)', 'Reach (mm)', 'Axes', 'Notes'] });
    const chunks = await ctx().handle.db.select({ chunk: bulkUploadRows.chunk }).from(bulkUploadRows).where(sql`${bulkUploadRows.uploadId} = ${parsed.upload_id}::uuid`).orderBy(bulkUploadRows.chunk);
    expect(chunks.map((c) => c.chunk)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    const validated = bulkValidateResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
    );
    expect(validated).toMatchObject({ valid_count: 12_000, error_count: 0 });
    expect(nth(validated.results.valid, 999)).toMatchObject({ sheet_row: 1001, manufacturer: 'KUKA', model: 'KR Sheet 999', payload_kg: 5 + (999 % 100), reach_mm: 1899, dof: 6 });
  }, 180_000);

  it('parse -> validate -> import: private robots the integrator owns, not in the public catalog', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    const parsedRes = await parse(ctx().app, token, messyCsv(), 'fleet.csv').expect(200);
    const parsed = bulkParseResponseSchema.parse(parsedRes.body);
    expect(parsed).toMatchObject({
      file_name: 'fleet.csv',
      row_count: 5,
      format: 'csv',
      header_row: 2,
      detected_columns: messyHeader,
      suggested_mappings: { 'Mfr.': 'manufacturer', 'Model No.': 'model', 'Max Payload (lbs)': 'payload_kg', 'Reach [in]': 'reach_mm', 'No. of axes': 'dof' },
      detected_units: { 'Max Payload (lbs)': 'lb', 'Reach [in]': 'in' },
    });
    expect(parsed.preview_rows[0]).toEqual({ 'Mfr.': 'Stäubli', 'Model No.': 'TX2-60 Test', 'Max Payload (lbs)': '20', 'Reach [in]': '26.4', 'No. of axes': '6' });
    expect(parsed.upload_id).toMatch(/^[0-9a-f-]{36}$/);

    const validated = bulkValidateResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
    );
    expect(validated).toMatchObject({ valid_count: 3, warning_count: 3, error_count: 2, truncated: false });
    expect(validated.errors_csv_url).toBe(`${BASE}/${parsed.upload_id}/errors.csv`);
    // A title row and the header above the data: the first robot is on row 3 of the sheet.
    expect(validated.results.valid[0]).toMatchObject({
      row: 1,
      sheet_row: 3,
      manufacturer: 'Stäubli',
      model: 'TX2-60 Test',
      payload_kg: 9.1,
      reach_mm: 671,
      dof: 6,
      fields: {},
      warnings: ['Row 3: payload 20 lb converted to 9.1 kg', 'Row 3: reach 26.4 in converted to 671 mm'],
    });
    expect(validated.results.valid[2]).toMatchObject({ row: 3, sheet_row: 5, dof: null });
    expect(validated.results.errors).toMatchObject([
      { row_index: 4, sheet_row: 6, errors: ['payload "lots" is not a number'] },
      { row_index: 5, sheet_row: 7, errors: ['duplicate of row 4: the same manufacturer and model appear twice in the file'] },
    ]);
    // Warnings counted by kind over the file, with the rows to look at.
    expect(validated.warning_groups).toEqual([
      { kind: 'payload converted from lb to kg', rows: 3, first_rows: [3, 4, 5], text: '3 rows: payload converted from lb to kg' },
      { kind: 'reach converted from in to mm', rows: 3, first_rows: [3, 4, 5], text: '3 rows: reach converted from in to mm' },
      { kind: 'axes (dof) not given: 6 assumed', rows: 1, first_rows: [5], text: '1 row: axes (dof) not given: 6 assumed' },
    ]);

    const before = await robotCount();
    const imported = bulkImportResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
    );
    expect(imported).toEqual({
      inserted: 3, updated: 0, unchanged: 0, skipped: 2, import_id: parsed.upload_id,
      attached: 0, private_copies: 0, skipped_matches: 0, errors_csv_url: `${BASE}/${parsed.upload_id}/errors.csv`,
    });
    expect(await robotCount()).toBe(before + 3);
    // Two rows were refused: the upload is kept (marked imported) for the result's error report, and cannot be imported again.
    expect(await uploadCount()).toBe(1);
    await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(404);

    const [row] = await ctx().handle.db.select().from(robots).where(and(eq(robots.ownerId, user.id), eq(robots.model, 'IRB 1200-5/0.9 Test')));
    expect(row).toMatchObject({ listed: false, status: 'active', dof: 6, payloadKg: 5, reachMm: 899, normalizedKey: 'abb|irb1200509test' });
    expect(defined(row).searchText).toContain('irb');
    expect(defined(row).compactText).toContain('irb1200509test');

    const catalog = integratorCatalogResponseSchema.parse(
      (await request(ctx().app).get('/api/integrator/catalog/robots').query({ search: 'test' }).set(bearer(token)).expect(200)).body,
    );
    expect(catalog.data.map((r) => r.model_name).sort()).toEqual(['IRB 1200-5/0.9 Test', 'M-20iD/25 Test', 'TX2-60 Test']);
    expect(catalog.data.every((r) => r.can_edit && r.permission_level === 'owner')).toBe(true);

    const pub = robotListResponseSchema.parse((await request(ctx().app).get('/api/robots').query({ q: 'TX2-60 Test' }).expect(200)).body);
    expect(pub.data.map((r) => r.model)).not.toContain('TX2-60 Test');
    // Another integrator does not see them either.
    const other = await registerUser(ctx().app, { user_type: 'integrator' });
    const theirs = await request(ctx().app).get('/api/integrator/catalog/robots').query({ search: 'TX2-60 Test' }).set(bearer(other.token)).expect(200);
    expect(theirs.body.data.map((r: { model_name: string }) => r.model_name)).not.toContain('TX2-60 Test');
  });

  it('a workbook with several sheets: the integrator sees them all, picks the right one and moves the header row', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const book = workbookBuffer(
      [
        { name: 'Read me', rows: [['Export of 2026-11-01'], ['Prices in EUR']] },
        { name: 'Fleet', rows: [['Line 4', 'Robots', 'Robots'], ['Brand', 'Model', 'Payload (kg)', 'Reach (mm)'], ['ABB', 'IRB 1200 Sheet', 5, 900], ['KUKA', 'KR 6 Sheet', 6, 901]] },
      ],
      'xlsx',
    );
    const first = bulkParseResponseSchema.parse((await parse(ctx().app, token, book, 'plant.xlsx').expect(200)).body);
    // The notes sheet names no maker or model column: the sheet with the robots is read, and the others are offered.
    expect(first.sheet_name).toBe('Fleet');
    expect(first.warnings?.[0]).toBe('Read the sheet "Fleet"; the sheet before it holds no robot rows (empty, hidden or notes only).');
    expect(first.sheets).toEqual([
      { name: 'Read me', rows: 2, hidden: false },
      { name: 'Fleet', rows: 4, hidden: false },
    ]);
    const fleet = bulkParseResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/parse`).set(bearer(token)).field('sheet', 'Fleet').field('header_row', '2').attach('file', book, 'plant.xlsx').expect(200)).body,
    );
    expect(fleet).toMatchObject({ sheet_name: 'Fleet', header_row: 2, row_count: 2, detected_columns: ['Brand', 'Model', 'Payload (kg)', 'Reach (mm)'] });
    expect(fleet.first_rows?.map((r) => r.row)).toEqual([1, 2, 3, 4]);
    const validated = bulkValidateResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: fleet.upload_id, mappings: fleet.suggested_mappings }).expect(200)).body,
    );
    expect(validated.results.valid.map((v) => [v.model, v.sheet_row])).toEqual([['IRB 1200 Sheet', 3], ['KR 6 Sheet', 4]]);

    for (const [field, value, message] of [
      ['header_row', '0', 'header_row'],
      ['header_row', '31', 'header_row'],
      ['header_row', 'two', 'header_row'],
    ] as const) {
      const res = await request(ctx().app).post(`${BASE}/parse`).set(bearer(token)).field(field, value).attach('file', book, 'plant.xlsx').expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.details ?? {})).toContain(message);
    }
    const unknown = await request(ctx().app).post(`${BASE}/parse`).set(bearer(token)).field('sheet', 'Prices').attach('file', book, 'plant.xlsx').expect(400);
    expect(unknown.body.message).toMatch(/no sheet named "Prices"; its sheets are "Read me", "Fleet"/);
  });

  it('re-importing the same file inserts nothing; changed values count as updated', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const importFile = async (file: Buffer) => {
      const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, file, 'fleet.csv').expect(200)).body);
      return bulkImportResponseSchema.parse(
        (await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
      );
    };
    expect(await importFile(messyCsv())).toMatchObject({ inserted: 3, updated: 0 });
    const count = await robotCount();
    expect(await importFile(messyCsv())).toMatchObject({ inserted: 0, updated: 0, unchanged: 3, skipped: 2 });
    expect(await robotCount()).toBe(count);

    const changed = csvBuffer([messyHeader, ['Stäubli', 'TX2-60 Test', '22', '26.4', '6'], ['STAUBLI', 'tx2 60 test', '22', '26.4', '6'], ['ABB', 'New One', '10', '40', '6']]);
    const res = await importFile(changed);
    expect(res).toMatchObject({ inserted: 1, updated: 1, unchanged: 0, skipped: 1 });
    const [row] = await ctx().handle.db.select().from(robots).where(eq(robots.model, 'TX2-60 Test'));
    expect(defined(row).payloadKg).toBe(10);
  });

  it('the upload_id form and the data form agree', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, messyCsv(), 'fleet.csv').expect(200)).body);
    const byId = await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200);
    const byData = await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ data: parsed.preview_rows, mappings: parsed.suggested_mappings }).expect(200);
    // The same rows, values and counts; the data form has no sheet, so its rows are numbered from 1
    // where the file's start on row 3 (under a title and the header).
    const fromSheet = (body: unknown) => {
      const { errors_csv_url: _url, ...answer } = bulkValidateResponseSchema.parse(body);
      return JSON.parse(JSON.stringify(answer), (key, value: unknown) =>
        key === 'sheet_row' || key === 'first_rows' ? undefined : typeof value === 'string' ? value.replace(/Row \d+: |duplicate of row \d+/g, '') : value,
      ) as unknown;
    };
    expect(byData.body.errors_csv_url).toBeNull();
    expect(fromSheet(byData.body)).toEqual(fromSheet(byId.body));
    expect(byId.body.results.valid.map((v: { sheet_row: number }) => v.sheet_row)).toEqual([3, 4, 5]);
    expect(byData.body.results.valid.map((v: { sheet_row: number }) => v.sheet_row)).toEqual([1, 2, 3]);

    const imported = await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ data: parsed.preview_rows, mappings: parsed.suggested_mappings }).expect(200);
    expect(imported.body).toMatchObject({ inserted: 3, updated: 0 });
    const again = await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200);
    expect(again.body).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
  });

  it('reads XLSX and XLS with a title row, a date column and formulas stored as text', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    for (const [bookType, name] of [['xlsx', 'fleet.xlsx'], ['biff8', 'fleet.xls']] as const) {
      const file = workbookBuffer(
        [
          {
            name: 'Fleet',
            rows: [
              ['Fleet list (confidential)'],
              ['Brand', 'Robot', 'Load capacity', 'Working range (m)', 'Axes', 'Commissioned'],
              ['KUKA', `KR 6 R900 ${bookType}`, 6, 0.901, 6, new Date(Date.UTC(2023, 5, 1))],
              ['KUKA', { formula: 'CONCATENATE("KR 10 ","R1100")', cached: `KR 10 R1100 ${bookType}` }, { formula: '5*2', cached: 10 }, 1.1, 6, null],
              ['Yaskawa', { formula: 'B3&" copy"' }, 7, 0.927, 6, null],
            ],
          },
        ],
        bookType,
      );
      const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, file, name).expect(200)).body);
      expect(parsed).toMatchObject({ row_count: 3, header_row: 2, sheet_name: 'Fleet', format: bookType === 'xlsx' ? 'xlsx' : 'xls' });
      expect(nth(parsed.preview_rows, 0).Commissioned).toBe('2023-06-01');
      expect(parsed.suggested_mappings).toMatchObject({ Brand: 'manufacturer', Robot: 'model', 'Load capacity': 'payload_kg', 'Working range (m)': 'reach_mm', Axes: 'dof', Commissioned: null });
      const mappings = parsed.suggested_mappings;
      const imported = await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings }).expect(200);
      expect(imported.body.inserted).toBe(bookType === 'xlsx' ? 3 : 2);
      const [cached] = await ctx().handle.db.select().from(robots).where(eq(robots.model, `KR 10 R1100 ${bookType}`));
      expect(cached).toMatchObject({ payloadKg: 10, reachMm: 1100 });
    }
    // The formula without a cached value: its text, stored and listed as text, never run.
    const [formula] = await ctx().handle.db.select().from(robots).where(eq(robots.model, '=B3&" copy"'));
    expect(formula).toMatchObject({ manufacturer: 'Yaskawa', payloadKg: 7 });
  });

  it('drops __proto__/constructor keys of a JSON file: nothing is polluted', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    const json = `{"data":[{"manufacturer":"ABB","model":"Proto Test","payload_kg":5,"reach_mm":900,"dof":6,"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}]}`;
    const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, Buffer.from(json), 'robots.json').expect(200)).body);
    expect(parsed.detected_columns).toEqual(['manufacturer', 'model', 'payload_kg', 'reach_mm', 'dof']);
    const body = `{"data":[{"manufacturer":"ABB","model":"Proto Data","payload_kg":5,"reach_mm":900,"__proto__":{"polluted":"yes"}}],"mappings":{"manufacturer":"manufacturer","model":"model","payload_kg":"payload_kg","reach_mm":"reach_mm"}}`;
    await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).set('Content-Type', 'application/json').send(body).expect(200);
    await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200);
    const mine = await ctx().handle.db.select().from(robots).where(eq(robots.ownerId, user.id));
    expect(mine.map((r) => r.model).sort()).toEqual(['Proto Data', 'Proto Test']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('answers clear 400s for bad files and writes nothing', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const robotsBefore = await robotCount();
    const cases: Array<[Buffer, string, RegExp]> = [
      [Buffer.alloc(0), 'empty.csv', /empty/],
      [Buffer.from('Brand,Model,Payload,Reach\r\n'), 'header.csv', /no data rows/],
      [Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0xfe, 0x00, 0x41, 0x42]), 'binary.csv', /binary data/],
      [Buffer.from('%PDF-1.7 ...'), 'report.csv', /PDF/],
      [Buffer.from('Brand,Model\nABB,IRB\n'), 'renamed.xlsx', /not an Excel workbook/],
      [zipBombs.declaredHuge(), 'bomb.xlsx', /cannot be read safely/],
      [zipBombs.extremeRatio(), 'ratio.xlsx', /cannot be read safely/],
      [zipBombs.lyingSize(), 'liar.xlsx', /cannot be read safely/],
      [Buffer.from('{"robots":[]}'), 'robots.json', /array of robots/],
    ];
    for (const [file, name, message] of cases) {
      const res = await parse(ctx().app, token, file, name);
      expect(res.status, name).toBe(400);
      const body = errorBodySchema.parse(res.body);
      expect(body.message, name).toMatch(message);
      expect(body.error).toBe(body.message);
    }
    // A file of a type we do not read is a 415 naming the accepted types (docs/api.md); the others above stay 400s.
    for (const name of ['robots.txt', 'robots.pdf', 'robots']) {
      const res = await parse(ctx().app, token, Buffer.from('Brand,Model\nABB,IRB\n'), name);
      expect(res.status, name).toBe(415);
      const body = errorBodySchema.parse(res.body);
      expect(body.code).toBe('UNSUPPORTED_FILE_TYPE');
      expect(body.message, name).toMatch(/Unsupported file type: .*Upload a \.csv, \.json, \.xlsx or \.xls file\./);
    }
    expect(await robotCount()).toBe(robotsBefore);
    expect(await uploadCount()).toBe(0);

    const noFile = await request(ctx().app).post(`${BASE}/parse`).set(bearer(token)).field('x', '1').expect(400);
    expect(noFile.body.message).toMatch(/field "file"/);
  });

  it('answers 413 for a workbook over the shipped 25 MB limit, and points to CSV (up to 200 MB)', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    expect([ctx().config.bulkUploadMaxBytes, ctx().config.bulkCsvUploadMaxBytes]).toEqual([BULK_UPLOAD_DEFAULT_MAX_BYTES, BULK_CSV_UPLOAD_DEFAULT_MAX_BYTES]);
    const big = Buffer.alloc(BULK_UPLOAD_DEFAULT_MAX_BYTES + 1, 0x41);
    const res = await parse(ctx().app, token, big, 'big.xlsx').expect(413);
    expect(errorBodySchema.parse(res.body)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is larger than the 25 MB limit for .xlsx, .xls and .json files. Save it as CSV (up to 200 MB) or split it into smaller files and upload it again.',
    });
    expect(await uploadCount()).toBe(0);
  });

  it('streams the file to a temporary file and removes it whether parsing succeeds or fails; parses one file at a time', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    // The app's temporary folder (DATA_DIR/tmp), which the server sweeps of leftovers at start.
    const dir = path.join(ctx().config.dataDir, 'tmp');
    const ours = () => readdirSync(dir).filter((n) => n.startsWith(UPLOAD_FILE_PREFIX));
    expect(ours()).toEqual([]);
    const written = new Set<string>();
    const watcher = watch(dir, (_event, name) => {
      if (name) written.add(name);
    });
    try {
      // Three at once: they are read one after the other, each answers for its own file.
      const files = [messyCsv(), csvBuffer([['Brand', 'Model', 'Payload', 'Reach'], ['ABB', 'Tmp 1', '5', '900']]), messyCsv()];
      const answers = await Promise.all(files.map((f, i) => parse(ctx().app, token, f, `f${i}.csv`)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(answers.map((r) => r.body.row_count)).toEqual([5, 1, 5]);
      expect(new Set(answers.map((r) => r.body.upload_id)).size).toBe(3);
      await parse(ctx().app, token, Buffer.from('%PDF-1.7 ...'), 'report.csv').expect(400);
      await parse(ctx().app, token, Buffer.from('x'), 'robots.txt').expect(415);
      await parse(ctx().app, token, Buffer.alloc(BULK_UPLOAD_DEFAULT_MAX_BYTES + 1, 0x41), 'big.xlsx').expect(413);
      // Files are removed when each request ends, which may be just after its answer: wait for it (a busy machine is slow).
      for (let waited = 0; ours().length && waited < 3000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect([...written].filter((n) => n.startsWith(UPLOAD_FILE_PREFIX)).length).toBeGreaterThanOrEqual(6);
      expect(ours()).toEqual([]);
    } finally {
      watcher.close();
    }
  });

  it('refuses mappings naming unknown columns or targets (400 naming them)', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, messyCsv(), 'fleet.csv').expect(200)).body);
    const unknownColumn = await request(ctx().app)
      .post(`${BASE}/validate`)
      .set(bearer(token))
      .send({ upload_id: parsed.upload_id, mappings: { ...parsed.suggested_mappings, Colour: 'model' } })
      .expect(400);
    expect(errorBodySchema.parse(unknownColumn.body)).toMatchObject({ code: 'VALIDATION_FAILED', details: { 'mappings.Colour': [expect.stringMatching(/Unknown column "Colour"/)] } });

    const unknownTarget = await request(ctx().app)
      .post(`${BASE}/import`)
      .set(bearer(token))
      .send({ upload_id: parsed.upload_id, mappings: { ...parsed.suggested_mappings, 'Mfr.': 'maker' } })
      .expect(400);
    expect(unknownTarget.body.code).toBe('VALIDATION_FAILED');
    expect(unknownTarget.body.details['mappings.Mfr.'][0]).toMatch(/Unknown target field/);

    const missing = await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: { 'Mfr.': 'manufacturer' } }).expect(400);
    expect(Object.keys(missing.body.details)).toEqual(['model', 'payload_kg', 'reach_mm']);

    const neither = await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ mappings: {} }).expect(400);
    expect(neither.body.code).toBe('VALIDATION_FAILED');
    const noValid = await request(ctx().app)
      .post(`${BASE}/import`)
      .set(bearer(token))
      .send({ data: [{ a: 'x', b: 'y', c: 'z', d: 'w' }], mappings: { a: 'manufacturer', b: 'model', c: 'payload_kg', d: 'reach_mm' } })
      .expect(400);
    expect(noValid.body.message).toMatch(/Nothing to import/);
  });

  it('rolls the whole import back when it fails midway', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    const header = ['Manufacturer', 'Model', 'Payload', 'Reach', 'Axes'];
    const first = csvBuffer([header, ['ABB', 'Kept 1', '5', '900', '6']]);
    const p1 = bulkParseResponseSchema.parse((await parse(ctx().app, token, first, 'a.csv').expect(200)).body);
    await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: p1.upload_id, mappings: p1.suggested_mappings }).expect(200);

    // 2,500 rows = 3 batches; the failing row is in the third, after 2,000 rows went in.
    const rows = Array.from({ length: 2500 }, (_, i) => ['Maker', i === 2200 ? 'FAIL-ME' : `Bulk ${i}`, '10', '1000', '6']);
    rows[5] = ['ABB', 'Kept 1', '7', '900', '6']; // would update the existing robot
    const big = csvBuffer([header, ...rows]);
    const p2 = bulkParseResponseSchema.parse((await parse(ctx().app, token, big, 'b.csv').expect(200)).body);

    const db = ctx().handle.db;
    await db.execute(sql.raw(`create or replace function cf_fail_import() returns trigger language plpgsql as $$
      begin if new.model = 'FAIL-ME' then raise exception 'forced failure for the rollback test'; end if; return new; end $$`));
    await db.execute(sql.raw('create trigger cf_fail_import before insert on robots for each row execute function cf_fail_import()'));
    const before = await robotCount();
    try {
      const res = await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: p2.upload_id, mappings: p2.suggested_mappings }).expect(500);
      expect(errorBodySchema.parse(res.body).code).toBe('INTERNAL');
    } finally {
      await db.execute(sql.raw('drop trigger cf_fail_import on robots'));
      await db.execute(sql.raw('drop function cf_fail_import()'));
    }
    expect(await robotCount()).toBe(before);
    const [kept] = await db.select().from(robots).where(and(eq(robots.ownerId, user.id), eq(robots.model, 'Kept 1')));
    expect(defined(kept).payloadKg).toBe(5);
    // The upload survives the failed import and can be imported once the cause is gone.
    const retry = await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: p2.upload_id, mappings: p2.suggested_mappings }).expect(200);
    expect(retry.body).toMatchObject({ inserted: 2499, updated: 1, unchanged: 0, skipped: 0 });
  });

  it('caps the listed results at 1,000 each and gives every error in errors.csv', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const rows = Array.from({ length: 2200 }, (_, i) => (i % 2 ? ['Maker', `Good ${i}`, '10', '1000', '6'] : ['Maker', `=Bad ${i}`, 'n/a', '1000', '6']));
    rows[1500] = ['maker', 'good 9', '10', '1000', '6']; // row 1501 (an error row before) repeats row 10, a stream chunk later
    const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, csvBuffer([['Brand', 'Model', 'Payload', 'Reach', 'Axes'], ...rows]), 'big.csv').expect(200)).body);
    const v = bulkValidateResponseSchema.parse(
      (await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings }).expect(200)).body,
    );
    expect(v).toMatchObject({ valid_count: 1100, error_count: 1100, warning_count: 0, truncated: true });
    expect(v.results.valid).toHaveLength(1000);
    expect(v.results.errors).toHaveLength(1000);

    const csv = await request(ctx().app).get(defined(v.errors_csv_url)).set(bearer(token)).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="big-errors.csv"');
    const table = Papa.parse<string[]>(csv.text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(table[0]).toEqual(['row', 'errors', 'Brand', 'Model', 'Payload', 'Reach', 'Axes']);
    expect(table).toHaveLength(1101);
    // Rows as the spreadsheet shows them (the header is row 1): data row 1501 is row 1502.
    expect(table.find((r) => r[0] === '1502')?.[1]).toBe('duplicate of row 11: the same manufacturer and model appear twice in the file');
    // A cell starting with "=" is escaped so a spreadsheet shows it instead of running it.
    expect(table[1]).toEqual(['2', 'payload is missing', 'Maker', "'=Bad 0", 'n/a', '1000', '6']);

    const other = await registerUser(ctx().app, { user_type: 'integrator' });
    await request(ctx().app).get(defined(v.errors_csv_url)).set(bearer(other.token)).expect(404);
  });

  it('expires uploads after 24 hours and never shows another user their upload', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const other = await registerUser(ctx().app, { user_type: 'integrator' });
    const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, messyCsv(), 'fleet.csv').expect(200)).body);
    const body = { upload_id: parsed.upload_id, mappings: parsed.suggested_mappings };
    await request(ctx().app).post(`${BASE}/validate`).set(bearer(other.token)).send(body).expect(404);
    await request(ctx().app).post(`${BASE}/import`).set(bearer(other.token)).send(body).expect(404);
    await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ ...body, upload_id: 'not-an-id' }).expect(404);
    await ctx().handle.db.update(bulkUploads).set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) });
    const gone = await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send(body).expect(404);
    expect(gone.body.message).toMatch(/expired/);
    await request(ctx().app).get(`${BASE}/${parsed.upload_id}/errors.csv`).set(bearer(token)).expect(404);
  });

  it('keeps at most 10 pending uploads per person', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    for (let i = 0; i < 12; i += 1) await parse(ctx().app, token, messyCsv(), `f${i}.csv`).expect(200);
    expect(await uploadCount()).toBe(10);
  });

  it('refuses anonymous (401) and the wrong roles (403) on every route', async () => {
    const customer = await registerUser(ctx().app);
    const supplier = await registerUser(ctx().app, { user_type: 'supplier' });
    const integrator = await registerUser(ctx().app, { user_type: 'integrator' });
    const routes: Array<[string, 'post' | 'get', string]> = [
      [BASE, 'post', '/parse'],
      [BASE, 'post', '/validate'],
      [BASE, 'post', '/import'],
      [BASE, 'get', '/00000000-0000-0000-0000-000000000000/errors.csv'],
      ['/api/supplier/bulk-upload', 'post', '/parse'],
      ['/api/supplier/bulk-upload', 'post', '/validate'],
      ['/api/supplier/bulk-upload', 'post', '/import'],
      ['/api/supplier/bulk-upload', 'get', '/00000000-0000-0000-0000-000000000000/errors.csv'],
    ];
    for (const [base, method, path] of routes) {
      const url = `${base}${path}`;
      expect((await request(ctx().app)[method](url)).status, url).toBe(401);
      expect((await request(ctx().app)[method](url).set(bearer(customer.token))).status, url).toBe(403);
      const wrong = base === BASE ? supplier : integrator;
      const res = await request(ctx().app)[method](url).set(bearer(wrong.token));
      expect(res.status, url).toBe(403);
      expect(errorBodySchema.parse(res.body).code).toBe('FORBIDDEN');
    }
    await request(ctx().app).get(`${BASE}/00000000-0000-0000-0000-000000000000/errors.csv`).set(bearer(integrator.token)).expect(404);
  });

  it('lets a supplier bulk-upload listings that the public catalog shows', async () => {
    const { token, user } = await registerUser(ctx().app, { user_type: 'supplier' });
    const base = '/api/supplier/bulk-upload';
    // Load the public catalog's search index first: the import must invalidate it.
    const before = robotListResponseSchema.parse((await request(ctx().app).get('/api/robots').query({ q: 'Listing Bulk 1' }).expect(200)).body);
    expect(before.data.map((r) => r.model)).not.toContain('Listing Bulk 1');
    const file = csvBuffer([['Brand', 'Model', 'Payload (kg)', 'Reach (mm)', 'DOF'], ['RoboSupply', 'Listing Bulk 1', '12', '1300', '6']]);
    const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, file, 'listings.csv', base).expect(200)).body);
    const mappings: BulkMappings = parsed.suggested_mappings;
    const res = await request(ctx().app).post(`${base}/import`).set(bearer(token)).send({ upload_id: parsed.upload_id, mappings }).expect(200);
    expect(res.body).toMatchObject({ inserted: 1, updated: 0 });
    // A supplier's rows are offers on catalog models; a model the catalog lacks is one they contribute.
    const [row] = await ctx().handle.db.select().from(robots).where(eq(robots.contributedBy, user.id));
    expect(row).toMatchObject({ ownerId: null, listed: true, model: 'Listing Bulk 1', category: 'articulated' });
    const pub = robotListResponseSchema.parse((await request(ctx().app).get('/api/robots').query({ q: 'Listing Bulk 1' }).expect(200)).body);
    expect(pub.data.map((r) => r.model)).toContain('Listing Bulk 1');
    const mine = await request(ctx().app).get('/api/supplier/listings').set(bearer(token)).expect(200);
    expect(mine.body.data).toHaveLength(1);
  });
});

describe.each(testBackends)('bulk upload size limits on %s (a CSV has its own, larger limit)', (backend) => {
  // Small limits so the files stay small: workbooks and JSON 64 KB, CSV 256 KB (shipped: 25 MB and 200 MB).
  const ctx = useTestApp(backend, { bulkUploadMaxBytes: 64 * 1024, bulkCsvUploadMaxBytes: 256 * 1024 });
  const uploadCount = async () => Number(nth((await ctx().handle.db.select({ n: sql<number>`count(*)` }).from(bulkUploads)), 0).n);
  const ours = () => readdirSync(path.join(ctx().config.dataDir, 'tmp')).filter((n) => n.startsWith(UPLOAD_FILE_PREFIX));

  /** A supplier's fleet export of `rows` rows (about 40 bytes a row). */
  const fleetCsv = (rows: number) => {
    const lines: Array<Array<string | number>> = [['Brand', 'Model', 'Payload (kg)', 'Reach (mm)', 'Axes']];
    for (let i = 0; i < rows; i += 1) lines.push(['KUKA', `KR Limit ${i}`, 5 + (i % 100), 900 + (i % 2000), 6]);
    return csvBuffer(lines);
  };

  it('takes a CSV larger than the workbook limit (streamed), and answers 413 naming the CSV limit above it', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'supplier' });
    const base = '/api/supplier/bulk-upload';
    const fits = fleetCsv(4000);
    expect(fits.length).toBeGreaterThan(64 * 1024);
    expect(fits.length).toBeLessThan(256 * 1024);
    const parsed = bulkParseResponseSchema.parse((await parse(ctx().app, token, fits, 'fleet.csv', base).expect(200)).body);
    expect(parsed.row_count).toBe(4000);

    const over = fleetCsv(12000);
    expect(over.length).toBeGreaterThan(256 * 1024);
    const res = await parse(ctx().app, token, over, 'fleet.csv', base).expect(413);
    expect(errorBodySchema.parse(res.body)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: expect.any(String),
      message: 'The file is larger than the 256 KB limit for CSV files. Split it into smaller files and upload them one by one.',
    });
    expect(await uploadCount()).toBe(1);
    expect(ours()).toEqual([]);
  });

  it('refuses a workbook or JSON file over its own limit with 413 (nothing stored, nothing left on disk); an unknown type stays 415', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const bytes = Buffer.alloc(100 * 1024, 0x41);
    for (const name of ['fleet.xlsx', 'fleet.XLS', 'fleet.json']) {
      const res = await parse(ctx().app, token, bytes, name).expect(413);
      expect(errorBodySchema.parse(res.body)).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The file is larger than the 64 KB limit for .xlsx, .xls and .json files. Save it as CSV (up to 256 KB) or split it into smaller files and upload it again.',
      });
    }
    const txt = await parse(ctx().app, token, bytes, 'fleet.txt').expect(415);
    expect(txt.body.code).toBe('UNSUPPORTED_FILE_TYPE');
    // Over the larger (CSV) limit, a workbook is still told its own limit.
    const huge = await parse(ctx().app, token, Buffer.alloc(300 * 1024, 0x41), 'huge.xlsx').expect(413);
    expect(huge.body.message).toMatch(/^The file is larger than the 64 KB limit for \.xlsx, \.xls and \.json files\./);
    expect(await uploadCount()).toBe(0);
    expect(ours()).toEqual([]);
  });
});
