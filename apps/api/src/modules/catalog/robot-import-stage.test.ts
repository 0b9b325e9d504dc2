import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizeRobotKey, queryRows, robots, users, type Database, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends } from '@cellforge/db/testing';
import { RobotImportStage, type StagedChoice, type StagedImportCounts, type StagedRobot } from './robot-import-stage';
import type { ImportedFields } from './robot-import';
import { defined } from '../../test/defined';

/** A row as the validator hands it over (data row `row`), choice attach unless given. */
function robot(row: number, manufacturer: string, model: string, payload: number, reach: number, dof: number | null, fields: ImportedFields = {}, choice: StagedChoice = 'attach'): StagedRobot {
  return { row, key: normalizeRobotKey(manufacturer, model), manufacturer, model, payload_kg: payload, reach_mm: reach, dof, fields, choice };
}

/** A fleet of n robots of a maker the catalog does not know. */
const fleet = (n: number, payload = (i: number) => 5 + (i % 200)) =>
  Array.from({ length: n }, (_, i) => robot(i + 1, 'Stagetest Robotics', `ST-${i}`, payload(i), 900 + (i % 700), i % 7 === 0 ? null : 6));

describe.each(testBackends)('the set-based import upsert on %s', (backend) => {
  let handle: DbHandle;
  const db = (): Database => handle.db;
  let alice = '';
  let bob = '';
  let supplier = '';

  beforeAll(async () => {
    handle = await createTestDb(backend);
    const add = async (email: string, userType: string) =>
      defined((await db().insert(users).values({ email, passwordHash: 'x', firstName: 'T', lastName: 'U', userType } as never).returning({ id: users.id }))[0]).id;
    alice = await add('alice@example.com', 'integrator');
    bob = await add('bob@example.com', 'integrator');
    supplier = await add('sam@example.com', 'supplier');
    // A shared catalog model (owner null, listed) that files name in other spellings.
    await db().insert(robots).values({ manufacturer: 'Universal Robots', model: 'UR10e', normalizedKey: normalizeRobotKey('Universal Robots', 'UR10e'), category: 'collaborative', payloadKg: 12.5, reachMm: 1300, dof: 6 });
  }, 240_000);
  afterAll(async () => handle.close());

  /** One import as the service runs it: stage, match, fix search columns, one upsert; the recorded robot ids with it. */
  async function importRows(ownerId: string, rows: readonly StagedRobot[], role: 'integrator' | 'supplier' = 'integrator', failAfterStaging = false) {
    return db().transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      await tx.execute(sql`create temporary table recorded (robot_id uuid) on commit drop`);
      const record = (ids: ReturnType<typeof sql>) => sql`insert into recorded (robot_id) select robot_id from (${ids}) as x(robot_id)`;
      const stage = await RobotImportStage.open(tx);
      for (let i = 0; i < rows.length; i += 1000) await stage.add(rows.slice(i, i + 1000));
      await stage.analyze();
      await stage.matchCatalog();
      await stage.fixSearchColumns(ownerId);
      const options = { source: 'Bulk upload: fleet.csv', dofAssumed: 6, record };
      const counts: StagedImportCounts = role === 'supplier' ? await stage.upsertOffers(ownerId, options) : await stage.upsertOwned(ownerId, { ...options, own: true, listed: false });
      if (failAfterStaging) throw new Error('the import failed after its upsert');
      const recorded = await queryRows<{ n: number }>(tx, sql`select count(distinct robot_id)::int as n from recorded`);
      return { counts, recorded: Number(defined(recorded[0]).n) };
    });
  }

  const owned = async (ownerId: string) => Number(defined((await db().select({ n: sql<number>`count(*)` }).from(robots).where(eq(robots.ownerId, ownerId)))[0]).n);
  const one = async (ownerId: string, model: string) => defined((await db().select().from(robots).where(and(eq(robots.ownerId, ownerId), eq(robots.model, model))))[0], model);

  it('inserts a 5,000-row file, then finds every row unchanged on re-import', async () => {
    const rows = fleet(5000);
    const first = await importRows(alice, rows);
    expect(first.counts).toEqual({ inserted: 5000, updated: 0, unchanged: 0, attached: 0, privateCopies: 0, skippedMatches: 0 });
    expect(first.recorded).toBe(5000);
    expect(await owned(alice)).toBe(5000);
    const st0 = await one(alice, 'ST-0');
    // dof not given: the assumed 6; category inferred; private (an integrator's import is unlisted).
    expect(st0).toMatchObject({ dof: 6, payloadKg: 5, reachMm: 900, listed: false, status: 'active', datasheetSource: 'Bulk upload: fleet.csv', description: '' });
    expect(st0.searchText).toContain('stagetest');
    const again = await importRows(alice, rows);
    expect(again.counts).toEqual({ inserted: 0, updated: 0, unchanged: 5000, attached: 0, privateCopies: 0, skippedMatches: 0 });
    expect(again.recorded).toBe(5000);
  }, 240_000);

  it('counts a mixed file: new, changed, unchanged, attached, private copy and skipped rows', async () => {
    // Alice edits ST-1 by hand: a category of her own, which a file without a category keeps.
    await db().update(robots).set({ category: 'palletizing', applications: ['palletizing'] }).where(and(eq(robots.ownerId, alice), eq(robots.model, 'ST-1')));
    const before = await one(alice, 'ST-2');
    const rows = [
      robot(1, 'Stagetest Robotics', 'ST-1', 99, 901, 6), // changed payload
      robot(2, 'Stagetest Robotics', 'ST-2', 7, 902, null), // same values, axes not given: unchanged
      robot(3, 'Stagetest Robotics', 'ST-3', 8, 903, 6, { weight_kg: 40, ip_rating: 67 }), // a new field: changed
      robot(4, 'Stagetest Robotics', 'ST-NEW', 10, 1000, 6, { category: 'scara', applications: ['assembly'] }), // new
      robot(5, 'UR', 'UR 10e', 12.5, 1300, 6, {}, 'attach'), // the catalog's UR10e, alias spelling
      robot(6, 'Universal Robots', 'UR10e', 12.5, 1300, 6, {}, 'skip'),
      robot(7, 'universal-robots', 'UR-10e', 13, 1300, 6, {}, 'private_copy'),
    ];
    // Rows 5-7 are distinct keys naming one model; the file validator makes each key unique.
    const result = await importRows(alice, rows);
    expect(result.counts).toEqual({ inserted: 1, updated: 2, unchanged: 1, attached: 1, privateCopies: 1, skippedMatches: 1 });
    const st1 = await one(alice, 'ST-1');
    expect(st1).toMatchObject({ payloadKg: 99, category: 'palletizing', applications: ['palletizing'] });
    // The search words of the kept category and applications, recomputed for the new spelling's row.
    expect(st1.searchText).toContain('palletizing');
    expect(await one(alice, 'ST-3')).toMatchObject({ weightKg: 40, ipRating: 67, environmentSource: 'Bulk upload: fleet.csv', payloadKg: 8 });
    expect((await one(alice, 'ST-2')).updatedAt).toEqual(before.updatedAt);
    expect(await one(alice, 'ST-NEW')).toMatchObject({ category: 'scara', applications: ['assembly'], listed: false });
    // The private copy is Alice's and unlisted; the catalog model is not copied for the attached row.
    expect(await one(alice, 'UR-10e')).toMatchObject({ listed: false, payloadKg: 13 });
    expect(await owned(alice)).toBe(5002);
    expect(result.recorded).toBe(6); // 4 own rows, the copy, the attached model
  }, 240_000);

  it('never reads or writes another owner\u2019s robots with the same keys', async () => {
    const bobBefore = await db().select().from(robots).where(eq(robots.ownerId, bob));
    expect(bobBefore).toHaveLength(0);
    const rows = fleet(50, () => 77);
    const bobs = await importRows(bob, rows);
    expect(bobs.counts).toMatchObject({ inserted: 50, updated: 0, unchanged: 0 });
    // Alice's robots of the same keys are untouched (payloads as before), Bob has his own 50.
    expect((await one(alice, 'ST-0')).payloadKg).toBe(5);
    expect((await one(bob, 'ST-0')).payloadKg).toBe(77);
    expect(await owned(bob)).toBe(50);
    expect(await owned(alice)).toBe(5002);
  }, 240_000);

  it('writes nothing when the import fails mid-way (in staging or after the upsert)', async () => {
    const count = async () => Number(defined((await db().select({ n: sql<number>`count(*)` }).from(robots))[0]).n);
    const total = await count();
    // A value the staging table refuses, in the second chunk: the first chunk was staged already.
    const bad = [...fleet(1500, () => 3).map((r) => ({ ...r, key: `${r.key}x`, model: `${r.model}x` })), robot(1501, 'Stagetest Robotics', 'BAD', 5, 900, 6, { ip_rating: 99_999 })];
    await expect(importRows(alice, bad)).rejects.toThrow();
    expect(await count()).toBe(total);
    // A failure after the upsert statement ran rolls it back too.
    await expect(importRows(alice, fleet(20, () => 3).map((r) => ({ ...r, model: `${r.model}-late`, key: `${r.key}late` })), 'integrator', true)).rejects.toThrow('failed after');
    expect(await count()).toBe(total);
    expect((await one(alice, 'ST-0')).payloadKg).toBe(5);
  }, 240_000);

  it('makes a supplier\u2019s rows offers: contributed models, attached models, one offer per model on re-import', async () => {
    const rows = [
      robot(1, 'Offertest', 'OT-1', 10, 1000, 6, { price_min_usd: 20000, price_max_usd: 20000, description: 'demo unit' }),
      robot(2, 'Offertest', 'OT-2', 20, 1200, null),
      robot(3, 'UR', 'UR 10e', 12.5, 1300, 6, { price_min_usd: 30000, price_max_usd: 30000 }, 'attach'),
    ];
    const first = await importRows(supplier, rows, 'supplier');
    expect(first.counts).toEqual({ inserted: 2, updated: 0, unchanged: 0, attached: 1, privateCopies: 0, skippedMatches: 0 });
    expect(first.recorded).toBe(3);
    const contributed = await db().select().from(robots).where(and(isNull(robots.ownerId), eq(robots.contributedBy, supplier)));
    expect(contributed.map((r) => r.model).sort()).toEqual(['OT-1', 'OT-2']);
    const offerRows = await queryRows<{ model: string; price_min: number | null; notes: string; snapshot: Record<string, unknown> }>(
      db(),
      sql`select r.model, o.price_min, o.notes, o.listing_snapshot as snapshot from offers o join robots r on r.id = o.robot_id where o.supplier_id = ${supplier}::uuid order by r.model`,
    );
    expect(offerRows.map((o) => [o.model, o.price_min, o.notes])).toEqual([['OT-1', 20000, 'demo unit'], ['OT-2', null, ''], ['UR10e', 30000, '']]);
    expect(offerRows[0]?.snapshot).toMatchObject({ manufacturer: 'Offertest', model: 'OT-1', dof: 6, price_min_usd: 20000, description: 'demo unit', via: 'Bulk upload: fleet.csv' });
    // Re-imported, the contributed models are in the catalog: the rows attach to them (as the
    // wizard shows), the offers are updated in place, never doubled.
    const again = await importRows(supplier, rows, 'supplier');
    expect(again.counts).toEqual({ inserted: 0, updated: 0, unchanged: 0, attached: 3, privateCopies: 0, skippedMatches: 0 });
    await importRows(supplier, [{ ...defined(rows[0]), fields: { price_min_usd: 19000, price_max_usd: 19000 } }], 'supplier');
    const after = await queryRows<{ n: number; price: number }>(db(), sql`select count(*)::int as n, min(o.price_min) as price from offers o join robots r on r.id = o.robot_id where o.supplier_id = ${supplier}::uuid and r.model = 'OT-1'`);
    expect(after[0]).toMatchObject({ n: 1, price: 19000 });
  }, 240_000);
});
