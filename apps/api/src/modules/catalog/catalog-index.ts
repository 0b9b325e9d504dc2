import type { RobotFacets, RobotQuery } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import {
  findRobotRowsInOrder,
  latestRobotChange,
  listSearchEntries,
  pruneRobotChanges,
  readRobotChanges,
  type RobotChange,
  type SearchEntryRow,
  type SearchResult,
} from './catalog.repository';
import { parseSearchTerms, type SearchTerms } from './search-terms';

type FacetKey = keyof RobotFacets;
const facetKeys: FacetKey[] = ['category', 'manufacturer', 'application', 'industry'];

/**
 * What search needs of a robot, and nothing more: the description, datasheet and
 * timestamps stay in PostgreSQL and are read for the page of results only. At 100,000
 * robots this keeps the index a fraction of the rows' size.
 */
interface Entry extends SearchEntryRow {
  categoryKey: string;
  manufacturerKey: string;
  spacedSearch: string;
}

/** Distinct queries remembered per catalog version. */
const MEMO_SIZE = 500;
/** More changed robots than this since the last check: read the whole catalog again. */
export const MAX_DELTA = 5_000;
/** How long a missing change id (a transaction still running, or rolled back) is looked for. */
const GAP_TTL_MS = 10 * 60_000;
/** Changes are pruned after a day (checked hourly); an index idle for half of that reloads. */
const CHANGES_KEPT_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const IDLE_RELOAD_MS = CHANGES_KEPT_MS / 2;

export interface CatalogIndexOptions {
  /** How often, at most, a search checks PostgreSQL for changes made elsewhere (ms). */
  refreshMs: number;
  now?: () => number;
  /** Remember answers per catalog version (default true; the benchmark turns it off to measure cold searches). */
  memo?: boolean;
}

export interface CatalogIndexStats {
  robots: number;
  fullLoads: number;
  deltas: number;
  lastChange: number;
}

function tokenMatches(e: Entry, token: string): boolean {
  if (token.length <= 2) return e.spacedSearch.includes(` ${token}`);
  return e.compactText.includes(token) || e.searchText.includes(token);
}

