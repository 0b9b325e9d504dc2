import { describe, expect, it } from 'vitest';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { incrementRateLimit, readRateLimit } from './rate-limit.repository';

/**
 * The counter every limiter shares (sign-in, registration, quotes, API keys, the chat): one hit
 * after another within a window, a new window once it has ended, keys counted apart. The hit is
 * one prepared statement since session 15; these are the upsert's answers it must keep.
 */
describe.each(testBackends)('rate-limit counter on %s', (backend) => {
  const ctx = useTestApp(backend);

  it('counts hits within a window, keys apart, and starts a new window when it has ended', async () => {
    const db = ctx().handle.db;
    const before = Date.now();
    const first = await incrementRateLimit(db, 'test:10.0.0.1', 60_000);
    expect(first.hits).toBe(1);
    expect(first.resetAt).toBeInstanceOf(Date);
    expect(first.resetAt.getTime()).toBeGreaterThanOrEqual(before + 60_000 - 5);
    expect(first.resetAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000 + 5);
    const second = await incrementRateLimit(db, 'test:10.0.0.1', 60_000);
    expect(second).toEqual({ hits: 2, resetAt: first.resetAt });
    expect((await incrementRateLimit(db, 'test:10.0.0.2', 60_000)).hits).toBe(1);
    expect(await readRateLimit(db, 'test:10.0.0.1')).toEqual({ hits: 2, resetAt: first.resetAt });

    // A window long enough for two hits on a loaded CI machine (40 ms was not), then waited out.
    const short = await incrementRateLimit(db, 'test:10.0.0.3', 1_500);
    expect(short.hits).toBe(1);
    expect((await incrementRateLimit(db, 'test:10.0.0.3', 1_500)).hits).toBe(2);
    await new Promise((r) => setTimeout(r, Math.max(0, short.resetAt.getTime() - Date.now()) + 100));
    const renewed = await incrementRateLimit(db, 'test:10.0.0.3', 1_500);
    expect(renewed.hits).toBe(1);
    expect(renewed.resetAt.getTime()).toBeGreaterThan(short.resetAt.getTime());
  });
});
