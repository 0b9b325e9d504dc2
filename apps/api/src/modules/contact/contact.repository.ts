import { contactMessages, type Database } from '@cellforge/db';

export type NewContactMessage = typeof contactMessages.$inferInsert;

export async function insertContactMessage(db: Database, values: NewContactMessage): Promise<{ id: string }> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!;
}
