import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { robotListResponseSchema, type RobotListResponse } from '@cellforge/contracts';
import { seedCatalog, seedRobots } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { defined } from '../../test/defined';
import { fitScore, requiredPayloadKg } from '@cellforge/robot-fit';

/**
 * Issue 12, the catalog search box read as a buyer writes (written from the buyer's side
 * before the reading was wired in): what they typed becomes filters every result meets,
 * the answer says how it was read, and model numbers still search names.
 */
async function search(app: Parameters<typeof request>[0], query: Record<string, string | number>): Promise<RobotListResponse> {
  const res = await request(app).get('/api/robots').query({ limit: 100, ...query }).expect(200);
  return robotListResponseSchema.parse(res.body);
}

const welding = /welding/;

describe.each(testBackends)('catalog search in buyers’ words on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });

  it.each([
    ['palletizing 100kg', (r: RobotListResponse['data'][number]) => r.payload_kg >= 100 && r.applications.includes('palletizing')],
    ['welding 10 kg', (r: RobotListResponse['data'][number]) => r.payload_kg >= 10 && r.applications.some((a) => welding.test(a))],
    ['cobot 10kg', (r: RobotListResponse['data'][number]) => r.payload_kg >= 10 && r.category === 'collaborative'],
    ['cobot 10 kg 1300 mm', (r: RobotListResponse['data'][number]) => r.payload_kg >= 10 && r.reach_mm >= 1300 && r.category === 'collaborative'],
  ])('"%s" finds robots, every one meeting what was asked', async (q, meets) => {
    const result = await search(ctx().app, { q });
    expect(result.total).toBeGreaterThan(0);
    for (const r of result.data) expect(meets(r), `${r.manufacturer} ${r.model}`).toBe(true);
    expect(result.interpretation?.read_as.length).toBeGreaterThan(0);
  });

  it('"welding robot under 20k" reads the budget: every robot has a known price in reach of it', async () => {
    const result = await search(ctx().app, { q: 'welding robot under 20k' });
    expect(result.interpretation?.filters.maxPrice).toBe('20000');
    for (const r of result.data) {
      expect(r.price_min_usd).not.toBeNull();
      expect(defined(r.price_min_usd)).toBeLessThanOrEqual(20000);
    }
  });

  it('"palletizer for 40 kg sacks, no FANUC" excludes FANUC and keeps heavy enough palletizers', async () => {
    const result = await search(ctx().app, { q: 'palletizer for 40 kg sacks, no FANUC' });
    expect(result.total).toBeGreaterThan(0);
    for (const r of result.data) {
      expect(r.manufacturer).not.toBe('FANUC');
      expect(r.payload_kg).toBeGreaterThanOrEqual(40);
    }
    expect(result.facets.manufacturer.map((f) => f.value)).not.toContain('FANUC');
    expect(result.interpretation?.read_as.join(' ')).toMatch(/not FANUC/);
    expect(result.interpretation?.filters.excludeManufacturer).toBe('FANUC');
  });

  it('"anything except ABB and KUKA" shows neither', async () => {
    const result = await search(ctx().app, { q: 'anything except ABB and KUKA' });
    const expected = seedRobots.filter((r) => r.manufacturer !== 'ABB' && r.manufacturer !== 'KUKA').length;
    expect(result.total).toBe(expected);
    expect(result.data.some((r) => r.manufacturer === 'ABB' || r.manufacturer === 'KUKA')).toBe(false);
  });

  it('an upper bound is a maximum: "reach must be under 600 mm"', async () => {
    const result = await search(ctx().app, { q: 'reach must be under 600 mm' });
    expect(result.total).toBeGreaterThan(0);
    for (const r of result.data) expect(r.reach_mm).toBeLessThan(600.0001);
  });

  it('says what the catalog cannot check instead of silently dropping it', async () => {
    const result = await search(ctx().app, { q: 'explosion-proof washdown robot 5 kg' });
    expect(result.interpretation?.not_applied.join(' ')).toMatch(/explosion/i);
    expect(result.interpretation?.not_applied.join(' ')).toMatch(/washdown/i);
    for (const r of result.data) expect(r.payload_kg).toBeGreaterThanOrEqual(5);
  });

  it('the same filters given as parameters answer the same robots (the web turns a reading into chips)', async () => {
    const read = await search(ctx().app, { q: 'palletizer for 40 kg sacks, no FANUC' });
    const interpretation = defined(read.interpretation);
    const again = await search(ctx().app, { ...interpretation.filters, ...(interpretation.text ? { q: interpretation.text } : {}) });
    expect(again.data.map((r) => r.id)).toEqual(read.data.map((r) => r.id));
    expect(again.total).toBe(read.total);
  });

  it.each([
    ['ur10e', 'Universal Robots', /^UR10e$/],
    ['ur 10e', 'Universal Robots', /^UR10e$/],
    ['fanuc m20', 'FANUC', /^M-20/],
    ['irb6700', 'ABB', /^IRB 6700/],
  ])('model numbers still search names: %s', async (q, maker, model) => {
    const result = await search(ctx().app, { q });
    expect(result.data[0]?.manufacturer).toBe(maker);
    expect(result.data[0]?.model).toMatch(model);
  });

  it('explicit filters win over words: a maker chosen in the panel is kept', async () => {
    const result = await search(ctx().app, { q: 'no ABB 10 kg', manufacturer: 'ABB' });
    for (const r of result.data) expect(r.manufacturer).toBe('ABB');
    expect(result.interpretation?.not_applied.join(' ')).toMatch(/ABB/);
  });
});

