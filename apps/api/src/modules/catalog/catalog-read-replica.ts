import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import type { RobotQuery } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { CatalogSearch, type CatalogSearchOptions } from './catalog-search';
import type { SearchResult } from './catalog.repository';
import type { ReadSearch } from './search-words';

/**
 * Catalog reads on a read replica (DATABASE_READ_URL, issue 18), with read-your-writes: a
 * client that has just written (any POST/PUT/PATCH/DELETE) carries a short-lived cookie, and
 * its catalog searches go to the primary until it expires, so a supplier sees their own
 * edit on their next request even while the replica lags. Everyone else reads the replica.
 * Only the catalog search moves; every other read and every write stays on the primary.
 */
export const FRESH_COOKIE = 'cf_fresh';

const freshness = new AsyncLocalStorage<{ fresh: boolean }>();

/** Marks writers (cookie) and tells the catalog search which requests must read the primary. */
export function readYourWrites(maxAgeSeconds: number): RequestHandler {
  return (req, res, next) => {
    const fresh = (req.headers.cookie ?? '').split(';').some((c) => c.trim() === `${FRESH_COOKIE}=1`);
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      res.append('Set-Cookie', `${FRESH_COOKIE}=1; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax`);
    }
    freshness.run({ fresh }, next);
  };
}

const readsPrimary = () => freshness.getStore()?.fresh === true;

/** The catalog search on the replica, answering writers from the primary. */
export class ReplicatedCatalogSearch extends CatalogSearch {
  private readonly primary: CatalogSearch;

  constructor(replica: Database, primary: Database, options: CatalogSearchOptions) {
    super(replica, { ...options, writeDb: primary });
    this.primary = new CatalogSearch(primary, options);
  }

  override search(query: RobotQuery): Promise<SearchResult> {
    return readsPrimary() ? this.primary.search(query) : super.search(query);
  }

  override readWords(query: RobotQuery): Promise<ReadSearch> {
    return readsPrimary() ? this.primary.readWords(query) : super.readWords(query);
  }

  /**
   * Each side keeps `build` with its answer to make it again in the background after a change
   * made elsewhere, outside the request that first asked: it runs as a reader of its own side.
   */
  override answer<T>(key: string, build: () => Promise<T>): Promise<T> {
    return readsPrimary()
      ? this.primary.answer(key, () => freshness.run({ fresh: true }, build))
      : super.answer(key, () => freshness.run({ fresh: false }, build));
  }

  override manufacturers(): Promise<string[]> {
    return readsPrimary() ? this.primary.manufacturers() : super.manufacturers();
  }

  override invalidate(): void {
    super.invalidate();
    this.primary.invalidate();
  }
}
