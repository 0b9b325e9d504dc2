import { and, arrayOverlaps, asc, desc, eq, getTableColumns, gte, inArray, isNull, lte, Name, or, SQL, sql, StringChunk, type AnyColumn } from 'drizzle-orm';
import { offerConditions, type OfferSummary, type RobotFacets, type RobotQuery, type UnknownValues } from '@cellforge/contracts';
import { offers, queryRows, robotChanges, robots, robotViews, users, type Database } from '@cellforge/db';
import { createHash } from 'node:crypto';
import type { RobotRow } from './robot-dto';
import { parseSearchTerms, type SearchTerms } from './search-terms';
import { anyUuid, isUuid } from '../../lib/db-values';
import { defined } from '../../lib/invariants';
import { offerPriceUsdSql, toOfferSummary } from './offers-summary';
import { FIT_RANKING, type RankingNeed } from '@cellforge/robot-fit';
import type { CatalogReader } from './visibility';

const { searchVector: _vector, ...robotColumns } = getTableColumns(robots);
export { robotColumns };

/**
 * The columns for lists that are ranked and shown by figures (the assistant's candidates, similar
 * and nearest robots): the long description and the two search texts are read as '' (nothing that
 * ranks or shows these rows reads them). They are most of a row's bytes: 80 candidate rows cost
 * PGlite and the driver several times more to encode and decode with them (docs/benchmarks.md,
 * "Assistant CPU per answer", session 12).
 */
const rankingColumns = { ...robotColumns, description: sql<string>`''`, searchText: sql<string>`''`, compactText: sql<string>`''` };

/**
 * The catalog's visibility rule (visibility.ts) as SQL: listed, active robots are public; an unlisted
 * robot (an integrator's private import) is visible to its owner only, whatever its status.
 */
export function robotVisibleTo(viewerId?: string): SQL {
  const published = defined(and(eq(robots.listed, true), eq(robots.status, 'active')), 'the published condition');
  return viewerId ? defined(or(published, eq(robots.ownerId, viewerId)), 'the visibility condition') : published;
}

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
export function baseConditions(query: RobotQuery, terms: SearchTerms | null): SQL[] {
  const conds: SQL[] = [robotVisibleTo()];
  if (terms) conds.push(...terms.tokens.map(tokenMatches));
  if (query.minPayload !== undefined) conds.push(sql`${robots.payloadKg} >= ${query.minPayload}`);
  if (query.maxPayload !== undefined) conds.push(sql`${robots.payloadKg} <= ${query.maxPayload}`);
  if (query.minReach !== undefined) conds.push(sql`${robots.reachMm} >= ${query.minReach}`);
  if (query.maxReach !== undefined) conds.push(sql`${robots.reachMm} <= ${query.maxReach}`);
  // A price band overlaps the asked range; robots without a known price drop out. The band is
  // the offers' where a model has priced offers, its list price otherwise.
  if (query.minPrice !== undefined) conds.push(sql`${effectivePrice('max')} >= ${priceBound(query.minPrice, Math.ceil)}`);
  if (query.maxPrice !== undefined) conds.push(sql`${effectivePrice('min')} <= ${priceBound(query.maxPrice, Math.floor)}`);
  const conditions = valueList(query.condition);
  if (conditions.length) {
    conds.push(sql`exists (select 1 from "robot_offer_summaries" os where os."robot_id" = ${robots.id} and os."conditions" && ${textArray(conditions)})`);
  }
  if (query.minAxes !== undefined) conds.push(sql`${robots.dof} >= ${query.minAxes}`);
  if (query.maxAxes !== undefined) conds.push(sql`${robots.dof} <= ${query.maxAxes}`);
  const excluded = valueList(query.excludeManufacturer);
  if (excluded.length) conds.push(sql`lower(${robots.manufacturer}) <> all(${textArray(excluded)})`);
  conds.push(...environmentConditions(query, robotEnvironmentColumns));
  return conds;
}

/** The environment columns (migration 0009) of robots or of robot_search. */
export interface EnvironmentColumns {
  ipRating: SQL | AnyColumn;
  cleanroomIsoClass: SQL | AnyColumn;
  foodGrade: SQL | AnyColumn;
  mounting: SQL | AnyColumn;
  makerCountry: SQL | AnyColumn;
  /** Not the environment, but a limit whose unknown values are counted the same way (migration 0023). */
  repeatabilityMm: SQL | AnyColumn;
}
const robotEnvironmentColumns: EnvironmentColumns = {
  ipRating: robots.ipRating,
  cleanroomIsoClass: robots.cleanroomIsoClass,
  foodGrade: robots.foodGrade,
  mounting: robots.mounting,
  makerCountry: robots.makerCountry,
  repeatabilityMm: robots.repeatabilityMm,
};

export type EnvironmentFilter = 'minIp' | 'cleanroom' | 'foodGrade' | 'mounting' | 'makerCountry' | 'maxRepeatability';
/** The environment part of a catalog query (the assistant and matching build one from a buyer's needs). */
export type EnvironmentQuery = Partial<Pick<RobotQuery, EnvironmentFilter>>;
export const environmentFilters: EnvironmentFilter[] = ['minIp', 'cleanroom', 'foodGrade', 'mounting', 'makerCountry', 'maxRepeatability'];

/**
 * One environment filter as SQL, or null when the query has none. A robot whose value is
 * unknown (null) never passes: every condition is false on null (docs/decisions.md,
 * "Unknown environment values").
 */
export function environmentCondition(key: EnvironmentFilter, query: EnvironmentQuery, c: EnvironmentColumns): SQL | null {
  switch (key) {
    case 'minIp':
      return query.minIp === undefined ? null : sql`${c.ipRating} >= ${query.minIp}`;
    case 'cleanroom':
      if (query.cleanroom === undefined) return null;
      return query.cleanroom === 'any' ? sql`${c.cleanroomIsoClass} is not null` : sql`${c.cleanroomIsoClass} <= ${query.cleanroom}`;
    case 'foodGrade':
      return query.foodGrade === 'true' ? sql`${c.foodGrade} is true` : null;
    case 'mounting': {
      const wanted = valueList(query.mounting);
      return wanted.length ? sql`${c.mounting} && ${textArray(wanted)}` : null;
    }
    case 'makerCountry': {
      const wanted = valueList(query.makerCountry).map((v) => v.toUpperCase());
      return wanted.length ? sql`${c.makerCountry} = any(${textArray(wanted)})` : null;
    }
    case 'maxRepeatability':
      return query.maxRepeatability === undefined ? null : sql`${c.repeatabilityMm} <= ${query.maxRepeatability}`;
  }
}

/** The column an environment filter reads, to count the robots it leaves out for want of a value. */
export function environmentColumn(key: EnvironmentFilter, c: EnvironmentColumns): SQL | AnyColumn {
  switch (key) {
    case 'minIp':
      return c.ipRating;
    case 'cleanroom':
      return c.cleanroomIsoClass;
    case 'foodGrade':
      return c.foodGrade;
    case 'mounting':
      return c.mounting;
    case 'makerCountry':
      return c.makerCountry;
    case 'maxRepeatability':
      return c.repeatabilityMm;
  }
}

export function hasEnvironmentFilter(query: EnvironmentQuery): boolean {
  return environmentFilters.some((k) => environmentCondition(k, query, robotEnvironmentColumns) !== null);
}

export function environmentConditions(query: EnvironmentQuery, c: EnvironmentColumns): SQL[] {
  return environmentFilters.map((k) => environmentCondition(k, query, c)).filter((x): x is SQL => x !== null);
}

/**
 * A robot's price bound (robots table): its offers' where it has priced offers (in USD, offers
 * in other currencies converted by the one currency table), its list price otherwise.
 */
function effectivePrice(bound: 'min' | 'max'): SQL {
  const list = bound === 'min' ? robots.priceMinUsd : robots.priceMaxUsd;
  return sql`coalesce((select ${offerPriceUsdSql(bound)} from "robot_offer_summaries" os where os."robot_id" = ${robots.id}), ${list})`;
}

