import { and, eq, sql } from 'drizzle-orm';
import type { RobotFacets, RobotQuery } from '@cellforge/contracts';
import { robots, type Database } from '@cellforge/db';
import type { RobotRow } from './robot-dto';
import { robotColumns, type SearchResult } from './catalog.repository';
import { parseSearchTerms, type SearchTerms } from './search-terms';

type FacetKey = keyof RobotFacets;
const facetKeys: FacetKey[] = ['category', 'manufacturer', 'application', 'industry'];

interface Entry {
  row: RobotRow;
  category: string;
  manufacturer: string;
  spacedSearch: string;
}

/** Distinct queries remembered per catalog version. */
const MEMO_SIZE = 500;

export interface CatalogIndexOptions {
  /** How often, at most, a search checks PostgreSQL for changes made elsewhere (ms). */
  refreshMs: number;
  now?: () => number;
  /** Remember answers per catalog version (default true; the benchmark turns it off to measure cold searches). */
  memo?: boolean;
}

function tokenMatches(e: Entry, token: string): boolean {
  if (token.length <= 2) return e.spacedSearch.includes(` ${token}`);
  return e.row.compactText.includes(token) || e.row.searchText.includes(token);
}

function relevance(e: Entry, terms: SearchTerms): number {
  let score = 0;
  for (const t of terms.tokens) {
    if (e.row.compactText.includes(t)) score += 2;
    if (e.spacedSearch.includes(` ${t}`)) score += 1;
  }
  if (e.row.compactText.includes(terms.compact)) score += 4;
  return score;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The public catalog held in memory for search. PostgreSQL stays the source of truth:
 * the index reloads when this process writes robots (invalidate) and, at most once per
 * refreshMs, checks a cheap version (row count + latest update) to see writes made by
 * other processes. Search semantics are those of searchRobots() in catalog.repository.ts
 * (the SQL reference); a test keeps the two in agreement.
 */
export class CatalogIndex {
  /** The listed catalog in each sort order, so a search filters an already sorted list. */
  private orders: Record<'default' | 'payload' | 'reach' | 'price', Entry[]> = { default: [], payload: [], reach: [], price: [] };
  private version: string | null = null;
  private checkedAt = -Infinity;
  private loading: Promise<void> | null = null;
  /** Answers of this catalog version by query (a search is a pure function of both). */
  private readonly memo = new Map<string, SearchResult>();
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    private readonly options: CatalogIndexOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Call after writing robots so the next search sees the change at once. */
  invalidate(): void {
    this.version = null;
    this.checkedAt = -Infinity;
  }

  private async currentVersion(): Promise<string> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number), latest: sql<string>`coalesce(max(${robots.updatedAt})::text, '')` })
      .from(robots);
    return `${row?.n ?? 0}|${row?.latest ?? ''}`;
  }

  private async load(version: string): Promise<void> {
    const rows = await this.db
      .select(robotColumns)
      .from(robots)
      .where(and(eq(robots.listed, true), eq(robots.status, 'active')));
    const entries = rows.map((row) => ({
      row,
      category: row.category.toLowerCase(),
      manufacturer: row.manufacturer.toLowerCase(),
      spacedSearch: ` ${row.searchText}`,
    }));
    const tie = (a: Entry, b: Entry) => byText(a.row.manufacturer, b.row.manufacturer) || byText(a.row.model, b.row.model);
    this.orders = {
      default: [...entries].sort(
        (a, b) => byText(a.row.manufacturer, b.row.manufacturer) || a.row.payloadKg - b.row.payloadKg || byText(a.row.model, b.row.model),
      ),
      payload: [...entries].sort((a, b) => b.row.payloadKg - a.row.payloadKg || tie(a, b)),
      reach: [...entries].sort((a, b) => b.row.reachMm - a.row.reachMm || tie(a, b)),
      price: [...entries].sort((a, b) => (a.row.priceMinUsd ?? Infinity) - (b.row.priceMinUsd ?? Infinity) || tie(a, b)),
    };
    this.memo.clear();
    this.version = version;
  }

  private async ensureFresh(): Promise<void> {
    if (this.version !== null && this.now() - this.checkedAt < this.options.refreshMs) return;
    // One check at a time; concurrent searches wait for it instead of piling up queries.
    this.loading ??= (async () => {
      try {
        const version = await this.currentVersion();
        if (version !== this.version) await this.load(version);
        this.checkedAt = this.now();
      } finally {
        this.loading = null;
      }
    })();
    await this.loading;
  }

  async search(query: RobotQuery): Promise<SearchResult> {
    await this.ensureFresh();
    if (this.options.memo === false) return this.compute(query);
    const key = JSON.stringify(query);
    const hit = this.memo.get(key);
    if (hit) {
      // Refresh its place in the LRU order.
      this.memo.delete(key);
      this.memo.set(key, hit);
      return hit;
    }
    const result = this.compute(query);
    this.memo.set(key, result);
    if (this.memo.size > MEMO_SIZE) this.memo.delete(this.memo.keys().next().value!);
    return result;
  }

  private compute(query: RobotQuery): SearchResult {
    const parsed = parseSearchTerms(query.q);
    const emptyFacets: RobotFacets = { category: [], manufacturer: [], application: [], industry: [] };
    if (parsed === 'nothing') return { rows: [], total: 0, facets: emptyFacets };
    const terms = parsed;

    const facetFilter: Record<FacetKey, ((e: Entry) => boolean) | null> = {
      category: query.category ? ((c) => (e: Entry) => e.category === c)(query.category.toLowerCase()) : null,
      manufacturer: query.manufacturer ? ((m) => (e: Entry) => e.manufacturer === m)(query.manufacturer.toLowerCase()) : null,
      application: query.application ? ((a) => (e: Entry) => e.row.applications.includes(a))(query.application.toLowerCase()) : null,
      industry: query.industry ? ((i) => (e: Entry) => e.row.industries.includes(i))(query.industry.toLowerCase()) : null,
    };

    const list = query.sort === 'relevance' ? this.orders.default : this.orders[query.sort];
    const counts: Record<FacetKey, Map<string, number>> = {
      category: new Map(),
      manufacturer: new Map(),
      application: new Map(),
      industry: new Map(),
    };
    const bump = (map: Map<string, number>, v: string) => map.set(v, (map.get(v) ?? 0) + 1);
    const [fCat, fMan, fApp, fInd] = facetKeys.map((k) => facetFilter[k]);
    const matches: Entry[] = [];
    for (const e of list) {
      const r = e.row;
      // Non-facet filters first: every facet count starts from this set.
      if (query.minPayload !== undefined && !(r.payloadKg >= query.minPayload)) continue;
      if (query.maxPayload !== undefined && !(r.payloadKg <= query.maxPayload)) continue;
      if (query.minReach !== undefined && !(r.reachMm >= query.minReach)) continue;
      if (query.maxReach !== undefined && !(r.reachMm <= query.maxReach)) continue;
      if (query.minPrice !== undefined && !(r.priceMaxUsd !== null && r.priceMaxUsd >= query.minPrice)) continue;
      if (query.maxPrice !== undefined && !(r.priceMinUsd !== null && r.priceMinUsd <= query.maxPrice)) continue;
      if (terms && !terms.tokens.every((t) => tokenMatches(e, t))) continue;
      // Bit set = the robot passes that facet's filter. Disjunctive counting: a facet
      // is counted with every filter but its own.
      const mask = (!fCat || fCat(e) ? 1 : 0) | (!fMan || fMan(e) ? 2 : 0) | (!fApp || fApp(e) ? 4 : 0) | (!fInd || fInd(e) ? 8 : 0);
      if (mask === 15) matches.push(e);
      if ((mask | 1) === 15) bump(counts.category, r.category);
      if ((mask | 2) === 15) bump(counts.manufacturer, r.manufacturer);
      if ((mask | 4) === 15) for (const a of r.applications) bump(counts.application, a);
      if ((mask | 8) === 15) for (const i of r.industries) bump(counts.industry, i);
    }

    const facets = { ...emptyFacets };
    for (const key of facetKeys) {
      facets[key] = [...counts[key]]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    }

    // Lists are kept in each sort order; only relevance with a query needs sorting here.
    if (query.sort === 'relevance' && terms) {
      const score = new Map(matches.map((e) => [e, relevance(e, terms)]));
      matches.sort((a, b) => score.get(b)! - score.get(a)! || a.row.payloadKg - b.row.payloadKg || byText(a.row.model, b.row.model));
    }
    const start = (query.page - 1) * query.limit;
    return { rows: matches.slice(start, start + query.limit).map((e) => e.row), total: matches.length, facets };
  }
}
