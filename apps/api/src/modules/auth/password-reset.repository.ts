import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { passwordResets, users, type Database } from '@cellforge/db';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** Stores a new token, and drops the user's tokens that can no longer be used (expired or used over a day ago), so the table stays small. */
export async function insertPasswordReset(db: Database, values: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
  await db.delete(passwordResets).where(and(eq(passwordResets.userId, values.userId), or(lt(passwordResets.expiresAt, dayAgo), lt(passwordResets.usedAt, dayAgo))));
  await db.insert(passwordResets).values(values);
}

export async function findPasswordResetByHash(db: Database, tokenHash: string): Promise<PasswordResetRow | undefined> {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Spends the token and sets the password in one transaction: the token is marked used
 * only if it still is unused and unexpired (so two requests with one token cannot both
 * win), the password changes, the user's token version goes up (every access token issued
 * before stops working), and every other outstanding token of the user is spent too.
 * False when the token was no longer usable.
 */
export async function completePasswordReset(db: Database, input: { resetId: string; userId: string; passwordHash: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const spent = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, input.resetId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ id: passwordResets.id });
    if (!spent.length) return false;
    await tx
      .update(users)
      .set({ passwordHash: input.passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, input.userId));
    await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, input.userId), isNull(passwordResets.usedAt)));
    return true;
  });
}