function relevance(e: Entry, terms: SearchTerms): number {
  let score = 0;
  for (const t of terms.tokens) {
    if (e.compactText.includes(t)) score += 2;
    if (e.spacedSearch.includes(` ${t}`)) score += 1;
  }
  if (e.compactText.includes(terms.compact)) score += 4;
  return score;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const tie = (a: Entry, b: Entry) => byText(a.manufacturer, b.manufacturer) || byText(a.model, b.model);
const orderings = {
  default: (a: Entry, b: Entry) => byText(a.manufacturer, b.manufacturer) || a.payloadKg - b.payloadKg || byText(a.model, b.model),
  payload: (a: Entry, b: Entry) => b.payloadKg - a.payloadKg || tie(a, b),
  reach: (a: Entry, b: Entry) => b.reachMm - a.reachMm || tie(a, b),
  price: (a: Entry, b: Entry) => (a.priceMinUsd ?? Infinity) - (b.priceMinUsd ?? Infinity) || tie(a, b),
};
type Order = keyof typeof orderings;
const orderNames = Object.keys(orderings) as Order[];

function toEntry(row: SearchEntryRow): Entry {
  return { ...row, categoryKey: row.category.toLowerCase(), manufacturerKey: row.manufacturer.toLowerCase(), spacedSearch: ` ${row.searchText}` };
}

/** Two sorted lists into one, in O(a + b). */
function mergeSorted(a: Entry[], b: Entry[], cmp: (x: Entry, y: Entry) => number): Entry[] {
  const out = new Array<Entry>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = cmp(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/**
 * The public catalog held in memory for search. PostgreSQL stays the source of truth.
 * Every write to robots is logged by triggers in robot_changes (migration 0004); the
 * newest change id is the catalog's version, read with one index probe. At most once
 * per refreshMs (and at once after invalidate) the index reads the changes since the
 * version it holds and patches itself with just those robots; only a change of more
 * than MAX_DELTA robots reads the whole catalog again, in the background: searches are
 * answered from the current lists meanwhile, so no request waits behind a reload.
 *
 * Change ids are handed out when a transaction writes, not when it commits, so a
 * transaction that commits late can show up below ids already read: ids missing from
 * a read are kept as gaps and looked for again until GAP_TTL_MS.
 *
 * Search semantics are those of searchRobots() in catalog.repository.ts (the SQL
 * reference); tests keep the two in agreement, also after edits.
 */
export class CatalogIndex {
  private orders: Record<Order, Entry[]> = { default: [], payload: [], reach: [], price: [] };
  private loaded = false;
  private lastChange = 0;
  /** Change ids not seen yet below lastChange, with when they were first missed. */
  private gaps = new Map<number, number>();
  private checkedAt = -Infinity;
  private loadedAt = -Infinity;
  private prunedAt = -Infinity;
  private checking: Promise<void> | null = null;
  private reloading: Promise<void> | null = null;
  private stats = { fullLoads: 0, deltas: 0 };
  /** Answers of this catalog version by query (a search is a pure function of both). */
  private readonly memo = new Map<string, SearchResult>();
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    private readonly options: CatalogIndexOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Call after writing robots so the next search checks for the change at once. */
  invalidate(): void {
    this.checkedAt = -Infinity;
  }

  getStats(): CatalogIndexStats {
    return { robots: this.orders.default.length, ...this.stats, lastChange: this.lastChange };
  }

  private async fullLoad(): Promise<void> {
    // The version is read first: changes after it are applied again next time (harmless).
    const head = await latestRobotChange(this.db);
    const entries = (await listSearchEntries(this.db)).map(toEntry);
    const orders = {} as Record<Order, Entry[]>;
    for (const name of orderNames) orders[name] = [...entries].sort(orderings[name]);
    this.orders = orders;
    this.lastChange = head;
    this.gaps.clear();
    this.loaded = true;
    this.loadedAt = this.now();
    this.memo.clear();
    this.stats.fullLoads += 1;
  }

  /** Replaces the changed robots (removed, edited, added, unlisted) in every sorted list. */
  private async applyChanges(changes: RobotChange[]): Promise<void> {
    const ids = [...new Set(changes.map((c) => c.robotId))];
    const fresh = (await listSearchEntries(this.db, ids)).map(toEntry);
    const changed = new Set(ids);
    for (const name of orderNames) {
      const kept = this.orders[name].filter((e) => !changed.has(e.id));
      this.orders[name] = mergeSorted(kept, [...fresh].sort(orderings[name]), orderings[name]);
    }
    this.memo.clear();
    this.stats.deltas += 1;
  }

  /**
   * A full read of the catalog once loaded runs in the background: searches go on
   * answering from the current lists and see the new ones when they are swapped in.
   */
  private reloadInBackground(): void {
    this.reloading ??= this.fullLoad().finally(() => {
      this.reloading = null;
    });
    this.reloading.catch(() => undefined);
  }

  private async check(): Promise<void> {
    if (!this.loaded) return this.fullLoad();
    if (this.reloading) return;
    if (this.now() - this.loadedAt > IDLE_RELOAD_MS) return this.reloadInBackground();
    const head = await latestRobotChange(this.db);
    // Ids went backwards: the change log was emptied (a restored or truncated database).
    if (head < this.lastChange) return this.reloadInBackground();
    if (this.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = this.now();
      await pruneRobotChanges(this.db, CHANGES_KEPT_MS);
    }
    if (head === this.lastChange && !this.gaps.size) return;
    const changes = await readRobotChanges(this.db, this.lastChange, [...this.gaps.keys()], MAX_DELTA + 1);
    if (changes.length > MAX_DELTA) return this.reloadInBackground();
    const seen = new Set(changes.map((c) => c.id));
    const top = changes.reduce((m, c) => Math.max(m, c.id), this.lastChange);
    // Ids can jump (a rolled-back import, a sequence cached across a crash): too wide a hole to track.
    if (top - this.lastChange - seen.size > MAX_DELTA) return this.reloadInBackground();
    const now = this.now();
    for (const id of [...this.gaps.keys()]) if (seen.has(id) || now - this.gaps.get(id)! > GAP_TTL_MS) this.gaps.delete(id);
    for (let id = this.lastChange + 1; id < top; id += 1) if (!seen.has(id)) this.gaps.set(id, now);
    // Too many holes to track one by one (a long import still running): start over.
    if (this.gaps.size > MAX_DELTA) return this.reloadInBackground();
    this.lastChange = top;
    if (changes.length) await this.applyChanges(changes);
  }

  /** A version probe (one index read) and the changed robots since: small, so searches wait for it. */
  private async ensureFresh(): Promise<void> {
    if (this.loaded && this.now() - this.checkedAt < this.options.refreshMs) return;
    this.checking ??= (async () => {
      try {
        await this.check();
        this.checkedAt = this.now();
      } finally {
        this.checking = null;
      }
    })();
    await this.checking;
  }

  async search(query: RobotQuery): Promise<SearchResult> {
    await this.ensureFresh();
    const useMemo = this.options.memo !== false;
    const key = JSON.stringify(query);
    const hit = useMemo ? this.memo.get(key) : undefined;
    if (hit) {
      // Refresh its place in the LRU order.
      this.memo.delete(key);
      this.memo.set(key, hit);
      return hit;
    }
    const orders = this.orders;
    const found = this.compute(query, orders);
    const rows = await findRobotRowsInOrder(this.db, found.ids);
    const result: SearchResult = { rows, total: found.total, facets: found.facets };
    // Only remember answers of the lists still current (a check may have patched them meanwhile).
    if (useMemo && orders === this.orders) {
      this.memo.set(key, result);
      if (this.memo.size > MEMO_SIZE) this.memo.delete(this.memo.keys().next().value!);
    }
    return result;
  }

  private compute(query: RobotQuery, orders: Record<Order, Entry[]>): { ids: string[]; total: number; facets: RobotFacets } {
    const parsed = parseSearchTerms(query.q);
    const emptyFacets: RobotFacets = { category: [], manufacturer: [], application: [], industry: [] };
    if (parsed === 'nothing') return { ids: [], total: 0, facets: emptyFacets };
    const terms = parsed;

    const facetFilter: Record<FacetKey, ((e: Entry) => boolean) | null> = {
      category: query.category ? ((c) => (e: Entry) => e.categoryKey === c)(query.category.toLowerCase()) : null,
      manufacturer: query.manufacturer ? ((m) => (e: Entry) => e.manufacturerKey === m)(query.manufacturer.toLowerCase()) : null,
      application: query.application ? ((a) => (e: Entry) => e.applications.includes(a))(query.application.toLowerCase()) : null,
      industry: query.industry ? ((i) => (e: Entry) => e.industries.includes(i))(query.industry.toLowerCase()) : null,
    };

    const list = query.sort === 'relevance' ? orders.default : orders[query.sort];
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
      // Non-facet filters first: every facet count starts from this set.
      if (query.minPayload !== undefined && !(e.payloadKg >= query.minPayload)) continue;
      if (query.maxPayload !== undefined && !(e.payloadKg <= query.maxPayload)) continue;
      if (query.minReach !== undefined && !(e.reachMm >= query.minReach)) continue;
      if (query.maxReach !== undefined && !(e.reachMm <= query.maxReach)) continue;
      if (query.minPrice !== undefined && !(e.priceMaxUsd !== null && e.priceMaxUsd >= query.minPrice)) continue;
      if (query.maxPrice !== undefined && !(e.priceMinUsd !== null && e.priceMinUsd <= query.maxPrice)) continue;
      if (terms && !terms.tokens.every((t) => tokenMatches(e, t))) continue;
      // Bit set = the robot passes that facet's filter. Disjunctive counting: a facet
      // is counted with every filter but its own.
      const mask = (!fCat || fCat(e) ? 1 : 0) | (!fMan || fMan(e) ? 2 : 0) | (!fApp || fApp(e) ? 4 : 0) | (!fInd || fInd(e) ? 8 : 0);
      if (mask === 15) matches.push(e);
      if ((mask | 1) === 15) bump(counts.category, e.category);
      if ((mask | 2) === 15) bump(counts.manufacturer, e.manufacturer);
      if ((mask | 4) === 15) for (const a of e.applications) bump(counts.application, a);
      if ((mask | 8) === 15) for (const i of e.industries) bump(counts.industry, i);
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
      matches.sort((a, b) => score.get(b)! - score.get(a)! || a.payloadKg - b.payloadKg || byText(a.model, b.model));
    }
    const start = (query.page - 1) * query.limit;
    return { ids: matches.slice(start, start + query.limit).map((e) => e.id), total: matches.length, facets };
  }
}
