import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { robotListResponseSchema, robotQuerySchema, type RobotListResponse } from '@cellforge/contracts';
import { robots, robotSearchColumns, seedCatalog, type DbHandle } from '@cellforge/db';
import { createTestDb } from '@cellforge/db/testing';
import { requiredPayloadKg } from '@cellforge/robot-fit';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { CatalogSearch } from './catalog-search';
import { listPublicManufacturers } from './catalog.repository';
import { readSearchWords } from './search-words';
import { defined } from '../../test/defined';

/**
 * Issue 19 (session 12): a repeated catalog request is answered whole from memory (its
 * reading, the reading's fallbacks, the unknown-values counts, the JSON), per catalog version.
 * Written from the buyer's side: the same words give the same answer, and a robot added
 * anywhere changes the next answer, fallbacks and counts included.
 */
async function search(app: Parameters<typeof request>[0], query: Record<string, string | number>): Promise<RobotListResponse> {
  const res = await request(app).get('/api/robots').query(query).expect(200);
  return robotListResponseSchema.parse(res.body);
}

const polishing = 'polishing turbine blades, 25 kg with the spindle, 2.0 m reach';
const repeatability = 'repeatability 0.02 mm or better, 5 kg';

describe.each(testBackends)('remembered catalog answers on %s', (backend) => {
  // The version is probed on every request: a write made elsewhere (another API process, SQL) is seen at once.
  const ctx = useTestApp(backend, { catalogIndexRefreshMs: 0 }, { seed: (db) => seedCatalog(db) });

  it('a buyer asking the same words twice gets the same answer; a polishing robot added elsewhere ends the fallback', async () => {
    const first = await search(ctx().app, { q: polishing });
    // No robot is listed for polishing with these figures: the application gave way (said in not_applied).
    expect(defined(first.interpretation).filters.application).toBeUndefined();
    expect(defined(first.interpretation).not_applied.join(' ')).toMatch(/polishing/);
    expect(await search(ctx().app, { q: polishing })).toEqual(first);

    await ctx()
      .handle.db.insert(robots)
      .values({
        manufacturer: 'Zeta',
        model: 'Polisher 40',
        ...robotSearchColumns({ manufacturer: 'Zeta', model: 'Polisher 40' }),
        category: 'articulated',
        applications: ['polishing'],
        payloadKg: requiredPayloadKg(25) + 5,
        reachMm: 2400,
        dof: 6,
      });
    const after = await search(ctx().app, { q: polishing });
    expect(defined(after.interpretation).filters.application).toBe('polishing');
    expect(defined(after.interpretation).not_applied.join(' ')).not.toMatch(/polishing/);
    expect(after.data.map((r) => r.model)).toEqual(['Polisher 40']);
  });

  it('the robots left out for an unpublished repeatability are counted anew after a robot is added elsewhere', async () => {
    const count = (r: RobotListResponse) => r.unknown_values?.find((u) => u.filter === 'maxRepeatability')?.robots ?? 0;
    const first = await search(ctx().app, { q: repeatability });
    expect(count(first)).toBeGreaterThan(0);
    expect(await search(ctx().app, { q: repeatability })).toEqual(first);

    await ctx()
      .handle.db.insert(robots)
      .values({ manufacturer: 'Zeta', model: 'Unknown 10', ...robotSearchColumns({ manufacturer: 'Zeta', model: 'Unknown 10' }), category: 'articulated', payloadKg: 10, reachMm: 900, dof: 6 });
    const after = await search(ctx().app, { q: repeatability });
    expect(count(after)).toBe(count(first) + 1);
    expect(after.total).toBe(first.total);
  });

  it('a refused query is refused every time, and a query string that parses the same is answered the same', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await request(ctx().app).get('/api/robots?q=a&q=b').expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), error: expect.any(String) });
    }
    const a = await search(ctx().app, { q: 'cobot', minPayload: 5 });
    const b = robotListResponseSchema.parse((await request(ctx().app).get('/api/robots?minPayload=5&q=cobot').expect(200)).body);
    expect(b).toEqual(a);
  });
});

