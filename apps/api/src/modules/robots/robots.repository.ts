import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { RobotFacets, RobotQuery } from '@cellforge/contracts';
import { queryRows, robots, robotViews, type Database } from '@cellforge/db';
import type { RobotRowWithoutVector } from './robot-dto';
import { parseSearchTerms, type SearchTerms } from './search-terms';
import { isUuid } from '../../lib/db-values';
import { robotVisibleTo } from '../catalog/visibility';

const { searchVector: _vector, ...robotColumns } = getTableColumns(robots);
export { robotColumns };

/**
 * A token matches a model number or maker (compact text) or any word of the search text.
 * Typos are corrected before this (search-terms.ts), so plain LIKE on trigram-indexed
 * columns is enough and stays fast at 10,000+ robots.
 */
export function tokenMatches(token: string): SQL {
  if (token.length <= 2) {
    return sql`(' ' || ${robots.searchText}) like ${`% ${token}%`}`;
  }
  return sql`(${robots.compactText} like ${`%${token}%`} or ${robots.searchText} like ${`%${token}%`})`;
}

/** Maker/model hits weigh more than description words; the whole query as one model number most. */
export function relevance(terms: SearchTerms): SQL {
  const perToken = terms.tokens.map(
    (t) =>
      sql`(case when ${robots.compactText} like ${`%${t}%`} then 2 else 0 end + case when (' ' || ${robots.searchText}) like ${`% ${t}%`} then 1 else 0 end)`,
  );
  const exactModel = sql`case when ${robots.compactText} like ${`%${terms.compact}%`} then 4 else 0 end`;
  return sql`(${sql.join(perToken, sql` + `)} + ${exactModel})`;
}