/** "FANUC, abb" -> ['fanuc', 'abb']: a filter of one value or several (either). */
export function valueList(value: string | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((v) => v.trim().toLowerCase()).filter(Boolean))];
}

/** A text[] parameter: one bound array literal, whatever a driver does with JS arrays. */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}

/** The facets of the robots' own columns (the condition facet is the offers', counted apart). */
export type FacetKey = Exclude<keyof RobotFacets, 'condition'>;

export function facetCondition(key: FacetKey, query: RobotQuery): SQL | null {
  switch (key) {
    case 'category':
      return query.category ? sql`lower(${robots.category}) = any(${textArray(valueList(query.category))})` : null;
    case 'manufacturer':
      return query.manufacturer ? sql`lower(${robots.manufacturer}) = any(${textArray(valueList(query.manufacturer))})` : null;
    case 'application':
      return query.application ? sql`${robots.applications} && ${textArray(valueList(query.application))}` : null;
    case 'industry':
      return query.industry ? sql`${query.industry.toLowerCase()} = any(${robots.industries})` : null;
  }
}

export const facetKeys: FacetKey[] = ['category', 'manufacturer', 'application', 'industry'];

/** Text ties break by code point (collate "C"), the same order on every server. */
const byMaker = sql`${robots.manufacturer} collate "C"`;
const byModel = sql`${robots.model} collate "C"`;

/**
 * What a search ranks by fit against (sort=relevance with no words to match): the least
 * payload and reach it asks for, whether the words ("cobot 10 kg") or the filter panel
 * gave them, and the tasks asked when no category was chosen. null: no figure to fit.
 */
export function fitNeed(query: RobotQuery, terms: SearchTerms | null): RankingNeed | null {
  if (terms || query.sort !== 'relevance') return null;
  const payloadKg = query.minPayload !== undefined && query.minPayload > 0 ? query.minPayload : undefined;
  const reachMm = query.minReach !== undefined && query.minReach > 0 ? query.minReach : undefined;
  if (payloadKg === undefined && reachMm === undefined) return null;
  return { payloadKg, reachMm, tasks: query.category ? [] : valueList(query.application) };
}

/** The columns fitCost reads, as SQL of the statement it is put in. */
export interface FitColumns {
  payload: SQL;
  reach: SQL;
  category: SQL;
  priceMin: SQL;
  priceMax: SQL;
}

/** robot-fit's fitScore as SQL (the same FIT_RANKING figures): the cost a search's relevance order sorts by, lowest first. */
export function fitCost(need: RankingNeed, c: FitColumns): SQL {
  const F = FIT_RANKING;
  const parts: SQL[] = [];
  if (need.payloadKg !== undefined) parts.push(sql`ln(greatest(${c.payload}, 1e-9) / ${need.payloadKg}::float8)`);
  if (need.reachMm !== undefined) {
    const ratio = sql`(${c.reach} / ${need.reachMm}::float8)`;
    parts.push(sql`case when ${ratio} < ${F.reachEdgeRatio}::float8 then ${F.reachEdgeCost}::float8 else ${F.reachOversizeWeight}::float8 * ln(${ratio}) end`);
  }
  if (need.tasks?.length) parts.push(sql`case when lower(${c.category}) = any(${textArray(need.tasks)}) then ${F.taskCategoryBonus}::float8 else 0 end`);
  parts.push(
    sql`case when ${c.priceMin} is not null and ${c.priceMax} is not null then (${c.priceMin} + ${c.priceMax}) / 2.0::float8 * ${F.pricePerUsd}::float8 else ${F.unknownPriceCost}::float8 end`,
  );
  return sql`(${sql.join(parts, sql` + `)})`;
}

/**
 * Makers the buyer prefers (preferManufacturer, "Epson or Denso preferred") come first in the
 * relevance order, each part in its usual order; a chosen sort is kept as asked.
 */
function preferredFirst(query: RobotQuery, maker: SQL | AnyColumn): SQL[] {
  const preferred = valueList(query.preferManufacturer);
  if (!preferred.length || query.sort !== 'relevance') return [];
  return [sql`case when lower(${maker}) = any(${textArray(preferred)}) then 0 else 1 end`];
}

export function orderBy(query: RobotQuery, terms: SearchTerms | null): SQL[] {
  return [...preferredFirst(query, robots.manufacturer), ...unpreferredOrderBy(query, terms)];
}

function unpreferredOrderBy(query: RobotQuery, terms: SearchTerms | null): SQL[] {
  const need = fitNeed(query, terms);
  if (need) {
    const cost = fitCost(need, { payload: sql`${robots.payloadKg}`, reach: sql`${robots.reachMm}`, category: sql`${robots.category}`, priceMin: effectivePrice('min'), priceMax: effectivePrice('max') });
    return [sql`${cost} asc`, byMaker, byModel];
  }
  switch (query.sort) {
    case 'payload':
      return [desc(robots.payloadKg), byMaker, byModel];
    case 'reach':
      return [desc(robots.reachMm), byMaker, byModel];
    case 'price':
      return [sql`${effectivePrice('min')} asc nulls last`, byMaker, byModel];
    case 'relevance':
      return terms ? [sql`${relevance(terms)} desc`, asc(robots.payloadKg), byModel] : [byMaker, asc(robots.payloadKg), byModel];
  }
}

export interface SearchResult {
  rows: RobotRow[];
  total: number;
  facets: RobotFacets;
  /** The active offers' summary of each robot of the page that has offers. */
  offers: Map<string, OfferSummary>;
}

/** The public catalog's narrow copy (migrations 0008, 0011), written as SQL: robot_search (s) and robot_facet_sets (f). */
const S = {
  /** With the model's offers' summary (os; at most one row per robot, so the join adds no rows). */
  table: sql.raw('"robot_search" s left join "robot_offer_summaries" os on os."robot_id" = s."id"'),
  /** Only the robots with offers (for a condition filter, false for the others). */
  offered: sql.raw('"robot_offer_summaries" os join "robot_search" s on s."id" = os."robot_id"'),
  /** Without it: for conditions that read no offer column. */
  searchTable: sql.raw('"robot_search" s'),
  id: sql.raw('s."id"'),
  facetSet: sql.raw('s."facet_set"'),
  manufacturer: sql.raw('s."manufacturer"'),
  model: sql.raw('s."model"'),
  payloadKg: sql.raw('s."payload_kg"'),
  reachMm: sql.raw('s."reach_mm"'),
  dof: sql.raw('s."dof"'),
  /**
   * The price band: the offers' where the model has priced offers (in USD, EUR and GBP offers
   * converted by the one currency table: the band the card's summary answers), its list price otherwise.
   */
  priceMinUsd: sql`coalesce(${offerPriceUsdSql('min')}, s."price_min_usd")`,
  priceMaxUsd: sql`coalesce(${offerPriceUsdSql('max')}, s."price_max_usd")`,
  conditions: sql.raw(`coalesce(os."conditions", '{}'::text[])`),
  /** The robot's own words (those with a digit) of its search and compact text. */
  rowSearch: sql.raw('s."row_search"'),
  rowCompact: sql.raw('s."row_compact"'),
  /** The expression of robot_search_row_trgm_idx. */
  rowText: sql.raw(`(s."row_compact" || ' ' || s."row_search")`),
  ipRating: sql.raw('s."ip_rating"'),
  cleanroomIsoClass: sql.raw('s."cleanroom_iso_class"'),
  foodGrade: sql.raw('s."food_grade"'),
  mounting: sql.raw('s."mounting"'),
  makerCountry: sql.raw('s."maker_country"'),
  repeatabilityMm: sql.raw('s."repeatability_mm"'),
};

