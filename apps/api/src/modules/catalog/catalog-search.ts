import { AsyncLocalStorage } from 'node:async_hooks';
import type { BuyerRequirements, RobotQuery } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { parseRequirements } from '@cellforge/requirements';
import { catalogVersion, listPublicManufacturers, pruneRobotChanges, searchRobots, type SearchResult } from './catalog.repository';
import { readSearchReading, type ReadSearch } from './search-words';
import type { Logger } from '../../lib/logger';

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
  /**
   * Where a failure of background work is said (the version probe, the makers' list, a stale
   * answer's rebuild): no request waits for that work, so nobody else would report it. Each
   * kind is logged once, with its error, and again only after it has succeeded since.
   */
  logger?: Pick<Logger, 'warn'>;
}

/** Background work whose failure no request reports (CatalogSearchOptions.logger). */
export type BackgroundFailure = 'probe' | 'makers' | 'refresh';

const backgroundMessages: Record<BackgroundFailure, string> = {
  probe: 'the catalog search could not check the catalog version in the background; searches keep the version they know',
  makers: "the catalog search could not read the public makers' list in the background; the next search reads it again",
  refresh: 'the catalog search could not make an answer again in the background; the previous one is given until staleMs, then a request makes it',
};

/** An answer with the catalog version it was made under. */
interface Remembered<T> {
  value: T;
  version: number;
}

/** A whole answer (answer()) with what makes it again: the background refresh after a version change calls it. */
interface RememberedAnswer extends Remembered<unknown> {
  build: () => Promise<unknown>;
  /** Asked since it was made (in use): made again in the background after a change made elsewhere. */
  asked: boolean;
}

/** Work under way for one key, with the version it was started under (a later version does not join it). */
interface Running<T> {
  version: number;
  promise: Promise<T>;
}

/** Background recomputations of stale answers at once, at most: the rest wait in line. */
const REFRESHING_AT_ONCE = 2;

/**
 * Set while an answer of the current version is made (answer()'s build, in a request or in
 * the background): its searches and its makers' list are never the previous version's.
 */
const makingCurrent = new AsyncLocalStorage<true>();

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
 * invalidate()). An edit made anywhere is searched within refreshMs + staleMs, with no
 * reload of anything.
 *
 * After a change made elsewhere, nothing heavy runs in a request in one go (issue 19,
 * session 14): answers of the previous version are given for staleMs while their new
 * ones are made in the background, each once (single-flight per key), the ones asked
 * first, then the rest of those in use, a few at a time with a turn of the event loop
 * between them; the new makers' list is read at once, in the background. After its own
 * write (invalidate()) the process forgets every answer at once: a writer sees its edit.
 *
 * docs/decisions.md ("Catalog search engine") has the measurements behind this choice:
 * the in-memory scan this replaced was slower than this query at 20,000 and 100,000
 * robots and held a second copy of the catalog in the API's heap.
 */
const sameNames = (a: readonly string[] | null, b: readonly string[]): boolean => a !== null && a.length === b.length && a.every((name, i) => name === b[i]);

/** Moves a key to the most recently used end of a map kept in use order. */
function touch<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
}

/** Adds an entry to a map kept in use order, dropping the least recently used beyond `max`. */
function keepAtMost<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  touch(map, key, value);
  if (map.size > max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}

