import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { robotQuerySchema } from '@cellforge/contracts';
import { robots, robotSearchColumns, seedCatalog, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends } from '@cellforge/db/testing';
import { CatalogIndex, MAX_DELTA } from './catalog-index';
import { searchRobots } from './catalog.repository';

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

describe.each(testBackends)('catalog index on %s', (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(backend);
    await seedCatalog(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it.each(queries)('answers %j exactly as the SQL search does', async (raw) => {
    const query = robotQuerySchema.parse(raw);
    const index = new CatalogIndex(handle.db, { refreshMs: 60_000 });
    const [fromIndex, fromSql] = await Promise.all([index.search(query), searchRobots(handle.db, query)]);
    expect(fromIndex.total).toBe(fromSql.total);
    expect(fromIndex.rows.map((r) => `${r.manufacturer} ${r.model}`)).toEqual(fromSql.rows.map((r) => `${r.manufacturer} ${r.model}`));
    expect(fromIndex.facets).toEqual(fromSql.facets);
  });

  it('sees its own writes at once after invalidate, and others’ writes after refreshMs', async () => {
    let clock = 0;
    const index = new CatalogIndex(handle.db, { refreshMs: 1000, now: () => clock });
    const q = robotQuerySchema.parse({ q: 'zeta arm 9' });
    expect((await index.search(q)).total).toBe(0);
    await handle.db.insert(robots).values({
      manufacturer: 'Zeta',
      model: 'Arm 9',
      ...robotSearchColumns({ manufacturer: 'Zeta', model: 'Arm 9' }),
      category: 'articulated',
      payloadKg: 9,
      reachMm: 900,
      dof: 6,
    });
    expect((await index.search(q)).total).toBe(0); // within refreshMs: the cached catalog
    clock = 1500;
    expect((await index.search(q)).total).toBe(1); // version check sees the new row
    await handle.db.update(robots).set({ status: 'inactive', updatedAt: new Date() }).where(eq(robots.model, 'Arm 9'));
    index.invalidate();
    expect((await index.search(q)).total).toBe(0);
  });

  const agree = async (index: CatalogIndex, raw: Record<string, string | number>) => {
    const query = robotQuerySchema.parse(raw);
    const [fromIndex, fromSql] = [await index.search(query), await searchRobots(handle.db, query)];
    expect(fromIndex.total, JSON.stringify(raw)).toBe(fromSql.total);
    expect(fromIndex.rows, JSON.stringify(raw)).toEqual(fromSql.rows);
    expect(fromIndex.facets, JSON.stringify(raw)).toEqual(fromSql.facets);
  };

  it('stays in agreement with the SQL search through inserts, edits, unlisting and deletes, without reading the whole catalog again', async () => {
    const index = new CatalogIndex(handle.db, { refreshMs: 0 });
    await agree(index, {});
    const checks: Array<Record<string, string | number>> = [{}, { q: 'zeta' }, { q: 'fanuc', sort: 'payload' }, { category: 'scara', sort: 'price' }, { manufacturer: 'zeta' }];
    const [added] = await handle.db
      .insert(robots)
      .values({ manufacturer: 'Zeta', model: 'Z 40', ...robotSearchColumns({ manufacturer: 'Zeta', model: 'Z 40' }), category: 'scara', payloadKg: 40, reachMm: 800, dof: 4, priceMinUsd: 1 })
      .returning();
    for (const c of checks) await agree(index, c);
    // A seeded robot renamed and re-priced: it must move in every sort order.
    const [fanuc] = await handle.db.select().from(robots).where(eq(robots.manufacturer, 'FANUC')).limit(1);
    await handle.db
      .update(robots)
      .set({ model: 'Zeta-renamed', ...robotSearchColumns({ manufacturer: 'FANUC', model: 'Zeta-renamed' }), payloadKg: 999, priceMinUsd: 2 })
      .where(eq(robots.id, fanuc!.id));
    for (const c of checks) await agree(index, c);
    await handle.db.update(robots).set({ listed: false }).where(eq(robots.id, added!.id));
    for (const c of checks) await agree(index, c);
    await handle.db.delete(robots).where(eq(robots.id, fanuc!.id));
    for (const c of checks) await agree(index, c);
    await handle.db.delete(robots).where(eq(robots.id, added!.id));
    const stats = index.getStats();
    expect(stats.fullLoads).toBe(1);
    expect(stats.deltas).toBe(4);
    await seedCatalog(handle.db);
  });

  it('keeps answering from the catalog it holds while a large change is read in the background', async () => {
    const index = new CatalogIndex(handle.db, { refreshMs: 0 });
    const q = robotQuerySchema.parse({ q: 'bulkbot' });
    expect((await index.search(q)).total).toBe(0);
    // One import of more robots than a delta takes: the index reads the whole catalog again.
    await handle.db.execute(sql`
      insert into robots (manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, search_text, compact_text)
      select 'Bulkbot', 'B ' || g, 'bulkbot|b' || g, 'articulated', 1 + g % 50, 500 + g % 1000, 6, 'bulkbot b ' || g, 'bulkbotb' || g
      from generate_series(1, ${MAX_DELTA + 1}) as g`);
    const during = await index.search(q);
    expect(during.total).toBe(0);
    for (let i = 0; i < 200 && index.getStats().fullLoads < 2; i += 1) await new Promise((r) => setTimeout(r, 25));
    expect(index.getStats().fullLoads).toBe(2);
    expect((await index.search(q)).total).toBe(MAX_DELTA + 1);
    await agree(index, { q: 'bulkbot', sort: 'reach', page: 7 });
    await handle.db.delete(robots).where(eq(robots.manufacturer, 'Bulkbot'));
    expect((await index.search(q)).total).toBe(MAX_DELTA + 1); // the delete is another large change
    for (let i = 0; i < 200 && index.getStats().fullLoads < 3; i += 1) await new Promise((r) => setTimeout(r, 25));
    expect((await index.search(q)).total).toBe(0);
  });

  it('reads the whole catalog again when the change log was emptied', async () => {
    const index = new CatalogIndex(handle.db, { refreshMs: 0 });
    await index.search(robotQuerySchema.parse({}));
    await handle.db.execute(sql`truncate robot_changes restart identity`);
    await index.search(robotQuerySchema.parse({}));
    for (let i = 0; i < 200 && index.getStats().fullLoads < 2; i += 1) await new Promise((r) => setTimeout(r, 25));
    expect(index.getStats().fullLoads).toBe(2);
    await agree(index, { q: 'kuka' });
  });
});