/** Filters that are not facets: visibility, text, numeric ranges. */
function baseConditions(query: RobotQuery, terms: SearchTerms | null): SQL[] {
  const conds: SQL[] = [robotVisibleTo()];
  if (terms) conds.push(...terms.tokens.map(tokenMatches));
  if (query.minPayload !== undefined) conds.push(sql`${robots.payloadKg} >= ${query.minPayload}`);
  if (query.maxPayload !== undefined) conds.push(sql`${robots.payloadKg} <= ${query.maxPayload}`);
  if (query.minReach !== undefined) conds.push(sql`${robots.reachMm} >= ${query.minReach}`);
  if (query.maxReach !== undefined) conds.push(sql`${robots.reachMm} <= ${query.maxReach}`);
  // A price band overlaps the asked range; robots without a known price drop out.
  if (query.minPrice !== undefined) conds.push(sql`${robots.priceMaxUsd} >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) conds.push(sql`${robots.priceMinUsd} <= ${query.maxPrice}`);
  return conds;
}

type FacetKey = keyof RobotFacets;

function facetCondition(key: FacetKey, query: RobotQuery): SQL | null {
  switch (key) {
    case 'category':
      return query.category ? sql`lower(${robots.category}) = ${query.category.toLowerCase()}` : null;
    case 'manufacturer':
      return query.manufacturer ? sql`lower(${robots.manufacturer}) = ${query.manufacturer.toLowerCase()}` : null;
    case 'application':
      return query.application ? sql`${query.application.toLowerCase()} = any(${robots.applications})` : null;
    case 'industry':
      return query.industry ? sql`${query.industry.toLowerCase()} = any(${robots.industries})` : null;
  }
}

const facetKeys: FacetKey[] = ['category', 'manufacturer', 'application', 'industry'];

/** Text ties break by code point (collate "C"), the same order on every server and in the catalog index. */
const byMaker = sql`${robots.manufacturer} collate "C"`;
const byModel = sql`${robots.model} collate "C"`;

function orderBy(query: RobotQuery, terms: SearchTerms | null): SQL[] {
  switch (query.sort) {
    case 'payload':
      return [desc(robots.payloadKg), byMaker, byModel];
    case 'reach':
      return [desc(robots.reachMm), byMaker, byModel];
    case 'price':
      return [sql`${robots.priceMinUsd} asc nulls last`, byMaker, byModel];
    case 'relevance':
      return terms ? [sql`${relevance(terms)} desc`, asc(robots.payloadKg), byModel] : [byMaker, asc(robots.payloadKg), byModel];
  }
}

export interface SearchResult {
  rows: RobotRowWithoutVector[];
  total: number;
  facets: RobotFacets;
}

/**
 * The public catalog search. Facet counts are disjunctive: each facet is counted with
 * every filter except its own, so choosing a maker still shows the other makers' counts.
 * One query for the page (with the total) and one for all four facets.
 */
export async function searchRobots(db: Database, query: RobotQuery): Promise<SearchResult> {
  const parsed = parseSearchTerms(query.q);
  if (parsed === 'nothing') {
    return { rows: [], total: 0, facets: { category: [], manufacturer: [], application: [], industry: [] } };
  }
  const terms = parsed;
  const base = baseConditions(query, terms);
  const facetConds = facetKeys.map((k) => facetCondition(k, query)).filter((c): c is SQL => c !== null);

  const pageRows = await db
    .select({ ...robotColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(robots)
    .where(and(...base, ...facetConds))
    .orderBy(...orderBy(query, terms))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);

  let total = pageRows[0]?.total ?? 0;
  if (!pageRows.length && query.page > 1) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(robots)
      .where(and(...base, ...facetConds));
    total = row?.n ?? 0;
  }

  const flag = (k: FacetKey) => facetCondition(k, query) ?? sql`true`;
  const others = (k: FacetKey) => sql.join(
    facetKeys.filter((o) => o !== k).map((o) => sql.raw(`m_${o}`)),
    sql` and `,
  );
  const facetRows = await queryRows<{ facet: FacetKey; value: string; count: number }>(
    db,
    sql`with base as (
      select ${robots.category} as category, ${robots.manufacturer} as manufacturer,
             ${robots.applications} as applications, ${robots.industries} as industries,
             ${flag('category')} as m_category, ${flag('manufacturer')} as m_manufacturer,
             ${flag('application')} as m_application, ${flag('industry')} as m_industry
      from ${robots} where ${and(...base)}
    )
    select 'category' as facet, category as value, count(*)::int as count from base where ${others('category')} group by category
    union all
    select 'manufacturer', manufacturer, count(*)::int from base where ${others('manufacturer')} group by manufacturer
    union all
    select 'application', a, count(*)::int from base, unnest(applications) as a where ${others('application')} group by a
    union all
    select 'industry', i, count(*)::int from base, unnest(industries) as i where ${others('industry')} group by i`,
  );
  const facets: RobotFacets = { category: [], manufacturer: [], application: [], industry: [] };
  for (const row of facetRows) facets[row.facet].push({ value: row.value, count: Number(row.count) });
  for (const key of facetKeys) facets[key].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));

  return { rows: pageRows.map(({ total: _t, ...r }) => r), total, facets };
}


/** A robot the public may see, or one the viewer owns (an integrator's private import). */
export async function findVisibleRobotById(
  db: Database,
  id: string,
  viewerId?: string,
): Promise<RobotRowWithoutVector | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(robotColumns).from(robots).where(and(eq(robots.id, id), robotVisibleTo(viewerId))).limit(1);
  return row;
}

export async function findVisibleRobotsByIds(db: Database, ids: string[]): Promise<RobotRowWithoutVector[]> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return [];
  return db
    .select(robotColumns)
    .from(robots)
    .where(and(inArray(robots.id, valid), robotVisibleTo()));
}

/** Same category, nearest in payload and reach (relative distance), excluding the robot itself. */
export async function findSimilarRobots(db: Database, robot: RobotRowWithoutVector, limit = 4): Promise<RobotRowWithoutVector[]> {
  return db
    .select(robotColumns)
    .from(robots)
    .where(and(robotVisibleTo(), sql`${robots.id} <> ${robot.id}`))
    .orderBy(
      sql`(case when ${robots.category} = ${robot.category} then 0 else 1 end)`,
      sql`abs(ln(greatest(${robots.payloadKg}, 0.1) / ${Math.max(robot.payloadKg, 0.1)})) + abs(ln(greatest(${robots.reachMm}, 1) / ${Math.max(robot.reachMm, 1)}))`,
    )
    .limit(limit);
}

export async function recordRobotView(db: Database, robotId: string): Promise<void> {
  await db.insert(robotViews).values({ robotId });
}
