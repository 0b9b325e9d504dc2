const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids are UUID columns: anything else cannot match a row, and PostgreSQL would refuse
 * it with an error, so callers answer "not found" without asking the database.
 */
export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}

/** A unique constraint refused the write (PostgreSQL 23505; drizzle may wrap it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