describe.each(testBackends)('a remembered search sent early (issue 19, session 13) on %s', (backend) => {
  const ctx = useTestApp(backend, {}, { seed: (db) => seedCatalog(db) });
  // What a client sees of an answer besides its body; X-Request-Id is new each time, so only its presence counts.
  const SEEN = ['content-type', 'content-encoding', 'vary', 'etag', 'content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'x-dns-prefetch-control'];
  const seen = (res: request.Response) => Object.fromEntries(SEEN.map((h) => [h, res.headers[h]]));

  it('a buyer repeating a search gets the same body and headers as the first time, gzipped or not, and a 304 for the ETag they hold', async () => {
    for (const [i, encoding] of ['gzip, deflate', 'identity'].entries()) {
      const path = `/api/robots?q=cobot&minPayload=${3 + i}`;
      const first = await request(ctx().app).get(path).set('Accept-Encoding', encoding).expect(200);
      const again = await request(ctx().app).get(path).set('Accept-Encoding', encoding).expect(200);
      expect(robotListResponseSchema.parse(first.body).data.length).toBeGreaterThan(0);
      expect(again.body).toEqual(first.body);
      expect(seen(again)).toEqual(seen(first));
      expect(again.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : 'gzip');
      expect(again.headers.vary).toMatch(/Accept-Encoding/);
      expect(again.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(again.headers['x-request-id']).toMatch(/^[\w-]+$/);
      const etag = defined(again.headers.etag);
      const cached = await request(ctx().app).get(path).set('Accept-Encoding', encoding).set('If-None-Match', etag).expect(304);
      expect(cached.text).toBe('');
    }
  });

  it('a remembered search asked with a bad API key, or with a body the input check refuses, is refused as before', async () => {
    const path = '/api/robots?q=scara';
    await request(ctx().app).get(path).expect(200);
    await request(ctx().app).get(path).expect(200);
    const keyed = await request(ctx().app).get(path).set('Authorization', 'Bearer cfk_not_a_key_anyone_was_given').expect(401);
    expect(keyed.body).toMatchObject({ code: expect.any(String), message: expect.any(String), error: expect.any(String) });
    const bodied = await request(ctx().app).get(path).set('Content-Type', 'application/json').send('{"note":"a\\u0000b"}').expect(400);
    expect(bodied.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await request(ctx().app).get(path).expect(200)).body).toMatchObject({ data: expect.any(Array) });
  });
});

describe.each(testBackends)('CatalogSearch.answer and readWords on %s', (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(backend);
    await seedCatalog(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('builds an answer once per catalog version, and again after a write', async () => {
    const search = new CatalogSearch(handle.db, { refreshMs: 60_000 });
    let built = 0;
    const build = async () => ({ n: ++built, total: (await search.search(robotQuerySchema.parse({ q: 'zeta' }))).total });
    const first = await search.answer('q=zeta', build);
    expect(first).toEqual({ n: 1, total: 0 });
    expect(await search.answer('q=zeta', build)).toBe(first);
    expect(built).toBe(1);
    await handle.db.insert(robots).values({ manufacturer: 'Zeta', model: 'A 1', ...robotSearchColumns({ manufacturer: 'Zeta', model: 'A 1' }), category: 'scara', payloadKg: 3, reachMm: 400, dof: 4 });
    search.invalidate();
    expect(await search.answer('q=zeta', build)).toEqual({ n: 2, total: 1 });
    await handle.db.delete(robots).where(eq(robots.manufacturer, 'Zeta'));
  });

  it('remembers nothing with the memo off', async () => {
    const off = new CatalogSearch(handle.db, { refreshMs: 60_000, memo: false });
    let built = 0;
    const build = () => Promise.resolve(++built);
    await off.answer('k', build);
    await off.answer('k', build);
    expect(built).toBe(2);
  });

  it('after a change made elsewhere, gives the previous answer until the new one is made (once, in the background), then the new one', async () => {
    let clock = 0;
    const stale = new CatalogSearch(handle.db, { refreshMs: 1000, staleMs: 1000, now: () => clock });
    const q = robotQuerySchema.parse({ q: 'zeta' });
    let built = 0;
    // The second build waits for `release`: the test decides when the new answer is ready.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let made: (v: unknown) => void = () => undefined;
    const secondMade = new Promise((r) => (made = r));
    const build = async () => {
      const n = ++built;
      if (n === 2) await gate;
      const answer = { n, total: (await stale.search(q)).total };
      if (n === 2) made(answer);
      return answer;
    };
    const before = await stale.answer('q=zeta', build);
    expect(before).toEqual({ n: 1, total: 0 });
    expect(await stale.answer('q=zeta', build)).toBe(before);
    await handle.db.insert(robots).values({ manufacturer: 'Zeta', model: 'B 2', ...robotSearchColumns({ manufacturer: 'Zeta', model: 'B 2' }), category: 'scara', payloadKg: 3, reachMm: 400, dof: 4 });
    clock = 2000; // the version probe sees the write made elsewhere (refreshMs + staleMs after the last: the search waits for it)
    expect(await stale.answer('q=zeta', build)).toBe(before); // the previous version's answer, at once
    await new Promise((r) => setImmediate(r)); // the background refresh starts on a later turn of the event loop
    expect(built).toBe(2);
    for (let i = 0; i < 5; i += 1) {
      expect(await stale.answer('q=zeta', build)).toBe(before); // still the previous one while the new one is made
      expect(await stale.remembered('q=zeta')).toBe(before); // the early path gives it too
      await new Promise((r) => setImmediate(r));
    }
    expect(built).toBe(2); // made once however often it was asked
    release();
    const after = await secondMade;
    await new Promise((r) => setImmediate(r));
    expect(after).toEqual({ n: 2, total: 1 }); // made with this version's search, not the stale one
    expect(await stale.answer('q=zeta', build)).toBe(after);
    expect(await stale.remembered('q=zeta')).toBe(after);
    expect(built).toBe(2);
    await handle.db.delete(robots).where(eq(robots.manufacturer, 'Zeta'));
  });

  it('after staleMs, a request waits for the answer under way rather than making a second one', async () => {
    let clock = 0;
    const stale = new CatalogSearch(handle.db, { refreshMs: 1000, staleMs: 1000, now: () => clock });
    let built = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const build = async () => {
      const n = ++built;
      if (n === 2) await gate;
      return { n, total: (await stale.search(robotQuerySchema.parse({ q: 'zeta' }))).total };
    };
    const before = await stale.answer('q=zeta', build);
    await handle.db.insert(robots).values({ manufacturer: 'Zeta', model: 'C 3', ...robotSearchColumns({ manufacturer: 'Zeta', model: 'C 3' }), category: 'scara', payloadKg: 3, reachMm: 400, dof: 4 });
    clock = 2000;
    expect(await stale.answer('q=zeta', build)).toBe(before);
    await new Promise((r) => setImmediate(r));
    expect(built).toBe(2);
    clock = 3100; // staleMs is over: the previous answer is no longer given
    expect(await stale.remembered('q=zeta')).toBeUndefined();
    const waiting = stale.answer('q=zeta', build);
    release();
    expect(await waiting).toEqual({ n: 2, total: 1 });
    expect(built).toBe(2);
    await handle.db.delete(robots).where(eq(robots.manufacturer, 'Zeta'));
  });

  it('after its own write (invalidate), never gives the previous answer, whatever staleMs is', async () => {
    const search = new CatalogSearch(handle.db, { refreshMs: 60_000, staleMs: 60_000 });
    let built = 0;
    const build = async () => ({ n: ++built, total: (await search.search(robotQuerySchema.parse({ q: 'zeta' }))).total });
    expect(await search.answer('q=zeta', build)).toEqual({ n: 1, total: 0 });
    await handle.db.insert(robots).values({ manufacturer: 'Zeta', model: 'D 4', ...robotSearchColumns({ manufacturer: 'Zeta', model: 'D 4' }), category: 'scara', payloadKg: 3, reachMm: 400, dof: 4 });
    search.invalidate();
    expect(await search.remembered('q=zeta')).toBeUndefined();
    expect(await search.answer('q=zeta', build)).toEqual({ n: 2, total: 1 });
    await handle.db.delete(robots).where(eq(robots.manufacturer, 'Zeta'));
  });

  it('reads the words as readSearchWords does with the public makers, a fresh interpretation each time', async () => {
    const search = new CatalogSearch(handle.db, { refreshMs: 60_000 });
    const makers = await listPublicManufacturers(handle.db);
    for (const raw of [{ q: 'fanuc welding 10 kg' }, { q: 'anything except ABB and KUKA', category: 'articulated' }, { q: 'irb6700' }, { minPayload: 5 }, { q: repeatability }]) {
      const query = robotQuerySchema.parse(raw);
      const read = await search.readWords(query);
      expect(read, JSON.stringify(raw)).toEqual(readSearchWords(query, query.q ? makers : []));
      read.interpretation?.not_applied.push('changed by the route');
      expect(await search.readWords(query)).toEqual(read.interpretation ? readSearchWords(query, makers) : read);
    }
  });
});
