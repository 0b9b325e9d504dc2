import { and, count, desc, eq, sql } from 'drizzle-orm';
import { importMappings, type Database } from '@cellforge/db';
import { isUuid } from '../../lib/db-values';
import { firstRow } from '../../lib/invariants';

export type ImportMappingRow = typeof importMappings.$inferSelect;

/** A person's saved mappings, the most recently used (or saved) first. */
export async function listImportMappings(db: Database, userId: string): Promise<ImportMappingRow[]> {
  return db
    .select()
    .from(importMappings)
    .where(eq(importMappings.userId, userId))
    .orderBy(desc(sql`coalesce(${importMappings.lastUsedAt}, ${importMappings.createdAt})`), desc(importMappings.createdAt));
}

export async function countImportMappings(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(importMappings).where(eq(importMappings.userId, userId));
  return row?.n ?? 0;
}

/** The person's mapping for these headers (newest used first), or undefined. */
export async function findImportMappingBySignature(db: Database, userId: string, signature: string): Promise<ImportMappingRow | undefined> {
  const [row] = await db
    .select()
    .from(importMappings)
    .where(and(eq(importMappings.userId, userId), eq(importMappings.headerSignature, signature)))
    .orderBy(desc(sql`coalesce(${importMappings.lastUsedAt}, ${importMappings.createdAt})`))
    .limit(1);
  return row;
}

/** Saves under `name`; a mapping of the same person with that name is replaced (its id kept). */
export async function upsertImportMapping(
  db: Database,
  values: { userId: string; name: string; headerSignature: string; columns: string[]; mapping: Record<string, string | null> },
): Promise<ImportMappingRow> {
  const rows = await db
    .insert(importMappings)
    .values(values)
    .onConflictDoUpdate({
      target: [importMappings.userId, importMappings.name],
      set: { headerSignature: values.headerSignature, columns: values.columns, mapping: values.mapping, createdAt: sql`now()`, lastUsedAt: null },
    })
    .returning();
  return firstRow(rows, 'the saved mapping');
}

export async function findImportMappingByName(db: Database, userId: string, name: string): Promise<ImportMappingRow | undefined> {
  const [row] = await db.select().from(importMappings).where(and(eq(importMappings.userId, userId), eq(importMappings.name, name))).limit(1);
  return row;
}

export async function touchImportMapping(db: Database, id: string): Promise<void> {
  await db.update(importMappings).set({ lastUsedAt: sql`now()` }).where(eq(importMappings.id, id));
}

/** Deletes the person's mapping; false when there is none with that id (or it is someone else's). */
export async function deleteImportMapping(db: Database, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(importMappings)
    .where(and(eq(importMappings.id, id), eq(importMappings.userId, userId)))
    .returning({ id: importMappings.id });
  return rows.length > 0;
}