/**
 * tokenMatches in two parts (migration 0011). A robot's search and compact text are the
 * words of its facet set (those without a digit: maker, aliases, category, applications,
 * industries, letters-only parts of the model) and its own (those with one), and a token,
 * which has no space, is in a text iff it is in one of its words: so the robot matches iff
 * `set` holds for its facet set (f) or `row` for its own words (s). The same rows as
 * tokenMatches, by construction; `row` is written so the trigram indexes answer it.
 */
function tokenParts(token: string): { set: SQL; row: SQL } {
  if (token.length <= 2) {
    return {
      set: sql`(' ' || f."shared_search") like ${`% ${token}%`}`,
      row: sql`(${S.rowSearch} like ${`${token}%`} or ${S.rowSearch} like ${`% ${token}%`})`,
    };
  }
  return {
    set: sql`(f."shared_compact" like ${`%${token}%`} or f."shared_search" like ${`%${token}%`})`,
    row: sql`${S.rowText} like ${`%${token}%`}`,
  };
}

/**
 * relevance() in the same two parts: the facet set's terms as columns of f (r_c<i>,
 * r_s<i>, r_q, see relevanceFlags), each or-ed with the robot's own words.
 */
function splitRelevance(terms: SearchTerms): SQL {
  const perToken = terms.tokens.map(
    (t, i) =>
      sql`(case when ${sql.raw(`f."r_c${i}"`)} or ${S.rowCompact} like ${`%${t}%`} then 2 else 0 end + case when ${sql.raw(`f."r_s${i}"`)} or (' ' || ${S.rowSearch}) like ${`% ${t}%`} then 1 else 0 end)`,
  );
  const exactModel = sql`case when f."r_q" or ${S.rowCompact} like ${`%${terms.compact}%`} then 4 else 0 end`;
  return sql`(${sql.join(perToken, sql` + `)} + ${exactModel})`;
}

/** The facet set's relevance terms, computed once per set (robot_facet_sets f). */
function relevanceFlags(terms: SearchTerms): SQL {
  const cols = terms.tokens.flatMap((t, i) => [
    sql`f."shared_compact" like ${`%${t}%`} as ${sql.raw(`"r_c${i}"`)}`,
    sql`(' ' || f."shared_search") like ${`% ${t}%`} as ${sql.raw(`"r_s${i}"`)}`,
  ]);
  cols.push(sql`f."shared_compact" like ${`%${terms.compact}%`} as "r_q"`);
  return sql.join(cols, sql`, `);
}

/** baseConditions' figure ranges on robot_search (the columns of robot_search_set_payload_idx). */
function figureConditions(query: RobotQuery): SQL[] {
  const conds: SQL[] = [];
  if (query.minPayload !== undefined) conds.push(sql`${S.payloadKg} >= ${query.minPayload}`);
  if (query.maxPayload !== undefined) conds.push(sql`${S.payloadKg} <= ${query.maxPayload}`);
  if (query.minReach !== undefined) conds.push(sql`${S.reachMm} >= ${query.minReach}`);
  if (query.maxReach !== undefined) conds.push(sql`${S.reachMm} <= ${query.maxReach}`);
  if (query.minPrice !== undefined) conds.push(sql`${S.priceMaxUsd} >= ${priceBound(query.minPrice, Math.ceil)}`);
  if (query.maxPrice !== undefined) conds.push(sql`${S.priceMinUsd} <= ${priceBound(query.maxPrice, Math.floor)}`);
  if (query.minAxes !== undefined) conds.push(sql`${S.dof} >= ${query.minAxes}`);
  if (query.maxAxes !== undefined) conds.push(sql`${S.dof} <= ${query.maxAxes}`);
  // The environment filters are the robot's own columns (unknown values never pass).
  conds.push(...environmentConditions(query, S));
  return conds;
}

/** baseConditions' excluded makers on a facet set (a robot's maker is its set's); true when none. */
function excludedMakersCondition(query: RobotQuery): SQL {
  const excluded = valueList(query.excludeManufacturer);
  return excluded.length ? sql`lower(f."manufacturer") <> all(${textArray(excluded)})` : sql`true`;
}

/** Whether the query filters on a facet (setCondition is then not `true`). */
function hasFacetFilter(key: FacetKey, query: RobotQuery): boolean {
  return Boolean(query[key]);
}

/** facetCondition on a robot_facet_sets row (f); true when the query has no such filter. */
function setCondition(key: FacetKey, query: RobotQuery): SQL {
  switch (key) {
    case 'category':
      return query.category ? sql`lower(f."category") = any(${textArray(valueList(query.category))})` : sql`true`;
    case 'manufacturer':
      return query.manufacturer ? sql`lower(f."manufacturer") = any(${textArray(valueList(query.manufacturer))})` : sql`true`;
    case 'application':
      return query.application ? sql`f."applications" && ${textArray(valueList(query.application))}` : sql`true`;
    case 'industry':
      return query.industry ? sql`${query.industry.toLowerCase()} = any(f."industries")` : sql`true`;
  }
}

/** orderBy() on the matches (m), whose columns carry the sort keys. */
function matchOrder(query: RobotQuery, terms: SearchTerms | null): SQL {
  const first = preferredFirst(query, sql.raw('m."manufacturer"'));
  const rest = unpreferredMatchOrder(query, terms);
  return first.length ? sql`${sql.join(first, sql`, `)}, ${rest}` : rest;
}

function unpreferredMatchOrder(query: RobotQuery, terms: SearchTerms | null): SQL {
  const maker = sql.raw('m."manufacturer" collate "C"');
  const model = sql.raw('m."model" collate "C"');
  if (fitNeed(query, terms)) return sql`m."fit" asc, ${maker}, ${model}`;
  switch (query.sort) {
    case 'payload':
      return sql`m."payload_kg" desc, ${maker}, ${model}`;
    case 'reach':
      return sql`m."reach_mm" desc, ${maker}, ${model}`;
    case 'price':
      return sql`m."price_min_usd" asc nulls last, ${maker}, ${model}`;
    case 'relevance':
      return terms ? sql`m."rel" desc, m."payload_kg" asc, ${model}` : sql`${maker}, m."payload_kg" asc, ${model}`;
  }
}

/** The robot columns of a page, read as raw rows in the search's one statement (r: robots), as one piece of text. */
const pageColumns = sql.raw(Object.values(robotColumns).map((c) => `r."${c.name.replace(/"/g, '""')}"`).join(', '));

/** A raw robots row (database column names, driver values) as drizzle's select maps it. */
function toRobotRow(raw: Record<string, unknown>): RobotRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(robotColumns)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as RobotRow;
}

/** Statement shapes the search prepares by name at most (beyond them it is planned each time, as before). */
const PREPARED_SHAPES_MAX = 256;
/** The prepared statements' names by their text (the name is worked out once per shape). */
const preparedShapes = new Map<string, string>();

interface PreparingDatabase {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, arrayMode: boolean): { execute(): Promise<unknown> } };
}

/**
 * The statement's text and parameters, as drizzle's PostgreSQL dialect writes them ($1, $2, ...
 * in order; names quoted as its escapeName does), for statements made only of text, nested sql,
 * identifiers and plain values (strings, numbers, booleans, null): null for anything else
 * (a column, a table, a bound Param, a value to inline), which the dialect then compiles.
 * Issue 19 (session 14): drizzle's compiler tests each of the search statement's ~900 chunks
 * against ten entity classes and copies its settings per nested sql, ~0.4-0.7 ms of the API's
 * CPU per never-seen search; this walk is a small part of that. The agreement test
 * (catalog-search-compile.test.ts) holds both to the same text and parameters.
 */
export function compilePlainSql(query: SQL): { sql: string; params: unknown[] } | null {
  const out = { sql: '', params: [] as unknown[] };
  return appendPlain(query, out) ? out : null;
}

