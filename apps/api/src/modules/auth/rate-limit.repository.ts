import { eq, lte, sql } from 'drizzle-orm';
import { rateLimits, type Database } from '@cellforge/db';
import { firstRow } from '../../lib/invariants';

/** One more hit for a key: a new window starts when the old one has ended. */
export async function incrementRateLimit(db: Database, key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
  const resetAt = new Date(Date.now() + windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
  return firstRow(rows, 'the rate-limit counter');
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
