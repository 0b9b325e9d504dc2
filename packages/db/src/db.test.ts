import { afterAll, assert, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, queryRows, type DbHandle } from './client';
import { normalizeRobotKey } from './normalize';
import { robots, users } from './schema';
import { seedCatalog } from './seed/seed';
import { seedRobots } from './seed/robots/index';
import type { SeedRobot } from './seed/types';
import { createTestDb, testBackends, truncateAll } from './testing';

const sample: SeedRobot = {
  manufacturer: 'Universal Robots',
  model: 'UR10e',
  category: 'collaborative',
  payloadKg: 12.5,
  reachMm: 1300,
  dof: 6,
  repeatabilityMm: 0.05,
  weightKg: 33.5,
  priceMinUsd: 45000,
  priceMaxUsd: 55000,
  applications: ['palletizing', 'machine-tending'],
  industries: ['general-manufacturing'],
  description: 'A collaborative arm.',
  source: 'Universal Robots UR10e technical specifications',
};

describe('normalizeRobotKey', () => {
  it('ignores case, spaces, punctuation and accents', () => {
    expect(normalizeRobotKey('Stäubli', 'TX2-90 L')).toBe('staubli|tx290l');
    expect(normalizeRobotKey('ABB', 'IRB 6700-200/2.60')).toBe(normalizeRobotKey('abb', 'irb6700 200 260'));
  });
});

describe('seed data', () => {
  it('has at least 150 robots from at least 12 makers, each with a named source', () => {
    expect(seedRobots.length).toBeGreaterThanOrEqual(150);
    expect(new Set(seedRobots.map((r) => r.manufacturer)).size).toBeGreaterThanOrEqual(12);
    for (const r of seedRobots) {
      expect(r.source.length, `${r.manufacturer} ${r.model}`).toBeGreaterThan(5);
      expect(r.payloadKg).toBeGreaterThan(0);
      expect(r.reachMm).toBeGreaterThan(0);
      expect(r.dof).toBeGreaterThanOrEqual(3);
      expect(r.dof).toBeLessThanOrEqual(7);
    }
  });
  it('has unique (manufacturer, model) keys', () => {
    const keys = seedRobots.map((r) => normalizeRobotKey(r.manufacturer, r.model));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('PGlite data folder', () => {
  it('is created in a child process on first use, then reopened with its data', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'cf-pglite-')), 'pg');
    const first = await createDb({ dataDir: dir });
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    await seedCatalog(first.db, [sample]);
    await first.close();
    const again = await createDb({ dataDir: dir });
    const rows = await again.db.select().from(robots);
    expect(rows.map((r) => r.model)).toEqual(['UR10e']);
    await again.close();
  }, 60_000);
});

describe.each(testBackends)('database on %s', (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(backend);
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await truncateAll(handle.db);
  });

  it('applies the migrations (pg_trgm and the search vector exist)', async () => {
    const ext = await queryRows(handle.db, sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(ext).toHaveLength(1);
    await seedCatalog(handle.db, [sample]);
    const hit = await queryRows(handle.db, sql`select model from robots where search_vector @@ plainto_tsquery('simple', 'ur10e')`);
    expect(hit).toEqual([{ model: 'UR10e' }]);
    const fuzzy = await queryRows<{ s: number; search_text: string; compact_text: string }>(
      handle.db,
      sql`select search_text, compact_text, word_similarity('univeral', search_text) as s from robots`,
    );
    const [best] = fuzzy;
    assert(best, 'a robot to match');
    expect(Number(best.s)).toBeGreaterThan(0.6);
    expect(best.search_text.split(' ')).toEqual(expect.arrayContaining(['universal', 'robots', 'ur', 'ur10e', 'palletizing']));
    expect(best.compact_text).toContain('ur10e');
  });

  it('seeds idempotently', async () => {
    await seedCatalog(handle.db);
    await seedCatalog(handle.db);
    const [row] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from robots`);
    expect(row?.n).toBe(seedRobots.length);
  });

  it('logs every write to robots in robot_changes, and a re-seed that changes nothing writes nothing', async () => {
    const changes = async () =>
      (await queryRows<{ robot_id: string }>(handle.db, sql`select robot_id from robot_changes order by id`)).map((r) => r.robot_id);
    await seedCatalog(handle.db, [sample]);
    const [row] = await handle.db.select().from(robots);
    assert(row, 'the seeded robot');
    expect(await changes()).toEqual([row.id]);
    await seedCatalog(handle.db, [sample]);
    expect(await changes()).toHaveLength(1);
    await seedCatalog(handle.db, [{ ...sample, reachMm: 1302 }]);
    expect(await changes()).toEqual([row.id, row.id]);
    await handle.db.update(robots).set({ listed: false }).where(eq(robots.id, row.id));
    await handle.db.delete(robots).where(eq(robots.id, row.id));
    expect(await changes()).toEqual([row.id, row.id, row.id, row.id]);
  });

  it('refreshes a seeded row without duplicating it', async () => {
    await seedCatalog(handle.db, [sample]);
    await seedCatalog(handle.db, [{ ...sample, model: 'ur 10e', payloadKg: 12.5, reachMm: 1301 }]);
    const rows = await handle.db.select().from(robots);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.reachMm).toBe(1301);
  });

  it('keeps owned robots apart from the shared catalog', async () => {
    const [owner] = await handle.db
      .insert(users)
      .values({ email: 'i@x.io', passwordHash: 'x', firstName: 'I', lastName: 'N', userType: 'integrator' })
      .returning();
    assert(owner, 'the new owner');
    await seedCatalog(handle.db, [sample]);
    await handle.db.insert(robots).values({
      manufacturer: 'Universal Robots',
      model: 'UR10e',
      normalizedKey: normalizeRobotKey('Universal Robots', 'UR10e'),
      category: 'collaborative',
      payloadKg: 12.5,
      reachMm: 1300,
      dof: 6,
      ownerId: owner.id,
    });
    const owned = await handle.db.select().from(robots).where(eq(robots.ownerId, owner.id));
    expect(owned).toHaveLength(1);
    await expect(
      handle.db.insert(robots).values({
        manufacturer: 'universal robots',
        model: 'UR-10e',
        normalizedKey: normalizeRobotKey('universal robots', 'UR-10e'),
        category: 'collaborative',
        payloadKg: 12.5,
        reachMm: 1300,
        dof: 6,
        ownerId: null,
      }),
    ).rejects.toThrow();
  });
});

describe('PGlite memory settings', () => {
  it('runs the embedded database with small shared buffers, and takes PGLITE_SHARED_BUFFERS', async () => {
    const small = await createDb();
    try {
      expect(await queryRows<{ shared_buffers: string }>(small.db, sql`show shared_buffers`)).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await small.close();
    }
    const larger = await createDb({ pgliteSharedBuffers: '64MB' });
    try {
      expect(await queryRows<{ shared_buffers: string }>(larger.db, sql`show shared_buffers`)).toEqual([{ shared_buffers: '64MB' }]);
    } finally {
      await larger.close();
    }
    await expect(createDb({ pgliteSharedBuffers: '16MB; drop table x' })).rejects.toThrow(/PGLITE_SHARED_BUFFERS/);
  }, 60_000);
});
