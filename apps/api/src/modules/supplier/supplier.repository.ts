import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, robots, robotSearchColumns, type Database } from '@cellforge/db';
import type { z } from 'zod';
import type { listingInputSchema } from '@cellforge/contracts';
import { robotColumns } from '../robots/robots.repository';
import type { RobotRowWithoutVector } from '../robots/robot-dto';
import { isUuid } from '../../lib/db-values';

type ListingInput = z.infer<typeof listingInputSchema>;

export function listingValues(input: ListingInput) {
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
  };
}

export async function listListings(db: Database, ownerId: string): Promise<RobotRowWithoutVector[]> {
  return db.select(robotColumns).from(robots).where(eq(robots.ownerId, ownerId)).orderBy(asc(robots.manufacturer), asc(robots.model));
}

export async function findRobotRow(db: Database, id: string): Promise<RobotRowWithoutVector | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(robotColumns).from(robots).where(eq(robots.id, id)).limit(1);
  return row;
}

export async function insertListing(db: Database, ownerId: string, input: ListingInput): Promise<RobotRowWithoutVector> {
  const [row] = await db
    .insert(robots)
    .values({ ...listingValues(input), ownerId, listed: true, status: 'active' })
    .returning(robotColumns);
  return row!;
}

export async function updateListing(db: Database, id: string, values: Partial<typeof robots.$inferInsert>): Promise<RobotRowWithoutVector> {
  const [row] = await db
    .update(robots)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(robots.id, id))
    .returning(robotColumns);
  return row!;
}

export interface AnalyticsRow {
  robot_id: string;
  model: string;
  manufacturer: string;
  date: string;
  views: number;
  leads: number;
}

/** Views and leads per listing per day for the last `days` days (days without activity included). */
export async function listingAnalytics(db: Database, ownerId: string, days: number): Promise<AnalyticsRow[]> {
  return queryRows<AnalyticsRow>(
    db,
    sql`with days as (
          select generate_series(current_date - ${days - 1}::int, current_date, interval '1 day')::date as day
        ),
        mine as (select id, model, manufacturer from robots where owner_id = ${ownerId})
        select m.id as robot_id, m.model, m.manufacturer, to_char(d.day, 'YYYY-MM-DD') as date,
          (select count(*)::int from robot_views v where v.robot_id = m.id and v.viewed_at >= d.day and v.viewed_at < d.day + 1) as views,
          (select count(*)::int from leads l where l.robot_id = m.id and l.created_at >= d.day and l.created_at < d.day + 1) as leads
        from mine m cross join days d
        order by m.manufacturer, m.model, d.day`,
  );
}

