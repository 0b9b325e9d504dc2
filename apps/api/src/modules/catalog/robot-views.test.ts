import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { robots, robotViews, seedCatalog, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends } from '@cellforge/db/testing';
import { BackgroundWrites } from '../../lib/background-writes';
import { RobotViewRecorder } from './robot-views';
import { defined } from '../../test/defined';

describe.each(testBackends)('robot page views on %s', (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(backend);
    await seedCatalog(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('counts every view of a burst, in a few writes after the answers, none lost past one write’s batch', async () => {
    const two = await handle.db.select({ id: robots.id }).from(robots).limit(2);
    const [a, b] = [defined(two[0]).id, defined(two[1]).id];
    const background = new BackgroundWrites();
    const views = new RobotViewRecorder(handle.db, background, 20);
    const errors: unknown[] = [];
    for (let i = 0; i < 2500; i += 1) views.record(i % 5 === 0 ? b : a, null, (err) => errors.push(err));
    // Nothing is written in the request: the burst is one pending background write.
    expect(background.size).toBe(1);
    expect(await handle.db.select().from(robotViews).where(inArray(robotViews.robotId, [a, b]))).toHaveLength(0);
    await background.idle();
    expect(errors).toEqual([]);
    expect(await handle.db.select().from(robotViews).where(eq(robotViews.robotId, a))).toHaveLength(2000);
    expect(await handle.db.select().from(robotViews).where(eq(robotViews.robotId, b))).toHaveLength(500);
  });

  it('a stopping server writes the views it holds before it stops', async () => {
    const [row] = await handle.db.select({ id: robots.id }).from(robots).limit(1);
    const id = defined(row).id;
    await handle.db.delete(robotViews).where(eq(robotViews.robotId, id));
    const background = new BackgroundWrites();
    const views = new RobotViewRecorder(handle.db, background, 50);
    views.record(id, null, () => undefined);
    views.record(id, null, () => undefined);
    expect(await background.drain(5000)).toBe(true);
    expect(await handle.db.select().from(robotViews).where(eq(robotViews.robotId, id))).toHaveLength(2);
  });
});