export class CatalogSearch {
  private version = -1;
  private checkedAt = -Infinity;
  private prunedAt = -Infinity;
  private checking: Promise<boolean> | null = null;
  private invalidations = 0;
  private computed = 0;
  /** Search results by query (a search is a pure function of the query and the version), in use order. */
  private readonly memo = new Map<string, Remembered<SearchResult>>();
  /**
   * Whole answers by request (answer()): what the route made of a query besides the search
   * itself (the reading's fallbacks, the unknown-values counts, the JSON), in use order.
   */
  private readonly answers = new Map<string, RememberedAnswer>();
  /** Searches and answers being made, by key: a second caller of the same version shares it. */
  private readonly searching = new Map<string, Running<SearchResult>>();
  private readonly building = new Map<string, Running<unknown>>();
  /**
   * When each earlier version stopped being the current one (first seen replaced), while its
   * answers may still be given: staleMs after that. A write of this process (invalidate())
   * forgets them all.
   */
  private readonly endedAt = new Map<number, number>();
  /** Set by invalidate(): the next version change forgets every answer at once (read-your-writes). */
  private strict = false;
  /** Stale answers to make again in the background: the ones asked first, then the sweep of those in use. */
  private readonly urgent = new Map<string, () => Promise<unknown>>();
  private readonly sweep = new Map<string, () => Promise<unknown>>();
  private refreshingNow = 0;
  private pumpScheduled = false;
  /** The words' readings (parseRequirements) with `readingsOf`, the makers' list they were read with. */
  private readonly readings = new Map<string, BuyerRequirements>();
  private readingsOf: readonly string[] | null = null;
  /** The public makers of a catalog version (the search box reads maker names with them). */
  private makers: Running<string[]> | null = null;
  private readonly now: () => number;
  /** Background failure kinds logged since they last succeeded (each is said once). */
  private readonly failing = new Set<BackgroundFailure>();

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
    this.invalidations += 1;
  }

  /** Logs a background failure of this kind once (until the kind succeeds again), with its error. */
  private failed(kind: BackgroundFailure, err: unknown): void {
    if (this.failing.has(kind)) return;
    this.failing.add(kind);
    this.options.logger?.warn({ err, catalogBackground: kind }, backgroundMessages[kind]);
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
    if (version === this.version) return;
    const now = this.now();
    const staleMs = this.options.staleMs ?? 0;
    if (strict || staleMs <= 0) {
      // A write of this process (or no stale answers allowed): every answer is forgotten at once.
      this.memo.clear();
      this.answers.clear();
      this.endedAt.clear();
      this.urgent.clear();
      this.sweep.clear();
    } else {
      // Answers of older versions are kept (marked by their version) to be given for staleMs.
      this.endedAt.set(this.version, now);
      for (const [v, at] of this.endedAt) if (now - at >= staleMs) this.endedAt.delete(v);
    }
    const readMakers = this.makers !== null;
    this.makers = null;
    this.version = version;
    if (strict || staleMs <= 0) return;
    // The new makers' list is read now, in the background, rather than by the first search to need it.
    if (readMakers) this.makersOfThisVersion().catch((err: unknown) => this.failed('makers', err));
    // The answers in use, the most recently asked first, are made again a few at a time.
    for (const [key, hit] of [...this.answers].reverse()) {
      if (!hit.asked) continue;
      hit.asked = false;
      this.sweep.set(key, () => this.refreshAnswer(key));
    }
    this.schedulePump();
  }

  /**
   * Checks the catalog version at most once per refreshMs. A search waits for the probe only
   * before the first one, after invalidate() (read-your-writes) or when the last probe is older
   * than refreshMs + staleMs; otherwise it is answered with the version known while the probe
   * runs in the background (a probe waiting behind a busy database stalled every search).
   */
  private async ensureFresh(): Promise<void> {
    const since = this.now() - this.checkedAt;
    if (since < this.options.refreshMs) return;
    let probe = this.probe();
    if (this.version !== -1 && since < this.options.refreshMs + (this.options.staleMs ?? 0)) {
      probe.catch((err: unknown) => this.failed('probe', err));
      return;
    }
    // A probe already running when invalidate() was called may have read the version before the write: one more.
    while (!(await probe)) probe = this.probe();
  }

  /** One probe at a time; concurrent searches share it. True when no invalidate() came while it ran. */
  private probe(): Promise<boolean> {
    this.checking ??= (async () => {
      const invalidations = this.invalidations;
      try {
        await this.check();
        this.failing.delete('probe');
        if (invalidations !== this.invalidations) return false;
        this.checkedAt = this.now();
        return true;
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }

  /** Whether an answer of `version` may still be given (the current one, or an earlier one for staleMs after it was replaced). */
  private givable(version: number): boolean {
    if (version === this.version) return true;
    if (makingCurrent.getStore()) return false;
    const ended = this.endedAt.get(version);
    return ended !== undefined && this.now() - ended < (this.options.staleMs ?? 0);
  }

  /** Makers of the public catalog, read once per catalog version. */
  async manufacturers(): Promise<string[]> {
    await this.ensureFresh();
    return this.makersOfThisVersion();
  }

  private makersOfThisVersion(): Promise<string[]> {
    if (this.makers?.version === this.version) return this.makers.promise;
    const running: Running<string[]> = {
      version: this.version,
      promise: listPublicManufacturers(this.db).then((makers) => {
        this.failing.delete('makers');
        return makers;
      }, (err: unknown) => {
        if (this.makers === running) this.makers = null;
        throw err;
      }),
    };
    this.makers = running;
    return running.promise;
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
   * request skips everything a search's answer is made of, not only the search. After a
   * change made elsewhere, the previous version's answer is given for staleMs while `build`
   * makes the new one in the background. Not remembered when the memo is off or when the
   * version changed while it was made. `build` is kept with the answer to make it again:
   * it should hold only what the answer is made of (the query), not the request.
   */
  async answer<T>(key: string, build: () => Promise<T>): Promise<T> {
    if (this.options.memo === false) return build();
    await this.ensureFresh();
    const hit = this.answers.get(key);
    if (hit && this.givable(hit.version)) {
      touch(this.answers, key, hit);
      this.markAsked(key, hit);
      return hit.value as T;
    }
    return this.buildAnswer(key, build, true);
  }

  /**
   * The whole answer remembered under `key` for this catalog version (or the previous one's
   * for staleMs after a change made elsewhere), without making one (undefined when there is
   * none): the route's early path for a repeated request.
   */
  async remembered<T>(key: string): Promise<T | undefined> {
    if (this.options.memo === false) return undefined;
    await this.ensureFresh();
    const hit = this.answers.get(key);
    if (!hit || !this.givable(hit.version)) return undefined;
    this.markAsked(key, hit);
    return hit.value as T;
  }

  /** Counts an answer as in use; a stale one is put first in line to be made again. */
  private markAsked(key: string, hit: RememberedAnswer): void {
    if (hit.version === this.version) {
      hit.asked = true;
      return;
    }
    if (!this.urgent.has(key)) {
      this.sweep.delete(key);
      this.urgent.set(key, () => this.refreshAnswer(key));
      this.schedulePump();
    }
  }

  /** Makes `key`'s answer of this version, once however many ask at the same time (`asked`: for a request, not the background). */
  private buildAnswer<T>(key: string, build: () => Promise<T>, asked: boolean): Promise<T> {
    const running = this.building.get(key);
    if (running?.version === this.version) return running.promise as Promise<T>;
    const version = this.version;
    const made: Running<T> = {
      version,
      promise: makingCurrent.run(true, build).then(
        (value) => {
          if (this.building.get(key) === made) this.building.delete(key);
          // An answer made across a version change is not remembered under the new one.
          if (version === this.version) keepAtMost(this.answers, key, { value, version, build, asked }, MEMO_SIZE);
          return value;
        },
        (err: unknown) => {
          if (this.building.get(key) === made) this.building.delete(key);
          throw err;
        },
      ),
    };
    this.building.set(key, made);
    return made.promise;
  }

  /** The background refresh of a remembered answer, unless it is of this version already or gone. */
  private async refreshAnswer(key: string): Promise<void> {
    const hit = this.answers.get(key);
    if (!hit || hit.version === this.version) return;
    await this.buildAnswer(key, hit.build, false);
  }

  async search(query: RobotQuery): Promise<SearchResult> {
    if (this.options.memo === false) {
      this.computed += 1;
      return searchRobots(this.db, query);
    }
    await this.ensureFresh();
    const key = JSON.stringify(query);
    const hit = this.memo.get(key);
    if (hit && this.givable(hit.version)) {
      // Refresh its place in the LRU order.
      touch(this.memo, key, hit);
      if (hit.version !== this.version && !this.urgent.has(`search\u0000${key}`)) {
        this.urgent.set(`search\u0000${key}`, () => this.compute(key, query));
        this.schedulePump();
      }
      return hit.value;
    }
    return this.compute(key, query);
  }

  /** Searches `query` at this version, once however many ask at the same time. */
  private compute(key: string, query: RobotQuery): Promise<SearchResult> {
    const hit = this.memo.get(key);
    if (hit?.version === this.version) return Promise.resolve(hit.value);
    const running = this.searching.get(key);
    if (running?.version === this.version) return running.promise;
    const version = this.version;
    this.computed += 1;
    const made: Running<SearchResult> = {
      version,
      promise: searchRobots(this.db, query).then(
        (result) => {
          if (this.searching.get(key) === made) this.searching.delete(key);
          // An answer computed across a version change is not remembered under the new one.
          if (version === this.version) keepAtMost(this.memo, key, { value: result, version }, MEMO_SIZE);
          return result;
        },
        (err: unknown) => {
          if (this.searching.get(key) === made) this.searching.delete(key);
          throw err;
        },
      ),
    };
    this.searching.set(key, made);
    return made.promise;
  }

  /** Runs the background refreshes on a later turn of the event loop (never inside the request that asked). */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /**
   * Starts stale answers' refreshes, REFRESHING_AT_ONCE at most (the database is not
   * stampeded by every remembered query at once), the ones asked first; the next one starts a
   * turn of the event loop after one ends. A failure is logged (once per kind) and leaves the
   * stale answer to expire: after staleMs the request makes it, and reports the error.
   */
  private pump(): void {
    while (this.refreshingNow < REFRESHING_AT_ONCE) {
      const line = this.urgent.size ? this.urgent : this.sweep;
      const next = line.entries().next();
      if (next.done) return;
      const [key, refresh] = next.value;
      line.delete(key);
      this.refreshingNow += 1;
      void refresh()
        .then(() => this.failing.delete('refresh'), (err: unknown) => this.failed('refresh', err))
        .finally(() => {
          this.refreshingNow -= 1;
          this.schedulePump();
        });
    }
  }
}
