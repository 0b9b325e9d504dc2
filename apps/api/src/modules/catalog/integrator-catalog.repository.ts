import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CatalogStats, IntegratorCatalogQuery } from '@cellforge/contracts';
import { robots, type Database } from '@cellforge/db';
import { defined } from '../../lib/invariants';
import { relevance, robotColumns, tokenMatches } from './catalog.repository';
import type { RobotRow } from './robot-dto';
import { parseSearchTerms } from './search-terms';

/** What an integrator's catalog holds: the shared catalog (owner null) and their own robots. */
const visibleTo = (ownerId: string): SQL => defined(or(isNull(robots.ownerId), eq(robots.ownerId, ownerId)), 'the visibility condition');

export interface IntegratorCatalogPage {
  rows: RobotRow[];
  total: number;
}

/**
 * The integrator's catalog page: own robots first, then the shared catalog; within
 * each, by relevance when searching (the public catalog's typo-tolerant token match),
 * else by manufacturer and model.
 */
export async function listIntegratorCatalog(db: Database, ownerId: string, query: IntegratorCatalogQuery, only?: SQL): Promise<IntegratorCatalogPage> {
  const terms = parseSearchTerms(query.search);
  if (terms === 'nothing') return { rows: [], total: 0 };
  const conds: SQL[] = [visibleTo(ownerId)];
  if (only) conds.push(only);
  if (terms) conds.push(...terms.tokens.map(tokenMatches));
  const own = sql`(case when ${robots.ownerId} = ${ownerId} then 0 else 1 end)`;
  const order: SQL[] = [own];
  if (terms) order.push(sql`${relevance(terms)} desc`);
  order.push(asc(robots.manufacturer), asc(robots.model), asc(robots.id));

  const rows = await db
    .select({ ...robotColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(robots)
    .where(and(...conds))
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) {
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(robots).where(and(...conds));
    total = row?.n ?? 0;
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}

/** Stat cards over exactly what the catalog tab lists (shared + own). */
export async function integratorCatalogStats(db: Database, ownerId: string): Promise<CatalogStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${robots.status} = 'active')`.mapWith(Number),
      categories: sql<string[]>`coalesce(array_agg(distinct ${robots.category}) filter (where ${robots.category} <> ''), '{}')`,
    })
    .from(robots)
    .where(visibleTo(ownerId));
  const total = row?.total ?? 0;
  const active = row?.active ?? 0;
  return {
    total_robots: total,
    active_robots: active,
    inactive_robots: total - active,
    categories: [...(row?.categories ?? [])].sort((a, b) => a.localeCompare(b)),
  };
}
