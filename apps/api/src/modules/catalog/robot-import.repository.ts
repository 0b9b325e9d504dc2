import { and, eq, sql } from 'drizzle-orm';
import { robots, type Database } from '@cellforge/db';
import { textArray } from './catalog.repository';
import { planRobotImport, type ExistingImportTarget, type ImportedRobot, type RobotInsert } from './robot-import';

/** Rows per INSERT/UPDATE statement: one JSON parameter per batch, so no parameter limit applies. */
export const IMPORT_BATCH_SIZE = 1000;

/** A batch as JSON without its null fields (json_to_recordset reads a missing key as null): a file without the optional columns sends no more than before. */
function batchJson(rows: readonly object[]): string {
  return JSON.stringify(rows, (_key, value: unknown) => (value === null ? undefined : value));
}

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
      repeatabilityMm: robots.repeatabilityMm,
      weightKg: robots.weightKg,
      priceMinUsd: robots.priceMinUsd,
      priceMaxUsd: robots.priceMaxUsd,
      applications: robots.applications,
      industries: robots.industries,
      description: robots.description,
      datasheetSource: robots.datasheetSource,
      ipRating: robots.ipRating,
      cleanroomIsoClass: robots.cleanroomIsoClass,
      foodGrade: robots.foodGrade,
      mounting: robots.mounting,
      maxSpeedMmS: robots.maxSpeedMmS,
      environmentSource: robots.environmentSource,
      makerCountry: robots.makerCountry,
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
  const { inserts, updates, unchanged } = planRobotImport(batch, existing, options.dofAssumed, options.source);
  await insertImportedRobots(db, inserts, { ownerId, contributedBy: null, listed: options.listed, source: options.source });
  if (updates.length) {
    // A field the file does not give (null here) keeps the robot's value.
    await db.execute(sql`
      update robots r set manufacturer = x.manufacturer, model = x.model, search_text = x.search_text,
             compact_text = x.compact_text, maker_country = x.maker_country, category = x.category,
             payload_kg = x.payload_kg, reach_mm = x.reach_mm, dof = x.dof,
             repeatability_mm = coalesce(x.repeatability_mm, r.repeatability_mm), weight_kg = coalesce(x.weight_kg, r.weight_kg),
             price_min_usd = coalesce(x.price_min_usd, r.price_min_usd), price_max_usd = coalesce(x.price_max_usd, r.price_max_usd),
             applications = coalesce(x.applications, r.applications), industries = coalesce(x.industries, r.industries),
             description = coalesce(x.description, r.description), datasheet_source = coalesce(x.datasheet_source, r.datasheet_source),
             ip_rating = coalesce(x.ip_rating, r.ip_rating), cleanroom_iso_class = coalesce(x.cleanroom_iso_class, r.cleanroom_iso_class),
             food_grade = coalesce(x.food_grade, r.food_grade), mounting = coalesce(x.mounting, r.mounting),
             max_speed_mm_s = coalesce(x.max_speed_mm_s, r.max_speed_mm_s), environment_source = coalesce(x.environment_source, r.environment_source),
             updated_at = now()
      from json_to_recordset(${batchJson(updates)}::json) as x(
        id uuid, manufacturer text, model text, search_text text, compact_text text, maker_country text, category text,
        payload_kg double precision, reach_mm double precision, dof integer,
        repeatability_mm double precision, weight_kg double precision, price_min_usd integer, price_max_usd integer,
        applications text[], industries text[], description text, datasheet_source text, ip_rating smallint, cleanroom_iso_class smallint,
        food_grade boolean, mounting text[], max_speed_mm_s double precision, environment_source text)
      where r.id = x.id and r.owner_id = ${ownerId}::uuid`);
  }
  return { inserted: inserts.length, updated: updates.length, unchanged };
}

/**
 * Inserts planned robots (one JSON parameter): owned by `ownerId` (an owner's import), or
 * public models a supplier contributed (`ownerId` null, `contributedBy` set: a supplier's
 * import of models the catalog lacks). On the key of an existing row nothing is written.
 */
export async function insertImportedRobots(
  db: Database,
  inserts: readonly RobotInsert[],
  owner: { ownerId: string | null; contributedBy: string | null; listed: boolean; source: string },
): Promise<void> {
  if (!inserts.length) return;
  // The optional fields (issue 14) arrive as null when the file does not give them: the column's default then.
  await db.execute(sql`
    insert into robots (manufacturer, model, normalized_key, search_text, compact_text, maker_country, category, payload_kg, reach_mm, dof,
                        owner_id, contributed_by, listed, status, datasheet_source,
                        repeatability_mm, weight_kg, price_min_usd, price_max_usd, applications, industries, description,
                        ip_rating, cleanroom_iso_class, food_grade, mounting, max_speed_mm_s, environment_source)
    select x.manufacturer, x.model, x.normalized_key, x.search_text, x.compact_text, x.maker_country, x.category, x.payload_kg, x.reach_mm, x.dof,
           ${owner.ownerId}::uuid, ${owner.contributedBy}::uuid, ${owner.listed}, 'active', coalesce(x.datasheet_source, ${owner.source}),
           x.repeatability_mm, x.weight_kg, x.price_min_usd, x.price_max_usd, coalesce(x.applications, '{}'), coalesce(x.industries, '{}'),
           coalesce(x.description, ''), x.ip_rating, x.cleanroom_iso_class, x.food_grade, x.mounting, x.max_speed_mm_s, x.environment_source
    from json_to_recordset(${batchJson(inserts)}::json) as x(
      manufacturer text, model text, normalized_key text, search_text text, compact_text text, maker_country text, category text,
      payload_kg double precision, reach_mm double precision, dof integer,
      repeatability_mm double precision, weight_kg double precision, price_min_usd integer, price_max_usd integer,
      applications text[], industries text[], description text, datasheet_source text, ip_rating smallint, cleanroom_iso_class smallint,
      food_grade boolean, mounting text[], max_speed_mm_s double precision, environment_source text)
    ${owner.ownerId === null ? sql`on conflict do nothing` : sql``}`);
}
