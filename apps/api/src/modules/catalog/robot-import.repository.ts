import { and, eq, sql } from 'drizzle-orm';
import { robots, type Database } from '@cellforge/db';
import { textArray } from './catalog.repository';
import { planRobotImport, type ExistingImportTarget, type ImportedRobot } from './robot-import';

/** Rows per INSERT/UPDATE statement: one JSON parameter per batch, so no parameter limit applies. */
export const IMPORT_BATCH_SIZE = 1000;

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export async function ownerHasRobots(db: Database, ownerId: string): Promise<boolean> {
  const [row] = await db.select({ id: robots.id }).from(robots).where(eq(robots.ownerId, ownerId)).limit(1);
  return Boolean(row);
}


async function findImportTargets(db: Database, ownerId: string, batch: readonly ImportedRobot[]): Promise<ExistingImportTarget[]> {
  return db
    .select({
      id: robots.id,
      key: robots.normalizedKey,
      manufacturer: robots.manufacturer,
      model: robots.model,
      category: robots.category,
      payloadKg: robots.payloadKg,
      reachMm: robots.reachMm,
      dof: robots.dof,
    })
    .from(robots)
    .where(and(eq(robots.ownerId, ownerId), sql`${robots.normalizedKey} = any(${textArray(batch.map((r) => r.key))})`));
}

/**
 * Upserts one batch (at most IMPORT_BATCH_SIZE rows) of robots owned by `ownerId`, keyed
 * on (owner, normalized manufacturer + model): one SELECT of the existing keys, the plan
 * (planRobotImport decides what changed), one INSERT of the new rows, one UPDATE of the
 * changed ones. Run it inside a transaction.
 */
export async function upsertOwnedRobotBatch(
  db: Database,
  ownerId: string,
  batch: readonly ImportedRobot[],
  options: { listed: boolean; source: string; dofAssumed: number; ownerHasRobots: boolean },
): Promise<UpsertCounts> {
  if (!batch.length) return { inserted: 0, updated: 0, unchanged: 0 };
  // An owner without robots (a first import) has nothing to match: skip the lookup.
  const existing = options.ownerHasRobots ? await findImportTargets(db, ownerId, batch) : [];
  const { inserts, updates, unchanged } = planRobotImport(batch, existing, options.dofAssumed);
  if (inserts.length) {
    await db.execute(sql`
      insert into robots (manufacturer, model, normalized_key, search_text, compact_text, maker_country, category, payload_kg, reach_mm, dof,
                          owner_id, listed, status, datasheet_source)
      select x.manufacturer, x.model, x.normalized_key, x.search_text, x.compact_text, x.maker_country, x.category, x.payload_kg, x.reach_mm, x.dof,
             ${ownerId}::uuid, ${options.listed}, 'active', ${options.source}
      from json_to_recordset(${JSON.stringify(inserts)}::json) as x(
        manufacturer text, model text, normalized_key text, search_text text, compact_text text, maker_country text, category text,
        payload_kg double precision, reach_mm double precision, dof integer)`);
  }
  if (updates.length) {
    await db.execute(sql`
      update robots r set manufacturer = x.manufacturer, model = x.model, search_text = x.search_text,
             compact_text = x.compact_text, maker_country = x.maker_country, payload_kg = x.payload_kg, reach_mm = x.reach_mm, dof = x.dof, updated_at = now()
      from json_to_recordset(${JSON.stringify(updates)}::json) as x(
        id uuid, manufacturer text, model text, search_text text, compact_text text, maker_country text,
        payload_kg double precision, reach_mm double precision, dof integer)
      where r.id = x.id and r.owner_id = ${ownerId}::uuid`);
  }
  return { inserted: inserts.length, updated: updates.length, unchanged };
}
