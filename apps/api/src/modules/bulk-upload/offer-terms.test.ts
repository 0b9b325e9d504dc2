/**
 * A supplier's stock list becomes offers with its own terms (issue 14: the offer fields of the
 * marketplace issue are mappable for suppliers only). The file is the one a used-robot dealer
 * keeps: German headers ("Cond.", "Währung", "Lieferzeit (Wochen)", "Menge"), "refurb" and
 * "gebraucht", "6-8 weeks", euro signs, a model offered in two conditions; then bad cells.
 */
import request from 'supertest';
import * as XLSX from 'xlsx';
import { describe, expect, it, vi } from 'vitest';
import { bulkParseResponseSchema, bulkValidateResponseSchema, errorBodySchema, offerListResponseSchema, type BulkParseResponse } from '@cellforge/contracts';
import { seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

const SUPPLIER = '/api/supplier/bulk-upload';
const INTEGRATOR = '/api/integrator/bulk-upload';

/** The dealer's list: ';' separated (decimal commas), as Excel saves it in Germany. */
const stockList = () =>
  Buffer.from(
    [
      'Hersteller;Modell;Traglast (kg);Reichweite (mm);Preis;Währung;Cond.;Lieferzeit (Wochen);Menge',
      'Zeta Robotics;ZR-12;12;1300;18.500;€;refurb;6-8 weeks;2',
      'Zeta Robotics;ZR-20;20;1800;24000;EUR;gebraucht;ab Lager;1',
      'Zeta Robotics;ZR-20;20;1800;39000;EUR;neu;10 Tage;',
      'Zeta Robotics;ZR-7 L;7;900;9900;USD;second-hand;3;4 Stk.',
    ].join('\r\n'),
    'utf8',
  );

describe.each(testBackends)('a supplier\'s offer terms in a bulk upload (%s)', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });

  async function parse(token: string, file: Buffer, name: string, base = SUPPLIER): Promise<BulkParseResponse> {
    const res = await request(ctx().app).post(`${base}/parse`).set(bearer(token)).attach('file', file, name);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return bulkParseResponseSchema.parse(res.body);
  }
  async function offers(token: string) {
    const res = await request(ctx().app).get('/api/supplier/offers').set(bearer(token)).expect(200);
    return offerListResponseSchema.parse(res.body).data;
  }
  const terms = (o: Awaited<ReturnType<typeof offers>>[number]) => ({
    model: o.robot.model, condition: o.condition, currency: o.currency, price_min: o.price_min, price_max: o.price_max, lead_time_weeks: o.lead_time_weeks, quantity: o.quantity,
  });

  it('maps "Währung", "Cond.", "Lieferzeit (Wochen)" and "Menge", reads refurb / gebraucht / 6-8 weeks / ab Lager, and writes each row as an offer with those terms', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'supplier', company_name: 'Gebrauchtroboter Graz' });
    const p = await parse(token, stockList(), 'lager.csv');
    expect(p.suggested_mappings).toEqual({
      Hersteller: 'manufacturer', Modell: 'model', 'Traglast (kg)': 'payload_kg', 'Reichweite (mm)': 'reach_mm', Preis: 'price_usd',
      Währung: 'currency', 'Cond.': 'condition', 'Lieferzeit (Wochen)': 'lead_time_weeks', Menge: 'quantity',
    });

    const v = bulkValidateResponseSchema.parse(
      (await request(ctx().app).post(`${SUPPLIER}/validate`).set(bearer(token)).send({ upload_id: p.upload_id, mappings: p.suggested_mappings }).expect(200)).body,
    );
    // ZR-20 twice is one model in two conditions, not a duplicate.
    expect(v).toMatchObject({ valid_count: 4, error_count: 0 });
    expect(v.results.valid.map((e) => [e.model, e.offer])).toEqual([
      ['ZR-12', { currency: 'EUR', price_min: 18500, price_max: 18500, condition: 'refurbished', lead_time_weeks: 8, quantity: 2 }],
      ['ZR-20', { currency: 'EUR', price_min: 24000, price_max: 24000, condition: 'used', lead_time_weeks: 0, quantity: 1 }],
      ['ZR-20', { currency: 'EUR', price_min: 39000, price_max: 39000, condition: 'new', lead_time_weeks: 2 }],
      ['ZR-7 L', { currency: 'USD', price_min: 9900, price_max: 9900, condition: 'used', lead_time_weeks: 3, quantity: 4 }],
    ]);
    // A euro price is the offer's only: the catalog's list price is USD.
    expect(v.results.valid[0]?.fields?.price_min_usd).toBeUndefined();
    expect(v.results.valid[3]?.fields).toMatchObject({ price_min_usd: 9900 });
    expect(v.warning_groups.map((g) => g.text)).toEqual(expect.arrayContaining(['1 row: lead time range: the longer end kept', '1 row: lead time converted from days to weeks']));
    expect(v.results.valid[0]?.warnings).toContain('Row 2: lead time 6-8 weeks read as 8 weeks (the longer end)');

    const imported = await request(ctx().app).post(`${SUPPLIER}/import`).set(bearer(token)).send({ upload_id: p.upload_id, mappings: p.suggested_mappings }).expect(200);
    expect(imported.body).toMatchObject({ inserted: 4, updated: 0, skipped: 0 });
    const mine = (await offers(token)).map(terms).sort((a, b) => `${a.model}${a.condition}`.localeCompare(`${b.model}${b.condition}`));
    expect(mine).toEqual([
      { model: 'ZR-12', condition: 'refurbished', currency: 'EUR', price_min: 18500, price_max: 18500, lead_time_weeks: 8, quantity: 2 },
      { model: 'ZR-20', condition: 'new', currency: 'EUR', price_min: 39000, price_max: 39000, lead_time_weeks: 2, quantity: null },
      { model: 'ZR-20', condition: 'used', currency: 'EUR', price_min: 24000, price_max: 24000, lead_time_weeks: 0, quantity: 1 },
      { model: 'ZR-7 L', condition: 'used', currency: 'USD', price_min: 9900, price_max: 9900, lead_time_weeks: 3, quantity: 4 },
    ]);

    // The same list again: the models are now the catalog's (contributed), so the rows attach to them; the offers stay as they were.
    const again = await parse(token, stockList(), 'lager.csv');
    expect((await request(ctx().app).post(`${SUPPLIER}/import`).set(bearer(token)).send({ upload_id: again.upload_id, mappings: again.suggested_mappings }).expect(200)).body).toMatchObject({ inserted: 0, updated: 0, attached: 4 });
    expect((await offers(token)).map(terms).sort((a, b) => `${a.model}${a.condition}`.localeCompare(`${b.model}${b.condition}`))).toEqual(mine);
    // A new lead time updates that offer only, and the cells it leaves empty (quantity, no price column) keep the offer's values.
    const changed = Buffer.from(['Hersteller;Modell;Traglast (kg);Reichweite (mm);Cond.;Lieferzeit (Wochen);Menge', 'Zeta Robotics;ZR-12;12;1300;Refurbished;12;'].join('\r\n'));
    const third = await parse(token, changed, 'update.csv');
    await request(ctx().app).post(`${SUPPLIER}/import`).set(bearer(token)).send({ upload_id: third.upload_id, mappings: third.suggested_mappings }).expect(200);
    const after = await offers(token);
    expect(after).toHaveLength(4);
    expect(after.map(terms).find((o) => o.model === 'ZR-12')).toEqual({ model: 'ZR-12', condition: 'refurbished', currency: 'EUR', price_min: 18500, price_max: 18500, lead_time_weeks: 12, quantity: 2 });
  });

  it('a model of the shared catalog, attached, gets the offer in the row\'s terms too', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'supplier' });
    const file = Buffer.from(['Manufacturer,Model,Payload (kg),Reach (mm),Price,Currency,Condition,Lead time,Qty', 'FANUC,CRX-10iA/L,10,1418,"£21,000",,Reconditioned,2 months,3'].join('\r\n'));
    const p = await parse(token, file, 'stock.csv');
    const res = await request(ctx().app).post(`${SUPPLIER}/import`).set(bearer(token)).send({ upload_id: p.upload_id, mappings: p.suggested_mappings }).expect(200);
    expect(res.body).toMatchObject({ attached: 1 });
    expect((await offers(token)).map(terms)).toEqual([
      { model: 'CRX-10iA/L', condition: 'refurbished', currency: 'GBP', price_min: 21000, price_max: 21000, lead_time_weeks: 9, quantity: 3 },
    ]);
  });

  it('bad terms are per-row messages naming the value, never a 500; the good rows import and nothing of the bad ones is written', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'supplier' });
    const file = Buffer.from(
      [
        'Manufacturer,Model,Payload (kg),Reach (mm),Price,Currency,Condition,Lead time (weeks),Quantity',
        'Zeta Robotics,ZR-1,5,700,1000,CHF,used,2,1',
        'Zeta Robotics,ZR-2,5,700,1000,EUR,kaputt,2,1',
        'Zeta Robotics,ZR-3,5,700,1000,EUR,used,asap,1',
        'Zeta Robotics,ZR-4,5,700,1000,EUR,used,2,0',
        'Zeta Robotics,ZR-5,5,700,1000,EUR,used,200,1',
        'Zeta Robotics,ZR-6,5,700,€ 1000,USD,used,2,1',
        'Zeta Robotics,ZR-OK,5,700,1000,EUR,used,2,1',
      ].join('\n'),
    );
    const p = await parse(token, file, 'bad-terms.csv');
    const v = bulkValidateResponseSchema.parse(
      (await request(ctx().app).post(`${SUPPLIER}/validate`).set(bearer(token)).send({ upload_id: p.upload_id, mappings: p.suggested_mappings }).expect(200)).body,
    );
    const said = Object.fromEntries(v.results.errors.map((e) => [e.sheet_row, e.errors.join(' | ')]));
    expect(said).toEqual({
      2: 'currency "CHF" is not one offers are listed in (write USD, EUR, GBP; €, $ and £ also work)',
      3: 'condition "kaputt" is not new, used or refurbished (write one of those; "refurb", "gebraucht" or "second-hand" also work)',
      4: 'lead time "asap" is not a number of weeks (write 6, "6 weeks", "6-8 weeks", "10 days" or "in stock")',
      5: 'quantity 0 is outside 1 to 100,000 (an offer needs at least one unit; leave the row out when none is left)',
      6: 'lead time 200 is more than 104 weeks (2 years)',
      7: 'price "€ 1000" is in EUR but the row\'s currency is USD',
    });
    expect(v.results.errors.find((e) => e.sheet_row === 3)?.cell_errors).toEqual([{ column: 'Condition', message: expect.stringMatching(/^condition "kaputt"/) }]);
    const res = await request(ctx().app).post(`${SUPPLIER}/import`).set(bearer(token)).send({ upload_id: p.upload_id, mappings: p.suggested_mappings }).expect(200);
    expect(res.body).toMatchObject({ inserted: 1, skipped: 6 });
    expect((await offers(token)).map((o) => o.robot.model)).toEqual(['ZR-OK']);
  });

  it("an integrator's import keeps robots, not offers: the terms are not suggested, and mapping one is refused naming the column", async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'integrator' });
    const p = await parse(token, stockList(), 'lager.csv', INTEGRATOR);
    expect(p.suggested_mappings).toMatchObject({ Währung: null, 'Cond.': null, 'Lieferzeit (Wochen)': null, Menge: null, Preis: 'price_usd' });
    const res = await request(ctx().app).post(`${INTEGRATOR}/validate`).set(bearer(token)).send({ upload_id: p.upload_id, mappings: { ...p.suggested_mappings, 'Cond.': 'condition' } });
    expect(res.status).toBe(400);
    const body = errorBodySchema.parse(res.body);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details?.['mappings.Cond.']).toEqual(['condition is a term of a supplier\'s offer: an integrator\'s import keeps robots, not offers; set "Cond." to Ignore']);
  });

  it("a supplier's template has the offer's columns, and they map back with no manual step", async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'supplier' });
    const csv = await request(ctx().app).get(`${SUPPLIER}/template.csv`).set(bearer(token)).expect(200);
    expect(csv.text).toMatch(/Currency,Condition,Lead time \(weeks\),Quantity/);
    const p = await parse(token, Buffer.from(csv.text), 'template.csv');
    expect(p.suggested_mappings).toMatchObject({ Currency: 'currency', Condition: 'condition', 'Lead time (weeks)': 'lead_time_weeks', Quantity: 'quantity', 'Price (USD)': 'price_usd' });
    const book = XLSX.read((await request(ctx().app).get(`${INTEGRATOR}/template.xlsx`).set(bearer((await registerUser(ctx().app, { user_type: 'integrator' })).token)).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200)).body as Buffer);
    const headers = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Robots ?? {}, { header: 1 })[0] ?? [];
    expect(headers).not.toContain('Currency');
  });
});
