import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startPgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and node-postgres alike. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * Runs `fn` while this process holds the named cluster-wide lock (a PostgreSQL advisory
   * lock on a connection of its own), so instances starting together take turns (seeding
   * the shared catalog). PGlite has one process: `fn` just runs.
   */
  exclusive?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
}

export interface CreateDbOptions {
  /** postgres://... ; when set, a real PostgreSQL server is used. */
  databaseUrl?: string;
  /** PGlite data folder; 'memory://' for an in-memory database. */
  dataDir?: string;
  /** Apply migrations before returning (default true). */
  migrate?: boolean;
  migrationsFolder?: string;
  /** node-postgres pool size. */
  poolMax?: number;
  /**
   * PGlite's shared_buffers (default PGLITE_SHARED_BUFFERS, else 16MB). PostgreSQL's own
   * default of 128MB lives inside the API process with PGlite; at the catalog's size 16MB
   * holds the hot pages and the operating system caches the rest of the files.
   */
  pgliteSharedBuffers?: string;
  /**
   * Where PGlite runs: 'worker' (default; PGLITE_THREAD overrides) on a worker thread of
   * its own, so the database does not take turns with requests on the API's thread;
   * 'main' in the calling thread (unit tests: starts faster, nothing to clean up).
   */
  pgliteThread?: PgliteThread;
  /** Told when the database thread stopped on its own (see pglite-thread.ts). */
  onDatabaseThreadCrash?: (err: Error, restarting: boolean) => void;
}

export type PgliteThread = 'worker' | 'main';
/** PGLITE_THREAD: 'worker' (default) or 'main'. */
export function pgliteThreadFromEnv(value = process.env.PGLITE_THREAD): PgliteThread {
  const v = (value ?? '').trim();
  if (v === '' || v === 'worker') return 'worker';
  if (v === 'main') return 'main';
  throw new Error(`PGLITE_THREAD must be "worker" or "main" (got "${v}")`);
}

/** A shared_buffers value PostgreSQL reads: a number with an optional kB/MB/GB unit. */
const SHARED_BUFFERS = /^\d{1,7}\s*(kB|MB|GB)?$/;
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Where the SQL migrations are: beside the package source (workspace), or copied next
 * to a bundled server (dist/drizzle). MIGRATIONS_DIR overrides both.
 */
export function resolveMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    process.env.MIGRATIONS_DIR,
    path.resolve(here, '../drizzle'),
    path.resolve(here, './drizzle'),
  ].filter((p): p is string => Boolean(p));
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`SQL migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Creates a new PGlite data folder (initdb) in a short-lived child process. initdb runs
 * in a WebAssembly instance of its own whose memory the process keeps once grown: done
 * in the API process it left about 200 MB more resident for the process's whole life
 * (measured: 482 MB after the first open of a new folder, 281 MB when reopening one).
 */
async function initPgliteDataDir(dataDir: string): Promise<void> {
  const moduleUrl = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(moduleUrl)}); const db = await PGlite.create(process.argv[1]); await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Creating the PGlite database in ${dataDir} failed (exit ${code}): ${stderr.slice(0, 500)}`))));
  });
}

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const migrationsFolder = options.migrationsFolder ?? resolveMigrationsFolder();
  const shouldMigrate = options.migrate ?? true;

  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // An idle client losing its connection (server restart) must not crash the process.
    pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // Instances starting together (replicas, a deploy) apply the migrations one after the
    // other: the first applies them, the others find them applied. Without the lock two
    // instances both see a migration missing and the second fails on "already exists".
    if (shouldMigrate) {
      try {
        await withAdvisoryLock(pool, MIGRATIONS_LOCK, (client) => migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder }));
      } catch (err) {
        await pool.end();
        throw err;
      }
    }
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      exclusive: (name, fn) => withAdvisoryLock(pool, advisoryKey(name), () => fn()),
    };
  }

  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initPgliteDataDir(dataDir);
  }
  const sharedBuffers = options.pgliteSharedBuffers ?? process.env.PGLITE_SHARED_BUFFERS ?? DEFAULT_PGLITE_SHARED_BUFFERS;
  if (!SHARED_BUFFERS.test(sharedBuffers)) throw new Error(`PGLITE_SHARED_BUFFERS must be a size like 16MB (got "${sharedBuffers}")`);
  const thread = options.pgliteThread ?? pgliteThreadFromEnv();
  if (thread === 'worker') {
    const remote = await startPgliteThread({ dataDir, sharedBuffers, onCrash: options.onDatabaseThreadCrash });
    // Drizzle's pglite driver calls query/transaction, which the thread's client offers.
    const db = drizzlePglite(remote.client as unknown as PGlite, { schema }) as unknown as Database;
    try {
      if (shouldMigrate) await migratePglite(db as never, { migrationsFolder });
    } catch (err) {
      await remote.close();
      throw err;
    }
    return { db, kind: 'pglite', close: remote.close };
  }
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, postgresqlconf: [`shared_buffers = ${sharedBuffers}`] });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  if (shouldMigrate) await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** The advisory lock key migrations run under (any 64-bit number no other lock uses). */
export const MIGRATIONS_LOCK = 7_304_418_262_001n;

/** A stable advisory lock key for a name (the first 8 bytes of its SHA-256, as a signed bigint). */
export function advisoryKey(name: string): bigint {
  return createHash('sha256').update(`cellforge:${name}`).digest().readBigInt64BE(0);
}

/**
 * Runs `fn` on a connection of its own while it holds the session advisory lock `key`
 * (waiting for whoever holds it). The lock is released when `fn` ends, and by the server
 * if this process dies meanwhile (the connection closes).
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: bigint, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key.toString()]);
    try {
      return await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key.toString()]).catch(() => {
        broken = true;
      });
    }
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    // A connection whose lock state is unknown is closed rather than reused.
    client.release(broken);
  }
}

/** Rows of a raw SQL query; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
