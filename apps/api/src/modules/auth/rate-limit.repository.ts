import { eq, lte, sql } from 'drizzle-orm';
import { rateLimits, type Database } from '@cellforge/db';
import { firstRow } from '../../lib/invariants';

/** What a raw statement needs of the drizzle database (both drivers have it; PGlite ignores the name). */
interface PreparingDatabase {
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, arrayMode: boolean): { execute(): Promise<unknown> } };
}

/**
 * The hit, as one named prepared statement written once (session 15, issue 12's chat CPU): every
 * chat answer counts one, so drizzle's query building (half the API's CPU of the hit) and
 * PostgreSQL's parsing and planning of it are skipped; the statement is the upsert it was.
 */
const HIT_SQL =
  'insert into rate_limits (key, hits, reset_at) values ($1, 1, $2::timestamptz) on conflict (key) do update set ' +
  'hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end, ' +
  'reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end ' +
  'returning hits, (extract(epoch from reset_at) * 1000)::float8 as reset_ms';

/** One more hit for a key: a new window starts when the old one has ended. */
export async function incrementRateLimit(db: Database, key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
  const resetAt = new Date(Date.now() + windowMs).toISOString();
  const query = (db as unknown as PreparingDatabase).session.prepareQuery({ sql: HIT_SQL, params: [key, resetAt] }, undefined, 'rate_limit_hit', false);
  const { rows } = (await query.execute()) as { rows: Array<{ hits: number; reset_ms: number }> };
  const row = firstRow(rows, 'the rate-limit counter');
  return { hits: Number(row.hits), resetAt: new Date(Number(row.reset_ms)) };
}

export async function decrementRateLimit(db: Database, key: string): Promise<void> {
  await db.update(rateLimits).set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` }).where(eq(rateLimits.key, key));
}

export async function readRateLimit(db: Database, key: string): Promise<{ hits: number; resetAt: Date } | undefined> {
  const [row] = await db.select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return row && row.resetAt > new Date() ? row : undefined;
}

export async function deleteRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops counters whose window has ended. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, new Date()));
}