type Listed = RobotListResponse['data'][number];
const byName = (a: Listed, b: Listed) => (a.manufacturer < b.manufacturer ? -1 : a.manufacturer > b.manufacturer ? 1 : a.model < b.model ? -1 : a.model > b.model ? 1 : 0);
const names = (rows: Listed[]) => rows.map((r) => `${r.manufacturer} ${r.model}`);

describe.each(testBackends)('relevance of a search whose words all became filters, on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });

  /** The order a buyer expects: closest fit first (robot-fit, as the chat ranks), ties by name. */
  const byFit = (need: Parameters<typeof fitScore>[1]) => (a: Listed, b: Listed) => {
    const cost = (r: Listed) =>
      fitScore(
        {
          payloadKg: r.payload_kg,
          reachMm: r.reach_mm,
          category: r.category,
          priceMinUsd: r.offers?.price_min_usd ?? r.price_min_usd,
          priceMaxUsd: r.offers?.price_max_usd ?? r.price_max_usd,
        },
        need,
      );
    return cost(a) - cost(b) || byName(a, b);
  };

  it('"cobot 10 kg": the cobots with the least payload to spare come first, not the alphabet', async () => {
    const result = await search(ctx().app, { q: 'cobot 10 kg' });
    expect(result.interpretation?.text).toBeNull();
    expect(result.data.length).toBeGreaterThan(3);
    const need = { payloadKg: requiredPayloadKg(10) };
    expect(names(result.data)).toEqual(names([...result.data].sort(byFit(need))));
    expect(names(result.data)).not.toEqual(names([...result.data].sort(byName)));
    // The first has less payload to spare than the last: a 12 kg-class cobot ahead of a 30 kg one.
    expect(defined(result.data[0]).payload_kg).toBeLessThan(defined(result.data.at(-1)).payload_kg);
  });

  it('"palletizing 40 kg 2 m reach": closest payload and reach first, palletizers ahead of arms that merely list the task', async () => {
    const result = await search(ctx().app, { q: 'palletizing 40 kg 2 m reach' });
    expect(result.interpretation?.text).toBeNull();
    expect(result.data.length).toBeGreaterThan(2);
    const need = { payloadKg: requiredPayloadKg(40), reachMm: 2000, tasks: ['palletizing'] };
    expect(names(result.data)).toEqual(names([...result.data].sort(byFit(need))));
    expect(names(result.data)).not.toEqual(names([...result.data].sort(byName)));
    for (const r of result.data) {
      expect(r.payload_kg).toBeGreaterThanOrEqual(48);
      expect(r.reach_mm).toBeGreaterThanOrEqual(2000);
    }
  });

  it('the same filters chosen in the panel rank the same way, page by page, with stable ties', async () => {
    const read = await search(ctx().app, { q: 'cobot 10 kg' });
    const filters = defined(read.interpretation).filters;
    const first = await search(ctx().app, { ...filters, limit: 3, page: 1 });
    const second = await search(ctx().app, { ...filters, limit: 3, page: 2 });
    expect(names([...first.data, ...second.data])).toEqual(names(read.data.slice(0, 6)));
  });

  it('a chosen sort still wins: sort=payload is heaviest first', async () => {
    const result = await search(ctx().app, { q: 'cobot 10 kg', sort: 'payload' });
    const payloads = result.data.map((r) => r.payload_kg);
    expect(payloads).toEqual([...payloads].sort((a, b) => b - a));
  });
});

describe.each(testBackends)('multi-select filters on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });

  it('takes several makers at once (either), and counts the other makers as before', async () => {
    const result = await search(ctx().app, { manufacturer: 'FANUC,abb' });
    const expected = seedRobots.filter((r) => r.manufacturer === 'FANUC' || r.manufacturer === 'ABB').length;
    expect(result.total).toBe(expected);
    expect(new Set(result.data.map((r) => r.manufacturer))).toEqual(new Set(['FANUC', 'ABB']));
    expect(result.facets.manufacturer.find((f) => f.value === 'KUKA')?.count).toBe(seedRobots.filter((r) => r.manufacturer === 'KUKA').length);
    expect(result.interpretation).toBeUndefined();
  });

  it('excludes makers given as a parameter', async () => {
    const result = await search(ctx().app, { excludeManufacturer: 'FANUC, Universal Robots' });
    expect(result.total).toBe(seedRobots.filter((r) => r.manufacturer !== 'FANUC' && r.manufacturer !== 'Universal Robots').length);
  });
});

describe.each(testBackends)('a parameter given several times on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });

  it.each([
    ['q[]=fanuc&q[]=abb', 'q[]'],
    ['q=fanuc&q=abb', 'q'],
    ['manufacturer[]=FANUC', 'manufacturer[]'],
    ['minPayload=10&minPayload=20', 'minPayload'],
  ])('"%s" is refused with a 400 naming %s, not silently ignored', async (query, param) => {
    const res = await request(ctx().app).get(`/api/robots?${query}`).expect(400).expect('Content-Type', /json/);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String), message: expect.stringContaining(param) });
    expect(res.body.details[param][0]).toMatch(/once: several values go in one parameter, separated by commas/);
  });

  it('one value per parameter still searches, several makers in one, separated by commas', async () => {
    const result = await search(ctx().app, { q: 'fanuc' });
    expect(result.total).toBeGreaterThan(0);
    const both = await search(ctx().app, { manufacturer: 'FANUC,ABB' });
    expect(new Set(both.data.map((r) => r.manufacturer))).toEqual(new Set(['FANUC', 'ABB']));
  });
});
