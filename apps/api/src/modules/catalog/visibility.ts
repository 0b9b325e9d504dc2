import { and, eq, or, type SQL } from 'drizzle-orm';
import { robots, type Database } from '@cellforge/db';

/**
 * A read of the catalog on behalf of someone: the database and the signed-in user's id
 * (none for an anonymous visitor). Every query that returns robots takes one, so the
 * visibility rule below cannot be forgotten.
 */
export interface CatalogReader {
  db: Database;
  viewerId?: string;
}

/**
 * The one visibility rule for robots: listed, active robots are public; an unlisted
 * robot (an integrator's private import) is visible to its owner only, whatever its status.
 */
export function robotVisibleTo(viewerId?: string): SQL {
  const published = and(eq(robots.listed, true), eq(robots.status, 'active'))!;
  return viewerId ? or(published, eq(robots.ownerId, viewerId))! : published;
}

/** The same rule for a robot already read (in-memory indexes). */
export function isRobotVisibleTo(robot: { listed: boolean; status: string; ownerId: string | null }, viewerId?: string): boolean {
  return (robot.listed && robot.status === 'active') || (viewerId !== undefined && robot.ownerId === viewerId);
}
