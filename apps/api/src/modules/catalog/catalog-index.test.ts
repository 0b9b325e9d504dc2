import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { robotQuerySchema } from '@cellforge/contracts';
import { robots, robotSearchColumns, seedCatalog, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends } from '@cellforge/db/testing';
import { CatalogIndex } from './catalog-index';
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
});
