import type { Options, Store } from 'express-rate-limit';
import type { Database } from '@cellforge/db';
import { decrementRateLimit, deleteRateLimit, incrementRateLimit, pruneRateLimits, readRateLimit } from './rate-limit.repository';

/**
 * express-rate-limit counters kept in the database (rate_limits), so several API
 * instances on one database count the same attempts: an address refused by one is
 * refused by all. Used on PGlite too (one code path; a sign-in costs a bcrypt hash,
 * next to which one upsert is nothing). `prefix` keeps each limiter's keys apart.
 */
export class DatabaseRateLimitStore implements Store {
  private windowMs = 60_000;
  private lastPrune = 0;
  readonly localKeys = false;

  constructor(
    private readonly db: Database,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private key(key: string) {
    return `${this.prefix}:${key}`;
  }

  async get(key: string) {
    const row = await readRateLimit(this.db, this.key(key));
    return row ? { totalHits: row.hits, resetTime: row.resetAt } : undefined;
  }

  async increment(key: string) {
    if (Date.now() - this.lastPrune > this.windowMs) {
      this.lastPrune = Date.now();
      await pruneRateLimits(this.db);
    }
    const row = await incrementRateLimit(this.db, this.key(key), this.windowMs);
    return { totalHits: row.hits, resetTime: row.resetAt };
  }

  async decrement(key: string) {
    await decrementRateLimit(this.db, this.key(key));
  }

  async resetKey(key: string) {
    await deleteRateLimit(this.db, this.key(key));
  }
}
