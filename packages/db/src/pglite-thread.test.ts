import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, queryRows, type DbHandle } from './client';
import { startPgliteThread } from './pglite-thread';
import { users } from './schema';

// The production path of the embedded database: PGlite on a worker thread (the API's
// default). Other tests of this package and the API's run PGlite in their own thread
// (testing.ts) because it starts faster; these check that the thread behaves the same.

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-pglite-thread-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

const person = (email: string) => ({ email, passwordHash: 'x', firstName: 'Ana', lastName: 'Lopez', userType: 'customer' });

describe('PGlite on a worker thread', () => {
  let handle: DbHandle;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = path.join(tempDir(), 'pg');
    handle = await createDb({ dataDir, pgliteThread: 'worker' });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('applies the migrations and answers Drizzle queries with the same values as in-process PGlite', async () => {
    const [created] = await handle.db.insert(users).values({ ...person('ana@example.com'), preferences: { units: 'metric', n: 2 } }).returning();
    expect(created?.email).toBe('ana@example.com');
    expect(created?.createdAt).toBeInstanceOf(Date);
    expect(created?.preferences).toEqual({ units: 'metric', n: 2 });
    const [read] = await handle.db.select().from(users).where(eq(users.email, 'ana@example.com'));
    expect(read?.id).toBe(created?.id);
    expect(read?.createdAt.getTime()).toBe(created?.createdAt.getTime());
    const rows = await queryRows<{ n: number; big: string; t: string; b: Uint8Array; a: number[] }>(
      handle.db,
      sql`select 2::int as n, 1.25::numeric as big, '2026-01-02 03:04:05+00'::timestamptz as t, '\\x0102'::bytea as b, array[1,2] as a`,
    );
    expect(rows).toEqual([{ n: 2, big: '1.25', t: '2026-01-02 03:04:05+00', b: new Uint8Array([1, 2]), a: [1, 2] }]);
  });

  it("keeps PostgreSQL's error fields (a unique violation is 23505 with its constraint)", async () => {
    const failure = await handle.db.insert(users).values(person('ana@example.com')).then(
      () => null,
      (err: unknown) => err as { cause?: { code?: string; constraint?: string } },
    );
    expect(failure?.cause?.code).toBe('23505');
    expect(failure?.cause?.constraint).toBe('users_email_unique');
  });

  it('commits a transaction, and rolls back one that throws, nested savepoints included', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.insert(users).values(person('kept@example.com'));
      await tx
        .transaction(async (inner) => {
          await inner.insert(users).values(person('inner@example.com'));
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(users).values(person('dropped@example.com'));
        throw new Error('undo all');
      }),
    ).rejects.toThrow('undo all');
    const emails = (await handle.db.select({ email: users.email }).from(users)).map((r) => r.email).sort();
    expect(emails).toEqual(['ana@example.com', 'kept@example.com']);
  });

  it('runs a statement sent outside an open transaction after the transaction, as one connection would', async () => {
    const order: string[] = [];
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = handle.db.transaction(async (t) => {
      await t.insert(users).values(person('in-tx@example.com'));
      order.push('inserted in the transaction');
      await held;
      order.push('transaction ends');
    });
    // Wait until the transaction holds the database, then read from outside it.
    while (!order.includes('inserted in the transaction')) await new Promise((r) => setTimeout(r, 5));
    const outside = handle.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.email, 'in-tx@example.com'))
      .then((rows) => {
        order.push('outside read answered');
        return rows;
      });
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual(['inserted in the transaction']);
    release();
    await tx;
    expect(await outside).toEqual([{ email: 'in-tx@example.com' }]);
    expect(order).toEqual(['inserted in the transaction', 'transaction ends', 'outside read answered']);
  });

  it('keeps the data in the folder across a close and a new open', async () => {
    await handle.close();
    handle = await createDb({ dataDir, pgliteThread: 'worker' });
    const [row] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from users`);
    expect(row?.n).toBe(3);
  });
});

describe('a crash of the database thread', { timeout: 120_000 }, () => {
  it('fails the statements in flight, opens the data folder again, and gives up after repeated crashes', async () => {
    const dataDir = path.join(tempDir(), 'pg');
    const crashes: Array<{ message: string; restarting: boolean }> = [];
    const thread = await startPgliteThread({ dataDir, sharedBuffers: '16MB', onCrash: (err, restarting) => crashes.push({ message: err.message, restarting }) });
    await thread.client.exec('create table t (n int); insert into t values (1), (2);');

    await thread.killThreadForTests();
    expect(crashes).toEqual([{ message: expect.stringContaining('The embedded database (PGlite thread) stopped'), restarting: true }]);
    const { rows } = await thread.client.query('select count(*)::int as n from t');
    expect(rows).toEqual([{ n: 2 }]);

    await thread.killThreadForTests();
    await thread.client.query('select 1');
    await thread.killThreadForTests();
    await thread.client.query('select 1');
    await thread.killThreadForTests();
    expect(crashes.map((c) => c.restarting)).toEqual([true, true, true, false]);
    await expect(thread.client.query('select 1')).rejects.toThrow(/stopped 4 times within a minute; not starting it again/);
    await thread.close();
  });
});

/** Runs testing-fixtures/pglite-writer.ts until it has committed `commits` transactions, then sends `signal`. */
async function writeThenStop(dataDir: string, commits: number, signal: NodeJS.Signals): Promise<{ committed: number; code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'testing-fixtures/pglite-writer.ts'), dataDir], {
    cwd: path.resolve(here, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let committed = 0;
  let sent = false;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const all = [...output.matchAll(/committed (\d+)/g)];
    committed = Number(all.at(-1)?.[1] ?? 0);
    if (!sent && committed >= commits) {
      sent = true;
      child.kill(signal);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  return { committed, code, output };
}

// A process of its own (tsx, PGlite, the migrations) starts in 5-20 s on a busy machine.
describe('stopping the process', { timeout: 180_000 }, () => {
  it('SIGTERM closes the database cleanly: the folder opens again with every commit, and takes new writes', async () => {
    const dataDir = path.join(tempDir(), 'pg');
    const { committed, code, output } = await writeThenStop(dataDir, 20, 'SIGTERM');
    expect(code, output).toBe(0);
    expect(output).toContain('closed');
    const reopened = await createDb({ dataDir, pgliteThread: 'main', migrate: false });
    try {
      const [row] = await queryRows<{ n: number; max: number; notes: number }>(
        reopened.db,
        sql`select count(*)::int as n, max(n)::int as max, count(*) filter (where note = 'row ' || n)::int as notes from writes`,
      );
      expect(row).toEqual({ n: committed, max: committed, notes: committed });
      await reopened.db.execute(sql`insert into writes (n, note) values (${committed + 1}, 'after')`);
    } finally {
      await reopened.close();
    }
  });

  it('a killed process (SIGKILL, no close) leaves a folder that opens again with every acknowledged commit', async () => {
    const dataDir = path.join(tempDir(), 'pg');
    const { committed, code } = await writeThenStop(dataDir, 20, 'SIGKILL');
    expect(code).toBe(null);
    const reopened = await createDb({ dataDir, pgliteThread: 'worker', migrate: false });
    try {
      const [row] = await queryRows<{ n: number; notes: number }>(reopened.db, sql`select count(*)::int as n, count(*) filter (where note = 'row ' || n)::int as notes from writes`);
      expect(row?.n).toBeGreaterThanOrEqual(committed);
      expect(row?.notes).toBe(row?.n);
    } finally {
      await reopened.close();
    }
  });
});
