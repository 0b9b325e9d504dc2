import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Express } from 'express';
import type { DbHandle } from '@cellforge/db';
import { createTestDb, truncateAll, type TestBackend } from '@cellforge/db/testing';
import type { ObjectStorage } from '@cellforge/storage';
import { createApp } from '../app';
import { loadConfig, type Config } from '../env';
import { createLogger } from '../lib/logger';
import { defined } from '../lib/invariants';
import { checkAnswer } from './answer-check';

export { testBackends } from '@cellforge/db/testing';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    BCRYPT_ROUNDS: '4',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.data/test',
    SEED_ON_START: 'false',
    // Tests write robots straight into the database and search at once.
    CATALOG_INDEX_REFRESH_MS: '0',
    CATALOG_STALE_MS: '0',
    // Tests register and sign in many accounts from one address; the limits' own tests lower these.
    REGISTER_RATE_LIMIT: '10000',
    LOGIN_IP_RATE_LIMIT: '10000',
    PASSWORD_RESET_RATE_LIMIT: '10000',
    PASSWORD_RESET_IP_RATE_LIMIT: '10000',
    // Token checks are not cached in tests, so a revocation is seen by the next request.
    TOKEN_CHECK_CACHE_MS: '0',
  });
  return { ...base, ...overrides };
}

export interface TestContext {
  app: Express;
  handle: DbHandle;
  config: Config;
}

/**
 * One database per test file (per backend), emptied before each test, and a fresh app.
 * Call inside a describe block; read the context in tests through the returned getter.
 */
export function useTestApp(
  backend: TestBackend,
  overrides: Partial<Config> = {},
  options: { seed?: (db: DbHandle['db']) => Promise<unknown>; storage?: () => ObjectStorage } = {},
): () => TestContext {
  let ctx: TestContext | undefined;
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDb(backend);
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    const db = defined(handle, 'the test database (made in beforeAll)');
    await truncateAll(db.db);
    await options.seed?.(db.db);
    const config = testConfig(overrides);
    ctx = { app: createApp({ db: db.db, dbKind: db.kind, config, logger: createLogger('silent'), storage: options.storage?.(), onAnswer: checkAnswer }), handle: db, config };
  });
  return () => {
    if (!ctx) throw new Error('test app not ready');
    return ctx;
  };
}
