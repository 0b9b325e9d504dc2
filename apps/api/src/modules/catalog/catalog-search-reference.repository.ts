import { and, sql, type SQL } from 'drizzle-orm';
import type { RobotFacets, RobotQuery } from '@cellforge/contracts';
import { queryRows, robots, type Database } from '@cellforge/db';
import { baseConditions, emptyFacets, facetCondition, facetKeys, orderBy, robotColumns, sortFacets, type FacetKey, type SearchResult } from './catalog.repository';
import { findOfferSummaries } from './offers.repository';
import { parseSearchTerms } from './search-terms';

/**
 * The catalog search as it was written before migration 0008 (on the robots table, a
 * page query with count(*) over() and a facet CTE that re-reads every match): the
 * reference the agreement tests hold searchRobots to, and the SQL baseline of
 * bench/catalog-scale.bench.ts and bench/catalog.bench.ts.
 */
export async function searchRobotsReference(db: Database, query: RobotQuery): Promise<SearchResult> {
  const parsed = parseSearchTerms(query.q);
  if (parsed === 'nothing') {
    return { rows: [], total: 0, facets: emptyFacets(), offers: new Map() };
  }
  const terms = parsed;
  const base = baseConditions(query, terms);
  // baseConditions holds the condition filter; the condition facet is counted without it.
  const withoutCondition = baseConditions({ ...query, condition: undefined }, terms);
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
  const facetRows = await queryRows<{ facet: FacetKey | 'condition'; value: string; count: number }>(
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
    select 'industry', i, count(*)::int from base, unnest(industries) as i where ${others('industry')} group by i
    union all
    select 'condition', cd, count(*)::int
    from ${robots} join "robot_offer_summaries" os on os."robot_id" = ${robots.id}, unnest(os."conditions") as cd
    where ${and(...withoutCondition, ...facetConds)}
    group by cd`,
  );
  const facets: RobotFacets = emptyFacets();
  for (const row of facetRows) facets[row.facet].push({ value: row.value, count: Number(row.count) });
  sortFacets(facets);

  const rows = pageRows.map(({ total: _t, ...r }) => r);
  return { rows, total, facets, offers: await findOfferSummaries(db, rows.map((r) => r.id)) };
}
