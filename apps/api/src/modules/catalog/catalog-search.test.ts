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

  it('probes the version once per refreshMs however many searches arrive together', async () => {
    const search = new CatalogSearch(handle.db, { refreshMs: 60_000 });
    const q = robotQuerySchema.parse({ q: 'kuka' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => search.search(q)));
    expect(new Set(answers.map((a) => a.total)).size).toBe(1);
    expect(search.getStats().version).toBeGreaterThan(0);
  });
});
