import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { normalizeRobotKey, robots, seedCatalog, seedRobots, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends, truncateAll } from '@cellforge/db/testing';
import { createModelNameIndex } from './model-index';
import { defined, nth } from '../../../test/defined';

const models = (m: Map<string, Array<{ model: string }>>, key: string) => (m.get(key) ?? []).map((r) => r.model);

describe.each(testBackends)('model name index on %s', (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(backend);
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await truncateAll(handle.db);
    await seedCatalog(handle.db);
  });

  it('resolves exact names and family prefixes', async () => {
    const index = createModelNameIndex(handle.db);
    const { exact, prefix } = await index.resolve(['ur10e', 'm20id25'], ['irb1200', 'ur10e']);
    expect(models(exact, 'ur10e')).toEqual(['UR10e']);
    expect(models(exact, 'm20id25')).toEqual(['M-20iD/25']);
    expect(models(prefix, 'irb1200').sort()).toEqual(['IRB 1200-5/0.9', 'IRB 1200-7/0.7']);
    // A key that matched exactly is not expanded to its family.
    expect(prefix.has('ur10e')).toBe(false);
    expect(await index.families()).toEqual(expect.any(Set));
    expect((await index.families()).has('irb')).toBe(true);
  });

  it('never returns a robot that was deactivated, even from a fresh index', async () => {
    const index = createModelNameIndex(handle.db, 60_000);
    expect(models((await index.resolve(['ur10e'], [])).exact, 'ur10e')).toEqual(['UR10e']);
    await handle.db.update(robots).set({ status: 'inactive' }).where(eq(robots.model, 'UR10e'));
    expect(models((await index.resolve(['ur10e'], [])).exact, 'ur10e')).toEqual([]);
  });

  it('rebuilds at once when the catalog was reloaded under it', async () => {
    const index = createModelNameIndex(handle.db, 60_000);
    const before = nth(defined((await index.resolve(['gp25'], [])).exact.get('gp25')), 0).id;
    await truncateAll(handle.db);
    await seedCatalog(handle.db);
    const after = (await index.resolve(['gp25'], [])).exact.get('gp25');
    expect(after?.[0]?.model).toBe('GP25');
    expect(after?.[0]?.id).not.toBe(before);
  });

  it('picks up a robot added to the catalog after its refresh interval', async () => {
    const index = createModelNameIndex(handle.db, 0);
    expect((await index.resolve(['testbot900'], [])).exact.has('testbot900')).toBe(false);
    const base = nth(seedRobots, 0);
    await handle.db.insert(robots).values({
      manufacturer: base.manufacturer,
      model: 'TestBot 900',
      normalizedKey: normalizeRobotKey(base.manufacturer, 'TestBot 900'),
      category: base.category,
      payloadKg: 9,
      reachMm: 900,
      dof: 6,
      applications: [],
      industries: [],
    });
    let found: string[] = [];
    for (let i = 0; i < 50 && !found.length; i += 1) {
      found = models((await index.resolve(['testbot900'], [])).exact, 'testbot900');
      if (!found.length) await new Promise((r) => setTimeout(r, 20));
    }
    expect(found).toEqual(['TestBot 900']);
  });
});
