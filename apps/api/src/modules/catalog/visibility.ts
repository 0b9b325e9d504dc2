import type { Database } from '@cellforge/db';

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
 * robot (an integrator's private import) is visible to its owner only, whatever its
 * status. This is it for a robot already read; `robotVisibleTo` in catalog.repository.ts
 * is the same rule as SQL.
 */
export function isRobotVisibleTo(robot: { listed: boolean; status: string; ownerId: string | null }, viewerId?: string): boolean {
  return (robot.listed && robot.status === 'active') || (viewerId !== undefined && robot.ownerId === viewerId);
}
