import { eq, sql } from 'drizzle-orm';
import { integratorProfiles, users, type Database } from '@cellforge/db';
import { isUuid } from '../../lib/db-values';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Creates the user, and for integrators their portal profile, in one transaction. */
export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    if (row.userType === 'integrator' || row.userType === 'system_integrator') {
      await tx
        .insert(integratorProfiles)
        .values({ userId: row.id, companyName: row.companyName, phone: row.phone, website: row.website });
    }
    return row;
  });
}

export async function updateUser(db: Database, id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The user's token version, or null when the user no longer exists. */
export async function findTokenVersion(db: Database, userId: string): Promise<number | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? row.v : null;
}

export async function bumpTokenVersion(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() }).where(eq(users.id, userId));
}
