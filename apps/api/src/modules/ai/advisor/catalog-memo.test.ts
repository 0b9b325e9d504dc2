import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { normalizeRobotKey, robots, seedCatalog, users, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends, truncateAll } from '@cellforge/db/testing';
import { findCandidateRobots } from '../../catalog';
import { candidateRobots, forgetRememberedReads, probeCatalogVersion, withOneCatalogVersion } from './catalog-memo';

/**
 * The assistant's catalog reads kept per catalog version (issue 12's chat CPU): a buyer who
 * asks what another asked a moment ago gets the same robots without the catalog being read
 * again, and any change to the catalog (a supplier's new robot, an edited figure, a private
 * robot) is in the very next answer.
 */
describe.each(testBackends)('remembered catalog reads on %s', (backend) => {
  let handle: DbHandle;
  const need = { minPayloadKg: 8, minReachMm: 1200, limit: 80 };
  const models = (rows: Array<{ model: string }>) => rows.map((r) => r.model);

  beforeAll(async () => {
    handle = await createTestDb(backend);
    await truncateAll(handle.db);
    await seedCatalog(handle.db);
    forgetRememberedReads(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const newRobot = (model: string, payloadKg: number, ownerId?: string, listed = true) => ({
    manufacturer: 'FANUC',
    model,
    normalizedKey: normalizeRobotKey('FANUC', model),
    category: 'industrial',
    payloadKg,
    reachMm: 1300,
    dof: 6,
    applications: [],
    industries: [],
    ownerId,
    listed,
  });

  it('answers a question asked again with the same robots as the catalog would', async () => {
    const first = await candidateRobots({ db: handle.db }, need);
    const again = await candidateRobots({ db: handle.db }, need);
    const live = await findCandidateRobots({ db: handle.db }, need);
    expect(first.length).toBeGreaterThan(3);
    expect(models(again)).toEqual(models(live));
    expect(again).toEqual(live);
  });

  it('sees a robot a supplier added, and a figure edited, in the next answer', async () => {
    const before = await candidateRobots({ db: handle.db }, need);
    expect(models(before)).not.toContain('MemoBot 8');
    await handle.db.insert(robots).values(newRobot('MemoBot 8', 8));
    const added = await candidateRobots({ db: handle.db }, need);
    expect(models(added)).toContain('MemoBot 8');
    expect(added).toEqual(await findCandidateRobots({ db: handle.db }, need));

    await handle.db.update(robots).set({ payloadKg: 5 }).where(eq(robots.model, 'MemoBot 8'));
    const edited = await candidateRobots({ db: handle.db }, need);
    expect(models(edited)).not.toContain('MemoBot 8');
    expect(edited).toEqual(await findCandidateRobots({ db: handle.db }, need));
  });

  it("never hands one buyer's private robot to another from memory", async () => {
    const [owner] = await handle.db
      .insert(users)
      .values({ email: `memo-${backend}@example.com`, passwordHash: 'x', firstName: 'Pat', lastName: 'Buyer', userType: 'customer' })
      .returning({ id: users.id });
    const ownerId = owner?.id;
    expect(ownerId).toBeDefined();
    await handle.db.insert(robots).values(newRobot('PrivateBot 8', 8, ownerId, false));
    const mine = await candidateRobots({ db: handle.db, viewerId: ownerId }, need);
    expect(models(mine)).toContain('PrivateBot 8');
    const anyone = await candidateRobots({ db: handle.db }, need);
    expect(models(anyone)).not.toContain('PrivateBot 8');
    const mineAgain = await candidateRobots({ db: handle.db, viewerId: ownerId }, need);
    expect(models(mineAgain)).toContain('PrivateBot 8');
  });

  it("keeps a caller's sorting to itself and refuses changes to a remembered robot", async () => {
    const first = await candidateRobots({ db: handle.db }, need);
    const order = models(first);
    first.reverse();
    expect(models(await candidateRobots({ db: handle.db }, need))).toEqual(order);
    const robot = first[0] as { payloadKg: number };
    expect(() => {
      robot.payloadKg = 1;
    }).toThrow(TypeError);
  });

  it('shares one version probe between callers asking at the same moment', async () => {
    const [a, b] = [probeCatalogVersion(handle.db), probeCatalogVersion(handle.db)];
    expect(a).toBe(b);
    const version = await a;
    expect(version).toBeGreaterThan(0);
    // A probe asked after the last one finished is a new one.
    expect(probeCatalogVersion(handle.db)).not.toBe(a);
  });

  it('reads one answer at one catalog version, and the next answer sees a robot added meanwhile', async () => {
    const answer = await withOneCatalogVersion(async () => {
      const version = await probeCatalogVersion(handle.db);
      const before = await candidateRobots({ db: handle.db }, need);
      await handle.db.insert(robots).values(newRobot('PinBot 9', 9));
      return { version, again: await probeCatalogVersion(handle.db), before, during: await candidateRobots({ db: handle.db }, need) };
    });
    expect(answer.again).toBe(answer.version);
    expect(models(answer.during)).toEqual(models(answer.before));
    expect(models(answer.during)).not.toContain('PinBot 9');
    const next = await withOneCatalogVersion(() => candidateRobots({ db: handle.db }, need));
    expect(models(next)).toContain('PinBot 9');
    expect(next).toEqual(await findCandidateRobots({ db: handle.db }, need));
    expect(await probeCatalogVersion(handle.db)).toBeGreaterThan(answer.version);
    await handle.db.delete(robots).where(eq(robots.model, 'PinBot 9'));
  });
});
