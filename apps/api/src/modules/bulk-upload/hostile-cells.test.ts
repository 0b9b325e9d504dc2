import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { errorBodySchema } from '@cellforge/contracts';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { csvBuffer, workbookBuffer } from './test-fixtures';

const BASE = '/api/integrator/bulk-upload';
const header = ['manufacturer', 'model', 'payload_kg', 'reach_mm', 'dof'];
const mappings = { manufacturer: 'manufacturer', model: 'model', payload_kg: 'payload_kg', reach_mm: 'reach_mm', dof: 'dof' };
/** Text PostgreSQL cannot store: NUL, and lone UTF-16 surrogates (not valid Unicode). */
const hostile = { nul: 'IRB\u0000 1200', high: 'IRB \ud800 1200', low: 'IRB \udfff 1200' } as const;

/** A 4xx with the JSON error body, never a 5xx. */
function expectClearRefusal(res: request.Response, label: string) {
  expect(res.status, `${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  expect(errorBodySchema.safeParse(res.body).success, label).toBe(true);
}

describe.each(testBackends)('bulk upload with NUL and lone surrogates on %s (attacker)', (backend) => {
  const ctx = useTestApp(backend);

  it('refuses rows sent as JSON data with NUL or a lone surrogate with a 400, never a 500', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    for (const [label, value] of Object.entries(hostile)) {
      for (const step of ['validate', 'import']) {
        const data = [{ manufacturer: 'ABB', model: value, payload_kg: 7, reach_mm: 700, dof: 6 }];
        const res = await request(ctx().app).post(`${BASE}/${step}`).set(bearer(token)).send({ data, mappings });
        expectClearRefusal(res, `${step} ${label}`);
        expect(res.status).toBe(400);
      }
    }
  });

  it('answers a file with NUL or a lone surrogate in a cell with a 400 or a per-row error, never a 500', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const files: Array<[string, Buffer, string]> = [];
    for (const [label, value] of Object.entries(hostile)) {
      const rows = [header, ['ABB', value, '7', '700', '6'], ['ABB', 'IRB 1200 fine', '7', '700', '6']];
      files.push([`csv utf-8 ${label}`, csvBuffer(rows), 'robots.csv']);
      files.push([`csv utf-16 ${label}`, csvBuffer(rows, { encoding: 'utf16le' }), 'robots.csv']);
      files.push([`xlsx ${label}`, workbookBuffer([{ name: 'Robots', rows }], 'xlsx'), 'robots.xlsx']);
      files.push([`json ${label}`, Buffer.from(JSON.stringify(rows.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))))), 'robots.json']);
    }
    for (const [label, file, name] of files) {
      const parsed = await request(ctx().app).post(`${BASE}/parse`).set(bearer(token)).attach('file', file, name);
      if (parsed.status !== 200) {
        expectClearRefusal(parsed, `parse ${label}`);
        continue;
      }
      const uploadId = parsed.body.upload_id as string;
      expect(JSON.stringify(parsed.body), label).not.toMatch(/\\u0000|\\ud[89a-f][0-9a-f]{2}/i);
      const validated = await request(ctx().app).post(`${BASE}/validate`).set(bearer(token)).send({ upload_id: uploadId, mappings });
      expect(validated.status, `validate ${label}: ${JSON.stringify(validated.body).slice(0, 200)}`).toBeLessThan(500);
      const errors = await request(ctx().app).get(`${BASE}/${uploadId}/errors.csv`).set(bearer(token));
      expect(errors.status, `errors.csv ${label}`).toBeLessThan(500);
      const imported = await request(ctx().app).post(`${BASE}/import`).set(bearer(token)).send({ upload_id: uploadId, mappings });
      expect(imported.status, `import ${label}: ${JSON.stringify(imported.body).slice(0, 200)}`).toBeLessThan(500);
      if (imported.status === 200) expect(JSON.stringify(imported.body), label).not.toMatch(/\\u0000|\\ud[89a-f][0-9a-f]{2}/i);
    }
  });
});
