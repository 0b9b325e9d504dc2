import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { robotQuerySchema } from '@cellforge/contracts';
import { robots, robotSearchColumns, seedCatalog, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends } from '@cellforge/db/testing';
import { CatalogSearch } from './catalog-search';
import { searchRobots } from './catalog.repository';
import { defined } from '../../test/defined';

const queries: Array<Record<string, string | number>> = [
  {},
  { page: 3 },
  { q: 'fanuc m20' },
  { q: 'ur 10e' },
  { q: 'irb6700' },
  { q: 'kuak kr 210' },
  { q: 'palletising', sort: 'payload' },
  { q: 'welding', category: 'articulated', minPayload: 5, maxPayload: 50 },
  { manufacturer: 'abb', application: 'assembly' },
  { industry: 'logistics', minPrice: 50000, maxPrice: 150000, sort: 'price' },
  { minReach: 1500, maxReach: 3000, sort: 'reach', limit: 50 },
  { q: 'cobot', category: 'collaborative', sort: 'relevance' },
  { q: 'robot arm' },
  { q: '%_%' },
  { category: 'spaceship' },
  { q: 'yaskawa gp', page: 2, limit: 5 },
];

describe.each(testBackends)('catalog search on %s', (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(backend);
    await seedCatalog(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it.each(queries)('answers %j exactly as the SQL search does, from memory the second time', async (raw) => {
    const query = robotQuerySchema.parse(raw);
    const search = new CatalogSearch(handle.db, { refreshMs: 60_000 });
    const first = await search.search(query);
    expect(first).toEqual(await searchRobots(handle.db, query));
    expect(await search.search(query)).toBe(first);
    expect(search.getStats().computed).toBe(1);
  });

  it('sees its own writes at once after invalidate, and others’ writes after refreshMs', async () => {
    let clock = 0;
    const search = new CatalogSearch(handle.db, { refreshMs: 1000, now: () => clock });
    const q = robotQuerySchema.parse({ q: 'zeta arm 9' });
    expect((await search.search(q)).total).toBe(0);
    await handle.db.insert(robots).values({
      manufacturer: 'Zeta',
      model: 'Arm 9',
      ...robotSearchColumns({ manufacturer: 'Zeta', model: 'Arm 9' }),
      category: 'articulated',
      payloadKg: 9,
      reachMm: 900,
      dof: 6,
    });
    expect((await search.search(q)).total).toBe(0); // within refreshMs: the remembered answer
    clock = 1500;
    expect((await search.search(q)).total).toBe(1); // the version probe sees the change
    await handle.db.update(robots).set({ status: 'inactive' }).where(eq(robots.model, 'Arm 9'));
    search.invalidate();
    expect((await search.search(q)).total).toBe(0);
    await handle.db.delete(robots).where(eq(robots.model, 'Arm 9'));
  });

  it('forgets remembered answers on every kind of write: insert, edit, unlisting, delete, bulk import', async () => {
    const search = new CatalogSearch(handle.db, { refreshMs: 0 });
    const checks: Array<Record<string, string | number>> = [{}, { q: 'zeta' }, { q: 'fanuc', sort: 'payload' }, { category: 'scara', sort: 'price' }, { manufacturer: 'zeta' }];
    const agree = async () => {
      for (const raw of checks) {
        const query = robotQuerySchema.parse(raw);
        expect(await search.search(query), JSON.stringify(raw)).toEqual(await searchRobots(handle.db, query));
      }
    };
    await agree();
    const [added] = await handle.db
      .insert(robots)
      .values({ manufacturer: 'Zeta', model: 'Z 40', ...robotSearchColumns({ manufacturer: 'Zeta', model: 'Z 40' }), category: 'scara', payloadKg: 40, reachMm: 800, dof: 4, priceMinUsd: 1 })
      .returning();
    await agree();
    const [fanuc] = await handle.db.select().from(robots).where(eq(robots.manufacturer, 'FANUC')).limit(1);
    await handle.db
      .update(robots)
      .set({ model: 'Zeta-renamed', ...robotSearchColumns({ manufacturer: 'FANUC', model: 'Zeta-renamed' }), payloadKg: 999, priceMinUsd: 2 })
      .where(eq(robots.id, defined(fanuc).id));
    await agree();
    await handle.db.update(robots).set({ listed: false }).where(eq(robots.id, defined(added).id));
    await agree();
    await handle.db.delete(robots).where(eq(robots.id, defined(fanuc).id));
    await agree();
    await handle.db.execute(sql`
      insert into robots (manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, search_text, compact_text)
      select 'Zeta', 'B ' || g, 'zeta|b' || g, 'scara', 1 + g % 50, 500 + g % 1000, 4, 'zeta b ' || g, 'zetab' || g
      from generate_series(1, 300) as g`);
    await agree();
    await handle.db.delete(robots).where(eq(robots.manufacturer, 'Zeta'));
    await agree();
    await seedCatalog(handle.db);
  });

  it('after an edit made elsewhere, gives the previous answer for at most staleMs while the new one is computed, then the new one', async () => {
    let clock = 0;
    const search = new CatalogSearch(handle.db, { refreshMs: 1000, staleMs: 1000, now: () => clock });
    const q = robotQuerySchema.parse({ q: 'omega arm' });
    const before = await search.search(q);
    expect(before.total).toBe(0);
    await handle.db.insert(robots).values({
      manufacturer: 'Omega',
      model: 'Arm 3',
      ...robotSearchColumns({ manufacturer: 'Omega', model: 'Arm 3' }),
      category: 'articulated',
      payloadKg: 3,
      reachMm: 600,
      dof: 6,
    });
    clock = 2000; // the version probe sees the insert (refreshMs + staleMs after the last one: the search waits for it)
    expect(await search.search(q)).toBe(before); // the remembered answer, while its new one is computed
    let answer = before;
    for (let i = 0; i < 200 && answer.total === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 10));
      answer = await search.search(q); // the stale one until the new one lands
    }
    expect(answer.total).toBe(1);
    expect(search.getStats().computed).toBe(2); // asked many times, computed once in the background
    // A query remembered before the edit and not asked again within staleMs is computed in the request.
    const other = robotQuerySchema.parse({ q: 'omega' });
    await handle.db.delete(robots).where(eq(robots.manufacturer, 'Omega'));
    const [readded] = await handle.db
      .insert(robots)
      .values({ manufacturer: 'Omega', model: 'Arm 4', ...robotSearchColumns({ manufacturer: 'Omega', model: 'Arm 4' }), category: 'articulated', payloadKg: 4, reachMm: 700, dof: 6 })
      .returning();
    clock = 4000;
    expect((await search.search(other)).total).toBe(1);
    await handle.db.delete(robots).where(eq(robots.id, defined(readded).id));
    clock = 6000; // another search's probe sees the delete; staleMs is over at 7000
    await search.search(robotQuerySchema.parse({ q: 'kuka' }));
    clock = 7500;
    expect((await search.search(other)).total).toBe(0);
  });

  it('never gives a stale answer after its own write (invalidate), whatever staleMs is', async () => {
    const search = new CatalogSearch(handle.db, { refreshMs: 60_000, staleMs: 60_000 });
    const q = robotQuerySchema.parse({ q: 'sigma arm' });
    expect((await search.search(q)).total).toBe(0);
    const [added] = await handle.db
      .insert(robots)
      .values({ manufacturer: 'Sigma', model: 'Arm 5', ...robotSearchColumns({ manufacturer: 'Sigma', model: 'Arm 5' }), category: 'articulated', payloadKg: 5, reachMm: 800, dof: 6 })
      .returning();
    search.invalidate();
    expect((await search.search(q)).total).toBe(1);
    await handle.db.delete(robots).where(eq(robots.id, defined(added).id));
    search.invalidate();
    expect((await search.search(q)).total).toBe(0);
  });

  it('probes the version once per refreshMs however many searches arrive together', async () => {
    const search = new CatalogSearch(handle.db, { refreshMs: 60_000 });
    const q = robotQuerySchema.parse({ q: 'kuka' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => search.search(q)));
    expect(new Set(answers.map((a) => a.total)).size).toBe(1);
    expect(search.getStats().version).toBeGreaterThan(0);
  });
});
