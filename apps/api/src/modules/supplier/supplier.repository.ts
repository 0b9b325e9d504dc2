import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, robots, type Database } from '@cellforge/db';
import type { z } from 'zod';
import type { listingInputSchema } from '@cellforge/contracts';
import { robotColumns } from '../catalog';
import type { RobotRow } from '../catalog';
import { robotValues } from '../catalog';

export async function listListings(db: Database, ownerId: string): Promise<RobotRow[]> {
  return db.select(robotColumns).from(robots).where(eq(robots.ownerId, ownerId)).orderBy(asc(robots.manufacturer), asc(robots.model));
}

export async function insertListing(db: Database, ownerId: string, input: z.infer<typeof listingInputSchema>): Promise<RobotRow> {
  const [row] = await db
    .insert(robots)
    .values({ ...robotValues(input), ownerId, listed: true, status: 'active' })
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

