import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, type Database, type DbHandle } from './client';

export type TestBackend = 'pglite' | 'postgres';

/** PGlite always; the real PostgreSQL server too when TEST_DATABASE_URL is set. */
export const testBackends: TestBackend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A migrated, empty database for one test file. On PostgreSQL each file gets a
 * database of its own (created from TEST_DATABASE_URL, dropped on close) so files
 * can run in parallel without seeing each other's rows.
 */
export async function createTestDb(backend: TestBackend): Promise<DbHandle> {
  // In the calling thread by default: fast to start. The worker thread the API runs PGlite
  // on has tests of its own (pglite-thread.test.ts); TEST_PGLITE_THREAD=worker runs every
  // test on it instead.
  if (backend === 'pglite') return createDb({ dataDir: 'memory://', pgliteThread: process.env.TEST_PGLITE_THREAD === 'worker' ? 'worker' : 'main' });

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolMax: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        // Without FORCE first: the file's own pool is closed, and a plain DROP stops an
        // autovacuum worker in the database itself (FORCE would try to terminate it,
        // which a role without superuser rights may not do: "must be a member of the role
        // whose process is being terminated").
        await dropper.query(`DROP DATABASE IF EXISTS "${name}"`);
      } catch {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

const tables = [
  'webhook_deliveries',
  'webhook_endpoints',
  'jobs',
  'analysis_jobs',
  'contact_messages',
  'beta_signups',
  'robot_views',
  'robot_offer_summaries',
  'offers',
  'robot_changes',
  'rate_limits',
  'lead_messages',
  'password_resets',
  'leads',
  'quote_requests',
  'projects',
  'robots',
  'integrator_profiles',
  'users',
];

/**
 * Empties every table: each test starts from a clean state. robot_changes keeps its id
 * sequence: its newest id is the catalog version that the API's per-version memos key on,
 * and a restarted sequence would let a refilled catalog read as the emptied one.
 */
export async function truncateAll(db: Database): Promise<void> {
  const restarted = tables.filter((t) => t !== 'robot_changes');
  await db.execute(sql.raw(`TRUNCATE ${restarted.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`));
  await db.execute(sql.raw('TRUNCATE "robot_changes" CONTINUE IDENTITY'));
}
