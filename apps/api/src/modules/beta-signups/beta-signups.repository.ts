import { sql } from 'drizzle-orm';
import { betaSignups, type Database } from '@cellforge/db';

export type BetaSignupRow = typeof betaSignups.$inferSelect;
export type NewBetaSignupRow = typeof betaSignups.$inferInsert;

/** Case-insensitive, so a row stored with capitals before emails were lower-cased still counts. */
export async function findBetaSignupByEmail(db: Database, email: string): Promise<BetaSignupRow | undefined> {
  const [row] = await db
    .select()
    .from(betaSignups)
    .where(sql`lower(${betaSignups.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** Inserts the signup; undefined when the email is already there (a concurrent duplicate). */
export async function insertBetaSignup(db: Database, values: NewBetaSignupRow): Promise<BetaSignupRow | undefined> {
  const [row] = await db.insert(betaSignups).values(values).onConflictDoNothing({ target: betaSignups.email }).returning();
  return row;
}