function appendPlain(query: SQL, out: { sql: string; params: unknown[] }): boolean {
  if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of query.queryChunks as unknown[]) {
    if (chunk instanceof StringChunk) out.sql += chunk.value.join('');
    else if (chunk instanceof SQL) {
      if (!appendPlain(chunk, out)) return false;
    } else if (chunk instanceof Name) out.sql += `"${chunk.value.replace(/"/g, '""')}"`;
    else if (chunk === undefined) continue;
    else if (chunk === null || typeof chunk === 'string' || typeof chunk === 'number' || typeof chunk === 'boolean') {
      out.params.push(chunk);
      out.sql += `$${out.params.length}`;
    } else return false;
  }
  return true;
}

/**
 * queryRows as a named prepared statement: one per shape of the search's statement (its
 * text; the values are parameters), so PostgreSQL plans each shape a few times and then
 * reuses the plan (plan_cache_mode auto) instead of planning every search again, which was
 * ~0.9 of its ~2 ms per search at 10,000 robots. PGlite ignores the name. A plan changes
 * how rows are found, not which: the agreement tests (catalog-search-reference.test.ts)
 * run on both databases with it. Beyond PREPARED_SHAPES_MAX shapes a statement is sent unnamed.
 */
async function queryPrepared<T>(db: Database, query: SQL): Promise<T[]> {
  const inner = db as unknown as PreparingDatabase;
  const compiled = compilePlainSql(query) ?? inner.dialect.sqlToQuery(query);
  let name = preparedShapes.get(compiled.sql);
  if (name === undefined && preparedShapes.size < PREPARED_SHAPES_MAX) {
    name = `catalog_search_${createHash('sha1').update(compiled.sql).digest('base64url').slice(0, 20)}`;
    preparedShapes.set(compiled.sql, name);
  }
  const result = (await inner.session.prepareQuery(compiled, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/**
 * The public catalog search. Facet counts are disjunctive: each facet is counted with
 * every filter except its own, so choosing a maker still shows the other makers' counts.
 *
 * One statement (one round trip) on robot_search (the public robots narrowed to what
 * search reads) and robot_facet_sets (their distinct category, maker, applications,
 * industries and digit-free words: a few hundred rows), migrations 0008 and 0011:
 * - each token is looked for in the sets' words first; the robots of a set that holds
 *   every token match by membership and are counted per set from an index alone
 *   (robot_search_set_payload_idx, with the figure ranges);
 * - the robots of the other sets match only through their own words (model numbers),
 *   found by the trigram indexes, usually few;
 * - the facet filters, the four facets and the total are computed on the per-set counts;
 * - the page is sorted from the matching robots of the sets the facet filters keep, and
 *   joined to its robots.
 * Without text or figures the sets' kept counts are the counts. The answers are those of
 * the reference query (catalog-search-reference.repository.ts, the agreement tests
 * compare them). The statement is prepared by shape (queryPrepared); `prepared: false`
 * plans it every time (bench:search-cpu compares both).
 */
export async function searchRobots(db: Database, query: RobotQuery, options: { prepared?: boolean } = {}): Promise<SearchResult> {
  const parsed = parseSearchTerms(query.q);
  if (parsed === 'nothing') {
    return { rows: [], total: 0, facets: emptyFacets(), offers: new Map() };
  }
  // One row per robot of the page (in order), the total and facets beside the first; one
  // row with no robot when the page is empty.
  const answer = await (options.prepared === false ? queryRows : queryPrepared)<
    Record<string, unknown> & {
      _total: number;
      _facets: Array<{ facet: keyof RobotFacets; value: string; count: number }> | null;
      _offers: number | null;
      _offer_lows: unknown;
      _offer_highs: unknown;
      _offer_lead: number | null;
      _offer_conditions: string[] | null;
      _offer_image: unknown;
    }
  >(
    db,
    searchStatement(query, parsed),
  );
  const first = answer[0];
  const pageRows = answer.filter((row) => row.id !== null);
  const rows = pageRows.map(toRobotRow);
  const offers = new Map<string, OfferSummary>();
  for (const row of pageRows) {
    if (row._offers === null || row._offer_conditions === null) continue;
    offers.set(String(row.id), toOfferSummary({
      offers: row._offers,
      priceLows: row._offer_lows,
      priceHighs: row._offer_highs,
      leadTimeWeeksMin: row._offer_lead,
      conditions: parsePgArray(row._offer_conditions),
      coverImage: row._offer_image,
    }));
  }

  const facets = emptyFacets();
  for (const row of first?._facets ?? []) facets[row.facet].push({ value: row.value, count: Number(row.count) });
  sortFacets(facets);

  return { rows, total: Number(first?._total ?? 0), facets, offers };
}

/** The search's one statement (searchRobots), for terms that are not 'nothing'. */
export function searchStatement(query: RobotQuery, terms: SearchTerms | null): SQL {
  // The offers' condition filter (robot_offer_summaries) holds like a figure; the condition
  // facet (cf) is counted without it, like the other facets without their own filter.
  const conditions = valueList(query.condition);
  // Written on os."conditions" itself (null, not '{}', for a robot nobody offers: the filter is
  // then null, false in every WHERE it is put in): a strict condition on the offers' side lets
  // PostgreSQL make the offers' left join an inner one and start from the robots with offers,
  // instead of reading the whole summary once per facet set (2.3 s at 10k models, 50k offers).
  const condHit = conditions.length ? sql`os."conditions" && ${textArray(conditions)}` : null;
  const ownFigures = figureConditions(query);
  const figures = condHit ? [...ownFigures, condHit] : ownFigures;
  const figuresHold = figures.length ? sql.join(figures, sql` and `) : sql`true`;
  const ownFiguresHold = ownFigures.length ? sql.join(ownFigures, sql` and `) : sql`true`;
  const parts = terms ? terms.tokens.map(tokenParts) : [];
  // A robot holds every token when each is in its set's words (f."a<i>") or its own.
  const tokensHold = parts.length ? sql.join(parts.map((p, i) => sql`(${sql.raw(`f."a${i}"`)} or ${p.row})`), sql` and `) : sql`true`;
  const flags = Object.fromEntries(facetKeys.map((k) => [k, setCondition(k, query)])) as Record<FacetKey, SQL>;
  // A set counts for the total or a facet only when at most one facet filter leaves it out
  // (a facet is counted with every filter but its own): the others need not be counted.
  const filtered = facetKeys.filter((k) => hasFacetFilter(k, query));
  const needed = filtered.length <= 1 ? sql`true` : sql`(${sql.join(filtered.map((k) => sql`(case when ${flags[k]} then 0 else 1 end)`), sql` + `)}) <= 1`;
  const ranked = query.sort === 'relevance' && terms !== null;
  const rel = ranked ? splitRelevance(terms) : sql`null::int`;
  const need = fitNeed(query, terms);
  const fit = need
    ? fitCost(need, { payload: S.payloadKg, reach: S.reachMm, category: sql.raw('f."category"'), priceMin: S.priceMinUsd, priceMax: S.priceMaxUsd })
    : sql`null::float8`;

  const others = (k: FacetKey) => sql.join(facetKeys.filter((o) => o !== k).map((o) => sql.raw(`m_${o}`)), sql` and `);
  const order = matchOrder(query, terms);
  const window = sql`limit ${query.limit} offset ${(query.page - 1) * query.limit}`;
  const setTokens = parts.length ? sql.join(parts.map((p, i) => sql`${p.set} as ${sql.raw(`"a${i}"`)}`), sql`, `) : null;
  const setHoldsAll = parts.length ? sql.join(parts.map((p) => sql`(${p.set})`), sql` and `) : sql`true`;

  let matches: SQL;
  if (!terms && !figures.length) {
    // Every public robot of a kept set matches: the sets' kept counts are the counts, and
    // the page is the first rows of the sort's index among the sets the facet filters keep
    // (only the sort's own columns are read, so the index alone answers it).
    matches = sql`c as (select f.*, f."robots" as n from f where f."robots" > 0 and f.kept),
      page as (
        select m.* from (
          select ${S.id} as "id", ${S.manufacturer} as "manufacturer", ${S.model} as "model",
                 ${query.sort === 'payload' || query.sort === 'relevance' ? S.payloadKg : sql`null::float8`} as "payload_kg",
                 ${query.sort === 'reach' ? S.reachMm : sql`null::float8`} as "reach_mm",
                 ${query.sort === 'price' ? S.priceMinUsd : sql`null::int`} as "price_min_usd", null::int as "rel"
          from ${S.table} where ${S.facetSet} = any(array(select f."id" from f where f.hit and f.kept and f."robots" > 0))
        ) m
        order by ${order} ${window}
      )`;
  } else {
    // The matching robots of each set that holds every token (and counts for something):
    // without figures, all its robots (the trigger-kept count); with them, counted per set
    // on robot_search_set_payload_idx (a lateral probe per set, so each count reads only
    // its set's entries within the payload range, whatever the plan's row estimates).
    // Without a price or condition filter the offers' summary is not joined, so the count is
    // an index-only scan (a left join, even one PostgreSQL removes, makes it visit the heap).
    const figuresReadOffers = query.minPrice !== undefined || query.maxPrice !== undefined || condHit !== null;
    // With a condition filter only robots with offers can match: the summary comes first (an inner
    // join, the same rows since condHit is false where the summary is null).
    const offersTable = condHit ? S.offered : S.table;
    const countedSets = sql`array(select f."id" from f where f."all_tokens" and f.kept and f.needed and f."robots" > 0)`;
    // A count that reads the offers' summary is one grouped count over the kept sets: a probe per
    // set read the summary once per set (16 s at 100,000 robots and 50,000 offers, 203 sets).
    const setCounts = !figures.length
      ? sql`select f."id" as "facet_set", f."robots" as n from f where f."all_tokens" and f.kept and f.needed and f."robots" > 0`
      : figuresReadOffers
        ? sql`select ${S.facetSet} as "facet_set", count(*)::int as n from ${offersTable}
            where ${S.facetSet} = any(${countedSets}) and ${figuresHold} group by ${S.facetSet}`
        : sql`select fs."id" as "facet_set", x.n from (select f."id" from f where f."all_tokens" and f.kept and f.needed and f."robots" > 0) fs
            cross join lateral (select count(*)::int as n from ${S.searchTable} where ${S.facetSet} = fs."id" and ${figuresHold}) x
            where x.n > 0`;
    // Robots of sets that do not hold every token: they match through their own words.
    const own = parts.length
      ? sql`own as materialized (
          select ${S.id} as "id", ${S.facetSet} as "facet_set", f.hit, ${S.manufacturer} as "manufacturer", ${S.model} as "model",
                 ${S.payloadKg} as "payload_kg", ${S.reachMm} as "reach_mm", ${S.priceMinUsd} as "price_min_usd",
                 ${ranked ? sql`case when f.hit then ${rel} end` : sql`null::int`} as "rel"
          from ${S.table} join f on f."id" = ${S.facetSet}
          where f.kept and f.needed and not f."all_tokens" and (${sql.join(parts.map((p) => p.row), sql` or `)})
            and ${tokensHold} and ${figuresHold}
        ),`
      : sql``;
    matches = sql`${own}
      counts as (
        ${setCounts}
        ${parts.length ? sql`union all select "facet_set", count(*)::int from own group by "facet_set"` : sql``}
      ),
      c as (
        select f.*, x.n from (select "facet_set", sum(n)::int as n from counts group by "facet_set") x join f on f."id" = x."facet_set"
      ),
      page as (
        select m.* from (
          select ${S.id} as "id", ${S.manufacturer} as "manufacturer", ${S.model} as "model",
                 ${S.payloadKg} as "payload_kg", ${S.reachMm} as "reach_mm", ${S.priceMinUsd} as "price_min_usd", ${rel} as "rel", ${fit} as "fit"
          from ${offersTable} join f on f."id" = ${S.facetSet}
          where ${S.facetSet} = any(array(select f."id" from f where f."all_tokens" and f.kept and f.hit and f."robots" > 0)) and ${figuresHold}
          ${parts.length ? sql`union all select "id", "manufacturer", "model", "payload_kg", "reach_mm", "price_min_usd", "rel", null::float8 from own where hit` : sql``}
        ) m
        order by ${order} ${window}
      )`;
  }
  // The offers' conditions of every match but for the condition filter, read from the
  // (few) robots with offers: a robot matches when each token is in its set's words or its own.
  // A catalog nobody offers anything in yet skips it (a one-time check), instead of probing
  // the empty summary once per matching robot, as the shared plan does.
  matches = sql`${matches},
    cf as (
      select 'condition' as facet, cd as value, count(*)::int as count
      from "robot_offer_summaries" os join "robot_search" s on s."id" = os."robot_id" join f on f."id" = ${S.facetSet}, unnest(os."conditions") as cd
      where exists (select 1 from "robot_offer_summaries") and ${S.facetSet} = any(array(select f."id" from f where f.hit and f.kept and f."robots" > 0))
        and ${tokensHold} and ${ownFiguresHold}
      group by cd
    )`;

  return sql`with f as (
      select f."id", f."category", f."manufacturer", f."applications", f."industries", f."robots",
             ${flags.category} as m_category, ${flags.manufacturer} as m_manufacturer,
             ${flags.application} as m_application, ${flags.industry} as m_industry,
             (${flags.category}) and (${flags.manufacturer}) and (${flags.application}) and (${flags.industry}) as hit,
             ${excludedMakersCondition(query)} as kept, ${needed} as needed, ${setHoldsAll} as "all_tokens"
             ${setTokens ? sql`, ${setTokens}` : sql``}
             ${ranked ? sql`, ${relevanceFlags(terms)}` : sql``}
      from "robot_facet_sets" f
    ),
    ${matches},
    ranked as (select m."id", row_number() over (order by ${order}) as ord from page m),
    summary as (
      select (select coalesce(sum(n), 0)::int from c where hit) as total,
             (select json_agg(x) from (
                select 'category' as facet, "category" as value, sum(n)::int as count from c where ${others('category')} group by "category"
                union all
                select 'manufacturer', "manufacturer", sum(n)::int from c where ${others('manufacturer')} group by "manufacturer"
                union all
                select 'application', a, sum(n)::int from c, unnest("applications") as a where ${others('application')} group by a
                union all
                select 'industry', i, sum(n)::int from c, unnest("industries") as i where ${others('industry')} group by i
                union all
                select facet, value, count from cf
             ) x) as facets
    )
    select summary.total as "_total", case when ranked.ord is null or ranked.ord = 1 then summary.facets end as "_facets", ${pageColumns},
           ros."offers" as "_offers", ros."price_lows" as "_offer_lows", ros."price_highs" as "_offer_highs",
           ros."lead_time_weeks_min" as "_offer_lead", ros."conditions" as "_offer_conditions", ros."cover_image" as "_offer_image"
    from summary left join (
      ranked join "robots" r on r."id" = ranked."id" left join "robot_offer_summaries" ros on ros."robot_id" = r."id"
    ) on true
    order by ranked.ord`;
}

export const emptyFacets = (): RobotFacets => ({ category: [], manufacturer: [], application: [], industry: [], condition: [] });

/** Most matches first, then by name; conditions in their own order (new, used, refurbished). */
export function sortFacets(facets: RobotFacets): void {
  for (const key of facetKeys) facets[key].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const rank = (v: string) => (offerConditions as readonly string[]).indexOf(v);
  facets.condition.sort((a, b) => rank(a.value) - rank(b.value));
}

/** A text[] as a driver hands it back: an array, or (raw) its literal "{a,b}". */
export function parsePgArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value.replace(/^\{|\}$/g, '').split(',').map((v) => v.replace(/^"|"$/g, '')).filter(Boolean);
}

const environmentLabels: Record<EnvironmentFilter, string> = {
  minIp: 'IP rating',
  cleanroom: 'cleanroom class',
  foodGrade: 'food-grade rating',
  mounting: 'mounting',
  makerCountry: 'maker country',
  maxRepeatability: 'repeatability',
};

/**
 * For each environment filter of the query: how many public robots meet every other
 * filter but have no published value for this one (so the hard filter left them out).
 * One statement; nothing to count when the query has no environment filter.
 */
export async function countUnknownValues(db: Database, query: RobotQuery): Promise<UnknownValues[]> {
  const present = environmentFilters.filter((k) => environmentCondition(k, query, robotEnvironmentColumns) !== null);
  if (!present.length) return [];
  const parsed = parseSearchTerms(query.q);
  if (parsed === 'nothing') return present.map((k) => ({ filter: k, label: environmentLabels[k], robots: 0 }));
  const withoutEnvironment: RobotQuery = { ...query, minIp: undefined, cleanroom: undefined, foodGrade: undefined, mounting: undefined, makerCountry: undefined, maxRepeatability: undefined };
  const base = [...baseConditions(withoutEnvironment, parsed), ...facetKeys.map((k) => facetCondition(k, query)).filter((c): c is SQL => c !== null)];
  const counts = present.map((key) => {
    const others = present.filter((o) => o !== key).map((o) => defined(environmentCondition(o, query, robotEnvironmentColumns), 'an environment condition'));
    const unknown = sql`${environmentColumn(key, robotEnvironmentColumns)} is null`;
    return sql`count(*) filter (where ${sql.join([unknown, ...others], sql` and `)})::int`;
  });
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select ${sql.join(counts.map((c, i) => sql`${c} as ${sql.identifier(`n${i}`)}`), sql`, `)} from ${robots} where ${and(...base)}`,
  );
  return present.map((key, i) => ({ filter: key, label: environmentLabels[key], robots: Number(row?.[`n${i}`] ?? 0) }));
}

const active = eq(robots.status, 'active');
/** Active robots this reader may see (the assistant and compare never show inactive ones). */
const readable = (reader: CatalogReader) => defined(and(active, robotVisibleTo(reader.viewerId)), 'the readable condition');

/** A robot the public may see, or one the viewer owns (an integrator's private import, whatever its status). */
export async function findVisibleRobotById(reader: CatalogReader, id: string): Promise<RobotRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await reader.db.select(robotColumns).from(robots).where(and(eq(robots.id, id), robotVisibleTo(reader.viewerId))).limit(1);
  return row;
}

/** Active robots among the ids that the reader may see (unknown and hidden ids are left out). */
export async function findVisibleRobotsByIds(reader: CatalogReader, ids: string[]): Promise<RobotRow[]> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return [];
  return reader.db.select(robotColumns).from(robots).where(and(inArray(robots.id, valid), readable(reader)));
}

/** The normalised model part of the upsert key ("fanuc|m20id25" -> "m20id25"). */
const modelKey = sql<string>`split_part(${robots.normalizedKey}, '|', 2)`;

/**
 * Id, model name, owner and listing of every active robot, for the assistant's shared
 * in-memory name index; the index applies the visibility rule per reader (isRobotVisibleTo).
 */
export async function listActiveModelNames(db: Database): Promise<Array<{ id: string; manufacturer: string; model: string; ownerId: string | null; listed: boolean }>> {
  return db.select({ id: robots.id, manufacturer: robots.manufacturer, model: robots.model, ownerId: robots.ownerId, listed: robots.listed }).from(robots).where(active);
}

/** Visible active robots whose normalised model equals one of the keys ("ur10e", "m20id25"). */
export async function findRobotsByModelKeys(reader: CatalogReader, keys: string[]): Promise<RobotRow[]> {
  if (!keys.length) return [];
  return reader.db
    .select(robotColumns)
    .from(robots)
    .where(and(readable(reader), inArray(modelKey, keys)))
    .orderBy(asc(robots.manufacturer), asc(robots.model))
    .limit(200);
}

/** The range of the integer (int4) price columns. */
const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;
/**
 * A whole price bound the integer price columns can be compared with: a budget read from
 * free text ("budget $99,999,999,999") is clamped to their range, which matches exactly
 * the same robots, instead of failing in PostgreSQL ("out of range for type integer", a 500).
 */
const priceBound = (n: number, round: (n: number) => number) => Math.min(INT4_MAX, Math.max(INT4_MIN, round(n)));

export interface CandidateQuery {
  minPayloadKg: number;
  maxPayloadKg?: number;
  minReachMm?: number;
  maxReachMm?: number;
  manufacturers?: string[];
  excludeManufacturers?: string[];
  /** Robot types the buyer ruled out ("no cobots", "keine SCARA"): as hard as an excluded maker. */
  excludeCategories?: string[];
  minDof?: number;
  maxDof?: number;
  category?: string;
  /** Any of these applications. */
  applications?: string[];
  /** The cheapest price (the active offers' where priced, else the indicative band's) must be within this budget. */
  maxPriceUsd?: number;
  minPriceUsd?: number;
  /** Hard environment limits (IP rating, cleanroom, food-grade, mounting, maker country); unknown values never pass. */
  environment?: EnvironmentQuery;
  limit?: number;
}

/** The makers and robot types the buyer ruled out, as conditions (candidates and nearest robots alike). */
function exclusionConditions(q: Pick<CandidateQuery, 'excludeManufacturers' | 'excludeCategories'>): SQL[] {
  const where: SQL[] = [];
  if (q.excludeManufacturers?.length) where.push(sql`lower(${robots.manufacturer}) <> all(${textArray(q.excludeManufacturers.map((m) => m.toLowerCase()))})`);
  if (q.excludeCategories?.length) where.push(sql`${robots.category} <> all(${textArray(q.excludeCategories)})`);
  return where;
}

/** findCandidateRobots' conditions, the environment ones apart. */
function candidateConditions(reader: CatalogReader, q: CandidateQuery): { figures: SQL[]; environment: SQL[] } {
  const where: SQL[] = [readable(reader), gte(robots.payloadKg, q.minPayloadKg)];
  if (q.maxPayloadKg !== undefined) where.push(lte(robots.payloadKg, q.maxPayloadKg));
  if (q.minReachMm !== undefined) where.push(gte(robots.reachMm, q.minReachMm));
  if (q.maxReachMm !== undefined) where.push(lte(robots.reachMm, q.maxReachMm));
  where.push(...exclusionConditions(q));
  if (q.minDof !== undefined) where.push(gte(robots.dof, q.minDof));
  if (q.maxDof !== undefined) where.push(lte(robots.dof, q.maxDof));
  if (q.manufacturers?.length) where.push(inArray(sql`lower(${robots.manufacturer})`, q.manufacturers.map((m) => m.toLowerCase())));
  // One type or several ("scara,delta": either), as the catalog's category filter reads it.
  const categories = valueList(q.category);
  if (categories.length) where.push(inArray(robots.category, categories));
  if (q.applications?.length) where.push(arrayOverlaps(robots.applications, q.applications));
  // The budget reads the price the catalog's maxPrice filter reads: the model's active offers'
  // lowest price where it has priced offers, its indicative band otherwise.
  if (q.maxPriceUsd !== undefined && !Number.isNaN(q.maxPriceUsd)) where.push(sql`${effectivePrice('min')} <= ${priceBound(q.maxPriceUsd, Math.floor)}`);
  if (q.minPriceUsd !== undefined && !Number.isNaN(q.minPriceUsd)) where.push(defined(or(isNull(robots.priceMaxUsd), gte(robots.priceMaxUsd, priceBound(q.minPriceUsd, Math.ceil))), 'the minimum price condition'));
  return { figures: where, environment: q.environment ? environmentConditions(q.environment, robotEnvironmentColumns) : [] };
}

/**
 * The robots that meet a candidate query's figures but not its environment limits, for
 * the assistant's "nothing known fits" answer: how many have no published value for each
 * limit, and the nearest few (those meeting the most limits first, then those whose
 * values are published, then the least short on the figures; within half of them).
 */
export async function environmentShortfall(
  reader: CatalogReader,
  q: CandidateQuery,
  limit = 3,
): Promise<{ meetingFigures: number; unknown: UnknownValues[]; nearest: RobotRow[] }> {
  const env = q.environment ?? {};
  const present = environmentFilters.filter((k) => environmentCondition(k, env, robotEnvironmentColumns) !== null);
  const { figures } = candidateConditions(reader, { ...q, environment: undefined });
  const met = present.map((k) => sql`(case when ${defined(environmentCondition(k, env, robotEnvironmentColumns), 'an environment condition')} then 1 else 0 end)`);
  const score = met.length ? sql.join(met, sql` + `) : sql`0`;
  const counts = present.map((key, i) => sql`count(*) filter (where ${environmentColumn(key, robotEnvironmentColumns)} is null)::int as ${sql.identifier(`n${i}`)}`);
  const [row] = await queryRows<Record<string, number>>(
    reader.db,
    sql`select count(*)::int as "total"${counts.length ? sql`, ${sql.join(counts, sql`, `)}` : sql``} from ${robots} where ${and(...figures)}`,
  );
  // Near misses (issue 12): robots known to meet the most limits, then those whose values
  // are published (a known miss is a near miss; an unpublished value is not evidence), then
  // the least short on payload and reach. A robot may miss the figures by at most half.
  const { figures: hardLimits } = candidateConditions(reader, { ...q, minPayloadKg: 0, minReachMm: undefined, environment: undefined });
  const unknowns = present.map((k) => sql`(case when ${environmentColumn(k, robotEnvironmentColumns)} is null then 1 else 0 end)`);
  const unknownCount = unknowns.length ? sql.join(unknowns, sql` + `) : sql`0`;
  const short = sql`(${q.minPayloadKg > 0 ? sql`greatest(0, 1 - ${robots.payloadKg} / ${q.minPayloadKg}::float8)` : sql`0`}${q.minReachMm ? sql` + greatest(0, 1 - ${robots.reachMm} / ${q.minReachMm}::float8)` : sql``})`;
  const nearest = await reader.db
    .select(rankingColumns)
    .from(robots)
    .where(and(...hardLimits, sql`${short} <= 0.5`))
    .orderBy(sql`${score} desc`, sql`${unknownCount} asc`, sql`${short} asc`, asc(robots.payloadKg), asc(robots.model))
    .limit(limit);
  return {
    meetingFigures: Number(row?.total ?? 0),
    unknown: present.map((key, i) => ({ filter: key, label: environmentLabels[key], robots: Number(row?.[`n${i}`] ?? 0) })),
    nearest,
  };
}

/**
 * Visible active robots that carry at least minPayloadKg and reach at least minReachMm,
 * with the optional maker/category/application/price limits; smallest adequate payload
 * first (the assistant ranks them).
 */
export async function findCandidateRobots(reader: CatalogReader, q: CandidateQuery): Promise<RobotRow[]> {
  const { figures, environment } = candidateConditions(reader, q);
  const where = [...figures, ...environment];
  // The long description is not needed to rank robots; leaving it out keeps this query light.
  return selectRankingRows(reader.db, defined(and(...where), 'the candidate conditions'), sql`${robots.payloadKg} asc, ${robots.reachMm} asc`, q.limit ?? 80);
}

/** The columns a ranked list reads (rankingColumns), as keys of json_agg's objects; the others are '' (see rankingColumns). */
const notRead = new Set(['description', 'searchText', 'compactText']);
const rankingJsonSelect = sql.join(
  Object.entries(robotColumns)
    .filter(([key]) => !notRead.has(key))
    .map(([, c]) => sql`${robots}.${sql.identifier(c.name)}`),
  sql`, `,
);

/**
 * Up to `limit` robots meeting `where` in `orderBy` order, with rankingColumns' values, read as
 * one json_agg text instead of one row per robot. Issue 12's chat speed (docs/benchmarks.md,
 * "Assistant CPU per answer", session 12): for the assistant's 80 candidates, encoding and
 * decoding each row's 28 fields through PGlite's wire protocol and the driver cost about three
 * times what the scan itself did; one JSON text decoded by JSON.parse costs about half of that.
 * Each value is mapped as drizzle's select maps the driver's (the same RobotRow: numbers,
 * arrays, booleans, Dates). The aggregate orders by each row's place in the ordered, limited
 * subquery (row_number over the same order), so the order does not depend on the plan.
 */
async function selectRankingRows(db: Database, where: SQL, orderBy: SQL, limit: number): Promise<RobotRow[]> {
  const [row] = await queryRows<{ rows: string | null }>(
    db,
    // The aggregate's own ORDER BY (by each row's place in the subquery) makes the order a guarantee, not a plan's habit.
    sql`select json_agg(r order by r."__place")::text as "rows" from (select ${rankingJsonSelect}, row_number() over (order by ${orderBy}) as "__place" from ${robots} where ${where} order by "__place" limit ${limit}) r`,
  );
  if (!row?.rows) return [];
  const raw = JSON.parse(row.rows) as Array<Record<string, unknown>>;
  return raw.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(robotColumns)) {
      if (notRead.has(key)) {
        out[key] = '';
        continue;
      }
      const value = r[column.name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return out as RobotRow;
  });
}

export interface TaskNeed {
  minPayloadKg: number;
  minReachMm?: number;
  maxReachMm?: number;
  /** Upper bounds the buyer set on the robot itself ("payload at most 10 kg", "six-axis"): a nearest robot keeps them. */
  maxPayloadKg?: number;
  minDof?: number;
  maxDof?: number;
  excludeManufacturers?: string[];
  /** Robot types ruled out ("no cobots"): a nearest robot is never one of them. */
  excludeCategories?: string[];
  /**
   * What the buyer said as a kind (issue 12): the robot type ("scara,delta": either), the makers
   * asked for and the environment limits. A nearest robot keeps them; only the figures are relaxed.
   */
  category?: string;
  manufacturers?: string[];
  environment?: EnvironmentQuery;
}

/** The kind a task names (type, makers, environment) as conditions on robots; empty when it names none. */
function kindConditions(kind: Pick<TaskNeed, 'category' | 'manufacturers' | 'environment'>): SQL[] {
  const where: SQL[] = [];
  const categories = valueList(kind.category);
  if (categories.length) where.push(inArray(robots.category, categories));
  if (kind.manufacturers?.length) where.push(inArray(sql`lower(${robots.manufacturer})`, kind.manufacturers.map((m) => m.toLowerCase())));
  if (kind.environment) where.push(...environmentConditions(kind.environment, robotEnvironmentColumns));
  return where;
}

/**
 * Visible active robots nearest to a task none may meet: of the kind it names (type, makers,
 * environment), ordered by how far they fall short (the payload and reach shortfalls as
 * fractions of what is needed, added up), then by payload. The assistant shows them when nothing fits.
 */
export async function findClosestToTask(reader: CatalogReader, need: TaskNeed, limit = 3): Promise<RobotRow[]> {
  const where: SQL[] = [readable(reader), ...kindConditions(need)];
  if (need.maxReachMm !== undefined) where.push(lte(robots.reachMm, need.maxReachMm));
  if (need.maxPayloadKg !== undefined) where.push(lte(robots.payloadKg, need.maxPayloadKg));
  if (need.minDof !== undefined) where.push(gte(robots.dof, need.minDof));
  if (need.maxDof !== undefined) where.push(lte(robots.dof, need.maxDof));
  where.push(...exclusionConditions(need));
  const payloadShort = need.minPayloadKg > 0 ? sql`greatest(0, 1 - ${robots.payloadKg} / ${need.minPayloadKg}::float8)` : sql`0`;
  const reachShort = need.minReachMm ? sql`greatest(0, 1 - ${robots.reachMm} / ${need.minReachMm}::float8)` : sql`0`;
  return reader.db
    .select(rankingColumns)
    .from(robots)
    .where(and(...where))
    .orderBy(sql`${payloadShort} + ${reachShort}`, asc(robots.payloadKg), asc(robots.model))
    .limit(limit);
}

/** The largest rated payload and the longest reach among the robots a reader may see (active), of the kind given (all robots without one). */
export async function catalogLimits(reader: CatalogReader, kind: Pick<TaskNeed, 'category' | 'manufacturers' | 'environment'> = {}): Promise<{ maxPayloadKg: number; maxReachMm: number }> {
  const [row] = await reader.db
    .select({ maxPayloadKg: sql<number>`coalesce(max(${robots.payloadKg}), 0)`.mapWith(Number), maxReachMm: sql<number>`coalesce(max(${robots.reachMm}), 0)`.mapWith(Number) })
    .from(robots)
    .where(and(readable(reader), ...kindConditions(kind)));
  return row ?? { maxPayloadKg: 0, maxReachMm: 0 };
}

/** Manufacturer names of the public catalog (shared by every reader, so private robots do not count). */
export async function listPublicManufacturers(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ manufacturer: robots.manufacturer }).from(robots).where(robotVisibleTo());
  return rows.map((r) => r.manufacturer);
}

/** Same category first, then nearest in payload and reach (relative distance), excluding the robot itself (similar-robots.ts). */
export async function findNearestRobots(reader: CatalogReader, robot: RobotRow, limit: number): Promise<RobotRow[]> {
  return reader.db
    .select(robotColumns)
    .from(robots)
    .where(and(robotVisibleTo(reader.viewerId), sql`${robots.id} <> ${robot.id}`))
    .orderBy(
      sql`(case when ${robots.category} = ${robot.category} then 0 else 1 end)`,
      sql`abs(ln(greatest(${robots.payloadKg}, 0.1) / ${Math.max(robot.payloadKg, 0.1)})) + abs(ln(greatest(${robots.reachMm}, 1) / ${Math.max(robot.reachMm, 1)}))`,
    )
    .limit(limit);
}

export async function recordRobotViews(db: Database, robotIds: string[]): Promise<void> {
  if (robotIds.length) await db.insert(robotViews).values(robotIds.map((robotId) => ({ robotId })));
}

/** The columns project matching scores. */
export type MatchCandidateRow = Pick<
  RobotRow,
  'id' | 'manufacturer' | 'model' | 'category' | 'payloadKg' | 'reachMm' | 'priceMinUsd' | 'priceMaxUsd' | 'applications' | 'industries' | 'ownerId' | 'ipRating' | 'cleanroomIsoClass' | 'foodGrade' | 'mounting'
>;

/**
 * Public robots that meet a project's hard limits, as catalog filters (issue 12: the same
 * filters the search box applies to the same words): the payload with the gripper
 * allowance and the reach (minima), upper bounds, axes, types, makers and their countries,
 * and the environment (an unpublished value does not pass). A repeatability limit has no
 * search filter yet; here a robot must publish one that is as good. Scoring happens in
 * the projects module's matching.ts; application, industry and budget only rank there.
 */
export async function findMatchCandidates(
  db: Database,
  query: RobotQuery,
  limit = 400,
  options: { maxRepeatabilityMm?: number } = {},
): Promise<MatchCandidateRow[]> {
  const conditions = [
    ...baseConditions({ ...query, q: undefined, minPrice: undefined, maxPrice: undefined, condition: undefined }, null),
    facetCondition('category', query),
    facetCondition('manufacturer', query),
    options.maxRepeatabilityMm !== undefined ? lte(robots.repeatabilityMm, options.maxRepeatabilityMm) : undefined,
  ].filter((c): c is SQL => c !== null && c !== undefined);
  return db
    .select({
      id: robots.id,
      manufacturer: robots.manufacturer,
      model: robots.model,
      category: robots.category,
      payloadKg: robots.payloadKg,
      reachMm: robots.reachMm,
      priceMinUsd: robots.priceMinUsd,
      priceMaxUsd: robots.priceMaxUsd,
      applications: robots.applications,
      industries: robots.industries,
      ownerId: robots.ownerId,
      ipRating: robots.ipRating,
      cleanroomIsoClass: robots.cleanroomIsoClass,
      foodGrade: robots.foodGrade,
      mounting: robots.mounting,
    })
    .from(robots)
    .where(and(...conditions))
    .orderBy(asc(robots.payloadKg), asc(robots.reachMm))
    .limit(limit);
}

/**
 * The catalog's version: the newest change id (one probe of the primary key). Every chat answer
 * and search probes it, so it is one named prepared statement written once (session 15): no
 * query building per probe, no parsing or planning by PostgreSQL (PGlite ignores the name).
 */
export async function catalogVersion(db: Database): Promise<number> {
  const probe = (db as unknown as PreparingDatabase).session.prepareQuery({ sql: 'select id from robot_changes order by id desc limit 1', params: [] }, undefined, 'catalog_version', false);
  const { rows } = (await probe.execute()) as { rows: Array<{ id: number | string }> };
  return rows.length ? Number(rows[0]?.id) : 0;
}

/** Drops changes older than maxAgeMs: they only mark catalog versions. */
export async function pruneRobotChanges(db: Database, maxAgeMs: number): Promise<void> {
  await db.delete(robotChanges).where(lte(robotChanges.changedAt, new Date(Date.now() - maxAgeMs)));
}

/** A public robot and the kind of account that lists it (a supplier's listing can be asked about). */
export async function findRobotSeller(
  db: Database,
  id: string,
): Promise<{ id: string; ownerId: string | null; ownerType: string | null } | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ id: robots.id, ownerId: robots.ownerId, ownerType: users.userType })
    .from(robots)
    .leftJoin(users, eq(users.id, robots.ownerId))
    .where(and(eq(robots.id, id), robotVisibleTo()))
    .limit(1);
  return row;
}

/**
 * Suppliers who sell a model: the suppliers with an active offer on a public model with the
 * model's key (maker|model, so "Fanuc CRX-25iA" and "FANUC CRX-25iA" are one model), and the
 * owners of public listings with the key (robot rows a supplier owns: what the bulk upload
 * still writes), each with the robot they sell it as. A supplier is named once (their oldest).
 */
export async function findSellersOfModel(db: Database, modelKey: string): Promise<Array<{ sellerId: string; robotId: string }>> {
  const offered = await db
    .select({ sellerId: offers.supplierId, robotId: offers.robotId, at: offers.createdAt })
    .from(offers)
    .innerJoin(robots, eq(robots.id, offers.robotId))
    .innerJoin(users, eq(users.id, offers.supplierId))
    .where(and(eq(robots.normalizedKey, modelKey), robotVisibleTo(), eq(offers.status, 'active'), eq(users.userType, 'supplier')));
  const listed = await db
    .select({ sellerId: robots.ownerId, robotId: robots.id, at: robots.createdAt })
    .from(robots)
    .innerJoin(users, eq(users.id, robots.ownerId))
    .where(and(eq(robots.normalizedKey, modelKey), robotVisibleTo(), eq(users.userType, 'supplier')));
  const rows = [...offered, ...listed].sort((x, y) => x.at.getTime() - y.at.getTime() || x.robotId.localeCompare(y.robotId));
  const seen = new Map<string, string>();
  for (const row of rows) if (row.sellerId && !seen.has(row.sellerId)) seen.set(row.sellerId, row.robotId);
  return [...seen].map(([sellerId, robotId]) => ({ sellerId, robotId }));
}

export interface RobotSummary {
  id: string;
  manufacturer: string;
  model: string;
}

/** Maker and model of robots a record points at (leads name the robot they are about), whatever their listing now. */
export async function findRobotSummaries(db: Database, ids: string[]): Promise<Map<string, RobotSummary>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (!valid.length) return new Map();
  const rows = await db.select({ id: robots.id, manufacturer: robots.manufacturer, model: robots.model }).from(robots).where(anyUuid(robots.id, valid));
  return new Map(rows.map((r) => [r.id, r]));
}
