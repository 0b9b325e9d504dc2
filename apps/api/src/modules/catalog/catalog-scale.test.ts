import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { robotQuerySchema } from '@cellforge/contracts';
import { robots, robotSearchColumns, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends } from '@cellforge/db/testing';
import { CatalogSearch } from './catalog-search';
import { defined, nth } from '../../test/defined';

const ROBOTS = 100_000;
const MB = 1024 * 1024;

/**
 * Issue 19: at 100,000 robots the first search after one edit used to build a second
 * in-memory index beside the first and ran the API out of its 384 MB heap. Search now
 * runs in PostgreSQL and the API holds no copy of the catalog: an edit is found at
 * once and the heap does not grow with the catalog.
 */
describe.each(testBackends)('catalog search on %s with 100,000 robots', (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(backend);
    await handle.db.execute(sql`
      insert into robots (manufacturer, model, normalized_key, category, payload_kg, reach_mm, dof, price_min_usd, applications, industries, search_text, compact_text)
      select m, 'GX ' || g, lower(m) || '|gx' || g, (array['articulated','collaborative','scara','palletizing'])[1 + g % 4],
             1 + g % 500, 400 + g % 3000, 4 + g % 3, 10000 + g % 90000, array['assembly', 'welding'], array['automotive'],
             lower(m) || ' gx ' || g || ' assembly welding automotive', lower(m) || 'gx' || g
      from generate_series(1, ${ROBOTS}) as g, (values ('Acme'), ('Borg')) as makers(m)
      where (g % 2 = 0) = (m = 'Acme')`);
    await handle.db.execute(sql`analyze robots`);
  }, 240_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('finds an edit to one robot at once, and the heap does not grow with the catalog', async () => {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const search = new CatalogSearch(handle.db, { refreshMs: 0 });
    const first = await search.search(robotQuerySchema.parse({ q: 'acme', category: 'scara', sort: 'payload' }));
    // Acme holds the even numbers: half of them are SCARAs (g % 4 = 2), half articulated.
    expect(first.total).toBe(ROBOTS / 4);
    expect(first.facets.manufacturer).toEqual([{ value: 'Acme', count: ROBOTS / 4 }]);
    expect(first.facets.category).toEqual([
      { value: 'articulated', count: ROBOTS / 4 },
      { value: 'scara', count: ROBOTS / 4 },
    ]);

    const [target] = await handle.db.select({ id: robots.id }).from(robots).where(eq(robots.model, 'GX 777'));
    await handle.db
      .update(robots)
      .set({ model: 'Quasar 9', ...robotSearchColumns({ manufacturer: 'Borg', model: 'Quasar 9' }), payloadKg: 2000 })
      .where(eq(robots.id, defined(target).id));
    const found = await search.search(robotQuerySchema.parse({ q: 'quasar' }));
    expect(found.rows.map((r) => [r.model, r.payloadKg])).toEqual([['Quasar 9', 2000]]);
    expect(nth((await search.search(robotQuerySchema.parse({ sort: 'payload', limit: 1 }))).rows, 0).model).toBe('Quasar 9');
    // The whole catalog's search text alone is over 5 MB: none of it stays in the heap.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(20 * MB);
  }, 120_000);
});
