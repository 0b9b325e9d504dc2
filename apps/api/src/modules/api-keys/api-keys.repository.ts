import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { apiKeys, users, type Database } from '@cellforge/db';
import { firstRow } from '../../lib/invariants';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: Database,
  values: { userId: string; name: string; prefix: string; secretHash: string; scopes: string[]; expiresAt: Date | null },
): Promise<ApiKeyRow> {
  return firstRow(await db.insert(apiKeys).values(values).returning(), 'the new API key');
}

/** A user's keys, newest first. */
export async function listApiKeys(db: Database, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Keys of a user that still work (not revoked, not expired). */
export async function countActiveApiKeys(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))));
  return row?.n ?? 0;
}

/** Revokes a user's key (a revoked key keeps its first revocation time); undefined when the user has no such key. */
export async function revokeApiKey(db: Database, userId: string, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning();
  return row;
}

/** The key with this secret hash and its user (for authentication). */
export async function findApiKeyByHash(
  db: Database,
  secretHash: string,
): Promise<{ key: ApiKeyRow; user: { id: string; email: string; userType: string } } | undefined> {
  const [row] = await db
    .select({ key: apiKeys, user: { id: users.id, email: users.email, userType: users.userType } })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.secretHash, secretHash))
    .limit(1);
  return row;
}

/** Records a use; skipped in the database too when another instance wrote it less than `everyMs` ago. */
export async function touchApiKey(db: Database, id: string, now: Date, everyMs: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - everyMs)))));
}

/** Test support: moves a key's expiry (tests of expired keys). */
export async function setApiKeyExpiry(db: Database, id: string, expiresAt: Date | null): Promise<void> {
  await db.update(apiKeys).set({ expiresAt }).where(eq(apiKeys.id, id));
}
