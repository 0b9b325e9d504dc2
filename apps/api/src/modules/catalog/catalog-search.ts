import type { RobotQuery } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { catalogVersion, listPublicManufacturers, pruneRobotChanges, searchRobots, type SearchResult } from './catalog.repository';

/** Distinct queries remembered per catalog version. */
const MEMO_SIZE = 500;
/** Changes are kept a day (they only mark versions); pruned at most hourly. */
const CHANGES_KEPT_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

export interface CatalogSearchOptions {
  /** How often, at most, a search checks PostgreSQL for changes made elsewhere (ms). */
  refreshMs: number;
  now?: () => number;
  /** Remember answers per catalog version (default true; the benchmark turns it off to measure cold searches). */
  memo?: boolean;
}

export interface CatalogSearchStats {
  /** Searches answered by PostgreSQL (not from memory). */
  computed: number;
  /** Catalog version (newest robot change id) the remembered answers belong to. */
  version: number;
}

/**
 * The public catalog search. PostgreSQL answers it (searchRobots: text matched on the
 * facet sets' words and the robots' own, filters, disjunctive facets, on the
 * trigger-kept robot_search and robot_facet_sets of migrations 0008 and 0011) and is
 * its only copy of the catalog; this
 * process only remembers answers. Every write to robots is logged by triggers in
 * robot_changes (migration 0004), so the newest change id is the catalog's version,
 * read with one index probe at most once per refreshMs (and at once after
 * invalidate()); a new version forgets the remembered answers. An edit made anywhere
 * is searched within refreshMs, with no reload of anything.
 *
 * docs/decisions.md ("Catalog search engine") has the measurements behind this choice:
 * the in-memory scan this replaced was slower than this query at 20,000 and 100,000
 * robots and held a second copy of the catalog in the API's heap.
 */
export class CatalogSearch {
  private version = -1;
  private checkedAt = -Infinity;
  private prunedAt = -Infinity;
  private checking: Promise<void> | null = null;
  private computed = 0;
  /** Answers of this catalog version by query (a search is a pure function of both). */
  private readonly memo = new Map<string, SearchResult>();
  /** The public makers of this catalog version (the search box reads maker names with them). */
  private makers: Promise<string[]> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    private readonly options: CatalogSearchOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Call after writing robots so the next search checks for the change at once. */
  invalidate(): void {
    this.checkedAt = -Infinity;
  }

  getStats(): CatalogSearchStats {
    return { computed: this.computed, version: this.version };
  }

  private async check(): Promise<void> {
    if (this.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = this.now();
      await pruneRobotChanges(this.db, CHANGES_KEPT_MS);
    }
    const version = await catalogVersion(this.db);
    if (version !== this.version) {
      this.memo.clear();
      this.makers = null;
      this.version = version;
    }
  }

  private async ensureFresh(): Promise<void> {
    if (this.now() - this.checkedAt < this.options.refreshMs) return;
    // One probe at a time; concurrent searches share it.
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

  /** Makers of the public catalog, read once per catalog version. */
  async manufacturers(): Promise<string[]> {
    await this.ensureFresh();
    this.makers ??= listPublicManufacturers(this.db).catch((err: unknown) => {
      this.makers = null;
      throw err;
    });
    return this.makers;
  }

  async search(query: RobotQuery): Promise<SearchResult> {
    if (this.options.memo === false) {
      this.computed += 1;
      return searchRobots(this.db, query);
    }
    await this.ensureFresh();
    const key = JSON.stringify(query);
    const hit = this.memo.get(key);
    if (hit) {
      // Refresh its place in the LRU order.
      this.memo.delete(key);
      this.memo.set(key, hit);
      return hit;
    }
    const version = this.version;
    this.computed += 1;
    const result = await searchRobots(this.db, query);
    // An answer computed across a version change is not remembered under the new one.
    if (version === this.version) {
      this.memo.set(key, result);
      if (this.memo.size > MEMO_SIZE) {
        const oldest = this.memo.keys().next();
        if (!oldest.done) this.memo.delete(oldest.value);
      }
    }
    return result;
  }
}
