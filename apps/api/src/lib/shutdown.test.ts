import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { queryRows, robots, robotViews, seedCatalog, type Database, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends, truncateAll } from '@cellforge/db/testing';
import { createApp } from '../app';
import { testConfig } from '../test/create-test-app';
import { BackgroundWrites } from './background-writes';
import { createLogger } from './logger';
import { shutdownGracefully } from './shutdown';
import { defined, nth } from '../test/defined';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  return { logger: createLogger('warn', stream), text: () => lines.join('') };
}

/** The database, with inserts into robot_views held until `open()`: a view write still running when the stop begins. */
function withHeldViewWrites(db: Database) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'insert') return Reflect.get(target, prop, receiver) as unknown;
      return (table: unknown) => {
        if (table !== robotViews) return target.insert(table as typeof robots);
        return {
          values: (values: typeof robotViews.$inferInsert) => ({
            then: (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) => gate.then(() => target.insert(robotViews).values(values)).then(ok, fail),
          }),
        };
      };
    },
  });
  return { db: held, open };
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testBackends)('shutdown waits for robot-view writes before closing the database on %s', (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(backend);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('answers the request, lets its view write finish, and only then closes the database', async () => {
    await truncateAll(handle.db);
    await seedCatalog(handle.db);
    const [robot] = await handle.db.select({ id: robots.id }).from(robots).limit(1);
    const { db, open } = withHeldViewWrites(handle.db);
    const background = new BackgroundWrites();
    const { logger, text } = capture();
    const app = createApp({ db, dbKind: handle.kind, config: testConfig(), logger, background });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    await request(url).get(`/api/robots/${defined(robot).id}`).expect(200);
    expect(background.size).toBe(1); // the view write is still running

    let viewsWhenClosed = -1;
    const stopped = shutdownGracefully({
      server,
      background,
      logger,
      closeDatabase: async () => {
        viewsWhenClosed = Number(nth((await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from robot_views`)), 0).n);
      },
    });
    await tick(50);
    expect(viewsWhenClosed).toBe(-1); // not closed while the write runs
    open();
    await stopped;
    expect(viewsWhenClosed).toBe(1);
    expect(text()).not.toContain('robot view not recorded');
  });

  it('abandons writes that outlast the drain time with a warning, still closes the database, and takes no new writes', async () => {
    const background = new BackgroundWrites();
    const { logger, text } = capture();
    background.run(() => new Promise(() => undefined), () => undefined);
    let closed = false;
    await shutdownGracefully({ server: { close: (cb) => cb?.() }, background, logger, drainMs: 50, closeDatabase: async () => void (closed = true) });
    expect(closed).toBe(true);
    expect(text()).toContain('abandoned');
    let ran = false;
    background.run(async () => void (ran = true), () => undefined);
    expect(ran).toBe(false);
  });
});
