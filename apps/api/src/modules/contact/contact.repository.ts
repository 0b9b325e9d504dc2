import { contactMessages, type Database } from '@cellforge/db';
import { firstRow } from '../../lib/invariants';

export type NewContactMessage = typeof contactMessages.$inferInsert;

export async function insertContactMessage(db: Database, values: NewContactMessage): Promise<{ id: string }> {
  const rows = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return firstRow(rows, 'the new contact message');
}
