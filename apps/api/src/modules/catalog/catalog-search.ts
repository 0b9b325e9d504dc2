import type { BuyerRequirements, RobotQuery } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { parseRequirements } from '@cellforge/requirements';
import { catalogVersion, listPublicManufacturers, pruneRobotChanges, searchRobots, type SearchResult } from './catalog.repository';
import { readSearchReading, type ReadSearch } from './search-words';

/** Distinct queries remembered per catalog version. */
const MEMO_SIZE = 500;
/** Distinct search-box words whose reading is remembered per makers' list. */
const READINGS_SIZE = 1000;
/** Changes are kept a day (they only mark versions); pruned at most hourly. */
const CHANGES_KEPT_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

export interface CatalogSearchOptions {
  /** How often, at most, a search checks PostgreSQL for changes made elsewhere (ms). */
  refreshMs: number;
  now?: () => number;
  /** Remember answers per catalog version (default true; the benchmark turns it off to measure cold searches). */
  memo?: boolean;
  /**
   * After a change made elsewhere (seen by the version probe, not invalidate()), how long a
   * remembered answer of the previous version may still be given while its new answer is
   * computed in the background (ms; default 0: never). Bounds how long an edit can stay
   * unseen to refreshMs + staleMs, and spares the database a stampede of every remembered
   * query at once after each edit.
   */
  staleMs?: number;
  /** Where robot_changes is pruned when `db` is a read replica (DATABASE_READ_URL); default `db`. */
  writeDb?: Database;
}

interface Remembered {
  result: SearchResult;
  version: number;
}

/** Background recomputations of stale answers at once, at most: the rest wait their turn or are given fresh. */
const REFRESHING_AT_ONCE = 2;

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
const sameNames = (a: readonly string[] | null, b: readonly string[]): boolean => a !== null && a.length === b.length && a.every((name, i) => name === b[i]);

export class CatalogSearch {
  private version = -1;
  private checkedAt = -Infinity;
  private prunedAt = -Infinity;
  private checking: Promise<void> | null = null;
  private computed = 0;
  /** Answers of this catalog version by query (a search is a pure function of both). */
  private readonly memo = new Map<string, Remembered>();
  /** When the current version was first seen (stale answers are given at most staleMs after it). */
  private versionSeenAt = -Infinity;
  /** Set by invalidate(): the next version change forgets every answer at once (read-your-writes). */
  private strict = false;
  private readonly refreshing = new Set<string>();
  /**
   * Whole answers of this version by request (answer()): what the route made of a query
   * besides the search itself (the reading's fallbacks, the unknown-values counts, the JSON),
   * forgotten with every version change.
   */
  private readonly answers = new Map<string, unknown>();
  /** The words' readings (parseRequirements) with `readingsOf`, the makers' list they were read with. */
  private readonly readings = new Map<string, BuyerRequirements>();
  private readingsOf: readonly string[] | null = null;
  /** Whether answers of an older version were kept at the last version change (stale ones may then be given for staleMs). */
  private keptOlder = false;
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
    this.strict = true;
  }

  getStats(): CatalogSearchStats {
    return { computed: this.computed, version: this.version };
  }

  private async check(): Promise<void> {
    if (this.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = this.now();
      await pruneRobotChanges(this.options.writeDb ?? this.db, CHANGES_KEPT_MS);
    }
    const strict = this.strict;
    this.strict = false;
    const version = await catalogVersion(this.db);
    if (version !== this.version) {
      // Answers of older versions are kept (marked by their version) only to be given while
      // stale answers are allowed; a write of this process forgets them at once.
      if (strict || !this.options.staleMs) this.memo.clear();
      this.keptOlder = this.memo.size > 0;
      this.answers.clear();
      this.makers = null;
      this.version = version;
      this.versionSeenAt = this.now();
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

  /**
   * readSearchWords with this version's makers: the words of a search box query read into
   * filters. parseRequirements of the same words with the same makers' list is the same
   * reading, so it is made once per words and list (readSearchReading builds a fresh query
   * and interpretation from it every time: the route may change its own copy).
   */
  async readWords(query: RobotQuery): Promise<ReadSearch> {
    if (!query.q) return { query };
    const makers = await this.manufacturers();
    // A new version re-reads the makers' list; the readings stay when its names did not change
    // (an edited payload or price), so the first requests after an edit do not all re-read words.
    if (this.readingsOf !== makers && !sameNames(this.readingsOf, makers)) {
      this.readings.clear();
    }
    this.readingsOf = makers;
    let reading = this.readings.get(query.q);
    if (!reading) {
      reading = parseRequirements(query.q, { knownMakers: makers });
      if (this.readings.size >= READINGS_SIZE) this.readings.clear();
      this.readings.set(query.q, reading);
    }
    return readSearchReading(query, reading, makers);
  }

  /**
   * A whole answer of this catalog version, made once by `build` (which may search any
   * number of times) and remembered under `key` until the version changes: a repeated
   * request skips everything a search's answer is made of, not only the search. Not
   * remembered when the memo is off, when the version changed while it was made, or when
   * it was made while stale answers of the previous version may be given (it may hold one).
   */
  async answer<T>(key: string, build: () => Promise<T>): Promise<T> {
    if (this.options.memo === false) return build();
    await this.ensureFresh();
    if (this.answers.has(key)) {
      const hit = this.answers.get(key) as T;
      this.answers.delete(key);
      this.answers.set(key, hit);
      return hit;
    }
    const version = this.version;
    const fresh = !this.keptOlder || this.now() - this.versionSeenAt >= (this.options.staleMs ?? 0);
    const made = await build();
    if (fresh && version === this.version) {
      this.answers.set(key, made);
      if (this.answers.size > MEMO_SIZE) {
        const oldest = this.answers.keys().next();
        if (!oldest.done) this.answers.delete(oldest.value);
      }
    }
    return made;
  }

  /**
   * The whole answer remembered under `key` for this catalog version, without making one
   * (undefined when there is none): the route's early path for a repeated request.
   */
  async remembered<T>(key: string): Promise<T | undefined> {
    if (this.options.memo === false) return undefined;
    await this.ensureFresh();
    return this.answers.get(key) as T | undefined;
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
      if (hit.version === this.version) return hit.result;
      if (this.now() - this.versionSeenAt < (this.options.staleMs ?? 0)) {
        this.refreshInBackground(key, query);
        return hit.result;
      }
    }
    return this.compute(key, query);
  }

  private async compute(key: string, query: RobotQuery): Promise<SearchResult> {
    const version = this.version;
    this.computed += 1;
    const result = await searchRobots(this.db, query);
    // An answer computed across a version change is not remembered under the new one.
    if (version === this.version) {
      this.memo.set(key, { result, version });
      if (this.memo.size > MEMO_SIZE) {
        const oldest = this.memo.keys().next();
        if (!oldest.done) this.memo.delete(oldest.value);
      }
    }
    return result;
  }

  /**
   * Starts the new answer of a stale query unless it is under way or too many are (the
   * database is not stampeded by every remembered query at once; one asked again later in
   * the window starts then). A failure only leaves the stale answer to expire: after staleMs
   * the search is computed in the request, which reports the error.
   */
  private refreshInBackground(key: string, query: RobotQuery): void {
    if (this.refreshing.has(key) || this.refreshing.size >= REFRESHING_AT_ONCE) return;
    this.refreshing.add(key);
    void this.compute(key, query)
      .catch(() => undefined)
      .finally(() => this.refreshing.delete(key));
  }
}
