import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, robots, robotSearchColumns, type Database } from '@cellforge/db';
import type { z } from 'zod';
import type { listingInputSchema } from '@cellforge/contracts';
import { AppError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/db-values';
import { firstRow } from '../../lib/invariants';
import { robotColumns } from './catalog.repository';
import type { RobotRow } from './robot-dto';
import { isRobotVisibleTo } from './visibility';

/**
 * Robots a user owns: a supplier's listings and an integrator's own catalog rows.
 * Both edit the same columns with the same input (listingInputSchema) and the same
 * ownership rule; the shared catalog (owner null) is read-only to everyone.
 */
type RobotInput = z.infer<typeof listingInputSchema>;

export function robotValues(input: RobotInput) {
  return {
    manufacturer: input.manufacturer,
    model: input.model,
    ...robotSearchColumns(input),
    category: input.category,
    payloadKg: input.payload_kg,
    reachMm: input.reach_mm,
    dof: input.dof,
    repeatabilityMm: input.repeatability_mm,
    weightKg: input.weight_kg,
    priceMinUsd: input.price_min_usd === null ? null : Math.round(input.price_min_usd),
    priceMaxUsd: input.price_max_usd === null ? null : Math.round(input.price_max_usd),
    applications: input.applications,
    industries: input.industries,
    description: input.description,
    datasheetSource: input.datasheet_source,
    ipRating: input.ip_rating,
    cleanroomIsoClass: input.cleanroom_iso_class,
    foodGrade: input.food_grade,
    mounting: input.mounting,
    maxSpeedMmS: input.max_speed_mm_s,
    environmentSource: input.environment_source,
  };
}

export async function findRobotRow(db: Database, id: string): Promise<RobotRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(robotColumns).from(robots).where(eq(robots.id, id)).limit(1);
  return row;
}

/** The robots `ownerId` owns (a supplier's listings, an integrator's own rows), by maker and model. */
export async function listOwnedRobots(db: Database, ownerId: string, onlyRobots?: SQL): Promise<RobotRow[]> {
  return db.select(robotColumns).from(robots).where(and(eq(robots.ownerId, ownerId), onlyRobots)).orderBy(asc(robots.manufacturer), asc(robots.model));
}

/** A new robot owned by `ownerId`; a second robot with the same maker and model is a unique violation. */
export async function insertOwnedRobot(db: Database, ownerId: string, input: RobotInput, options: { listed: boolean }): Promise<RobotRow> {
  const rows = await db
    .insert(robots)
    .values({ ...robotValues(input), ownerId, listed: options.listed, status: 'active' })
    .returning(robotColumns);
  return firstRow(rows, 'the new robot');
}

export interface OwnedRobotDailyViews {
  robot_id: string;
  model: string;
  manufacturer: string;
  date: string;
  views: number;
}

/**
 * Views per day for the last `days` days of each robot the user owns or offers, days without views
 * included (zeros). A catalog model the user offers counts only the views since their first offer on
 * it was created: the model's page was viewed before, by buyers who never saw the offer (a supplier
 * who listed a popular model today read "Views (30 days): 212").
 */
export async function dailyViewsOfOwnedRobots(db: Database, ownerId: string, days: number): Promise<OwnedRobotDailyViews[]> {
  return queryRows<OwnedRobotDailyViews>(
    db,
    sql`with days as (
          select generate_series(current_date - ${days - 1}::int, current_date, interval '1 day')::date as day
        ),
        mine as (
          select r.id, r.model, r.manufacturer,
            case when r.owner_id = ${ownerId} then null
              else (select min(o.created_at) from offers o where o.robot_id = r.id and o.supplier_id = ${ownerId}) end as since
          from robots r
          where r.owner_id = ${ownerId} or r.id in (select robot_id from offers where supplier_id = ${ownerId})
        )
        select m.id as robot_id, m.model, m.manufacturer, to_char(d.day, 'YYYY-MM-DD') as date,
          (select count(*)::int from robot_views v
            where v.robot_id = m.id and v.viewed_at >= d.day and v.viewed_at < d.day + 1
              and (m.since is null or v.viewed_at >= m.since)) as views
        from mine m cross join days d
        order by m.manufacturer, m.model, d.day`,
  );
}

export async function updateRobot(db: Database, id: string, values: Partial<typeof robots.$inferInsert>): Promise<RobotRow> {
  const rows = await db
    .update(robots)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(robots.id, id))
    .returning(robotColumns);
  return firstRow(rows, `robot ${id}, updated`);
}

export async function deleteRobot(db: Database, id: string): Promise<void> {
  await db.delete(robots).where(eq(robots.id, id));
}

export const SHARED_CATALOG_READ_ONLY = 'Robots of the shared catalog are read-only.';

/**
 * The robot `id` if `userId` owns it. A robot the user may not see (unknown, or another
 * account's private or inactive robot) is 404, the same answer, so the status reveals
 * nothing (the catalog's visibility rule). A public robot of the shared catalog is 403
 * read-only; another user's public robot is `othersRobot`: 403 with a message (supplier
 * listings) or 404 (an integrator's catalog).
 */
export async function findOwnedRobot(
  db: Database,
  userId: string,
  id: string,
  options: { label: string; othersRobot: { status: 403; message: string } | { status: 404 } },
): Promise<RobotRow> {
  const row = await findRobotRow(db, id);
  if (!row || !isRobotVisibleTo(row, userId)) throw notFound(options.label);
  if (row.ownerId === userId) return row;
  if (row.ownerId === null) throw new AppError('FORBIDDEN', SHARED_CATALOG_READ_ONLY);
  if (options.othersRobot.status === 404) throw notFound(options.label);
  throw new AppError('FORBIDDEN', options.othersRobot.message);
}
