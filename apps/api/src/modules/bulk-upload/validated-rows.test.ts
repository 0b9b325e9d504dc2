import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import { bulkImportResponseSchema, bulkParseResponseSchema, bulkValidateResponseSchema } from '@cellforge/contracts';
import { bulkUploadRows, bulkUploads, robots } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { csvBuffer } from './test-fixtures';

const BASE = '/api/integrator/bulk-upload';

/**
 * One validation pass (issue 14): the validate step keeps the valid rows with the upload and
 * the import stages those instead of validating every row again, but only when the import
 * asks for exactly what was validated (same mappings, same edits).
 */
describe.each(testBackends)('an import reuses the validation of the same request on %s', (backend) => {
  const ctx = useTestApp(backend);

  /** An integrator's fleet list: three good rows, one without a payload. */
  async function upload() {
    const { token, user } = await registerUser(ctx().app, { user_type: 'integrator' });
    const file = csvBuffer([
      ['Brand', 'Model', 'Payload (kg)', 'Reach (mm)', 'Axes', 'Weight (kg)'],
      ['Keptco', 'KC-1', '10', '1200', '6', '150'],
      ['Keptco', 'KC-2', '20', '1400', '6', '180'],
      ['Keptco', 'KC-3', '', '1600', '6', '200'],
      ['Keptco', 'KC-4', '40', '1800', '4', '220'],
    ]);
    const parsed = bulkParseResponseSchema.parse((await request(ctx().app).post(`${BASE}/parse`).set(bearer(token)).attach('file', file, 'fleet.csv').expect(200)).body);
    return { token, userId: user.id, uploadId: parsed.upload_id ?? '', mappings: parsed.suggested_mappings };
  }

  const keptRows = async (uploadId: string) =>
    ctx().handle.db.select({ chunk: bulkUploadRows.chunk, body: bulkUploadRows.body }).from(bulkUploadRows).where(and(eq(bulkUploadRows.uploadId, uploadId), sql`${bulkUploadRows.chunk} < 0`));

  const payloadOf = async (userId: string, model: string) =>
    (await ctx().handle.db.select({ payload: robots.payloadKg, weight: robots.weightKg }).from(robots).where(and(eq(robots.ownerId, userId), eq(robots.model, model))))[0];

  it('keeps the valid rows when validating and imports those (the kept rows are what is written)', async () => {
    const { token, userId, uploadId, mappings } = await upload();
    const v = bulkValidateResponseSchema.parse((await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(200)).body);
    expect(v).toMatchObject({ valid_count: 3, error_count: 1 });
    const kept = await keptRows(uploadId);
    expect(kept.length).toBe(1);
    const rows = JSON.parse(kept[0]?.body ?? '[]') as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.r, r.mo, r.p, r.w])).toEqual([[1, 'KC-1', 10, 150], [2, 'KC-2', 20, 180], [4, 'KC-4', 40, 220]]);
    expect(rows[0]).not.toHaveProperty('choice');
    expect(rows[0]).not.toHaveProperty('ds'); // null columns (the description) are left out

    // Proof that the import reads the kept rows and does not validate the file again: a kept value changed in place is what it writes.
    await ctx().handle.db.update(bulkUploadRows).set({ body: kept[0]?.body.replace(`"p":20,`, `"p":21,`) ?? '' }).where(and(eq(bulkUploadRows.uploadId, uploadId), eq(bulkUploadRows.chunk, -1)));
    const imported = bulkImportResponseSchema.parse((await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(200)).body);
    expect(imported).toMatchObject({ inserted: 3, updated: 0, unchanged: 0, skipped: 1 });
    expect(await payloadOf(userId, 'KC-2')).toEqual({ payload: 21, weight: 180 });
    expect(await payloadOf(userId, 'KC-3')).toBeUndefined();
  });

  it('validates again when the import sends other mappings or edits than the validation had', async () => {
    const { token, userId, uploadId, mappings } = await upload();
    await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(200);
    const kept = await keptRows(uploadId);
    await ctx().handle.db.update(bulkUploadRows).set({ body: kept[0]?.body.replace(`"p":20,`, `"p":21,`) ?? '' }).where(and(eq(bulkUploadRows.uploadId, uploadId), eq(bulkUploadRows.chunk, -1)));
    // The weight column ignored, and the missing payload typed in at import: the file is read again with both.
    const imported = bulkImportResponseSchema.parse(
      (
        await request(ctx().app)
          .post(`${BASE}/import`)
          .set(bearer(token))
          .send({ upload_id: uploadId, mappings: { ...mappings, 'Weight (kg)': null }, edits: [{ row: 3, column: 'Payload (kg)', value: '30' }] })
          .expect(200)
      ).body,
    );
    expect(imported).toMatchObject({ inserted: 4, skipped: 0 });
    expect(await payloadOf(userId, 'KC-2')).toEqual({ payload: 20, weight: null });
    expect(await payloadOf(userId, 'KC-3')).toEqual({ payload: 30, weight: null });
  });

  it('a second validation replaces the kept rows; a validation of other mappings is not reused by an import of the first', async () => {
    const { token, userId, uploadId, mappings } = await upload();
    await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: uploadId, mappings: { ...mappings, 'Weight (kg)': null } }).expect(200);
    await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: uploadId, mappings: { ...mappings, 'Weight (kg)': null } }).expect(200);
    const kept = await keptRows(uploadId);
    expect(kept.map((k) => k.chunk)).toEqual([-1]);
    expect(kept[0]?.body).not.toContain('weight_kg');
    const [meta] = await ctx().handle.db.select({ meta: bulkUploads.meta }).from(bulkUploads).where(eq(bulkUploads.id, uploadId));
    expect(meta?.meta.validated).toMatchObject({ valid: 3, errors: 1 });
    // The import maps the weight again: not what was validated, so every row is read again and the weights are written.
    const imported = bulkImportResponseSchema.parse((await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: uploadId, mappings }).expect(200)).body);
    expect(imported).toMatchObject({ inserted: 3, skipped: 1 });
    expect(await payloadOf(userId, 'KC-4')).toEqual({ payload: 40, weight: 220 });
  });
});
