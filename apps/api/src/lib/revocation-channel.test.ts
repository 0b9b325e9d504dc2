import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, type DbHandle } from '@cellforge/db';
import { createLogger } from './logger';
import { createPgRevocationChannel } from './revocation-channel';
import { createTokenService, type AccessClaims } from './tokens';
import { waitFor } from '../test/wait-for';

const url = process.env.TEST_DATABASE_URL;
const logger = createLogger('silent');

/**
 * Two API instances on one PostgreSQL, each caching token versions for a minute: a sign-out
 * on one is refused by the other at once (issue 18: nothing a request needs lives only in one process).
 */
describe.skipIf(!url)('sign-outs reach every instance (PostgreSQL LISTEN/NOTIFY)', () => {
  let handle: DbHandle;
  const versions = new Map<string, number>();
  const currentVersion = (id: string) => Promise.resolve(versions.get(id) ?? null);
  const channels: ReturnType<typeof createPgRevocationChannel>[] = [];
  const channel = () => {
    const c = createPgRevocationChannel({ databaseUrl: url ?? '', db: handle.db, logger, reconnectMs: 50 });
    channels.push(c);
    return c;
  };

  beforeAll(async () => {
    handle = await createDb({ databaseUrl: url, migrate: false, poolMax: 2 });
  });
  afterAll(async () => {
    await Promise.all(channels.map((c) => c.close()));
    await handle.close();
  });

  it('a token signed out on instance A is refused by instance B within moments, though B had it cached', async () => {
    const a = channel();
    const b = channel();
    await Promise.all([a.ready, b.ready]);
    const instanceA = createTokenService('s'.repeat(32), 3600, { currentVersion, cacheMs: 60_000, channel: a });
    const instanceB = createTokenService('s'.repeat(32), 3600, { currentVersion, cacheMs: 60_000, channel: b });
    // The same process without the channel: what every instance did before (keeps the old answer for a minute).
    const unaware = createTokenService('s'.repeat(32), 3600, { currentVersion, cacheMs: 60_000 });
    const userId = `user-${Date.now()}`;
    versions.set(userId, 0);
    const claims: AccessClaims = { sub: userId, user_type: 'customer', email: 'buyer@example.com', ver: 0 };
    expect(await instanceB.isCurrent(claims)).toBe(true);
    expect(await unaware.isCurrent(claims)).toBe(true);

    versions.set(userId, 1); // the sign-out's database write, then the announcement
    await instanceA.forget(userId);
    expect(await instanceA.isCurrent(claims)).toBe(false);
    await waitFor(async () => !(await instanceB.isCurrent(claims)), 2000, 'instance B to refuse the signed-out token');
    expect(await unaware.isCurrent(claims)).toBe(true);
  });

  it('while the listener is down nothing cached is trusted, and it reconnects on its own', async () => {
    const c = channel();
    await c.ready;
    const tokens = createTokenService('s'.repeat(32), 3600, { currentVersion, cacheMs: 60_000, channel: c });
    const userId = `user-${Date.now()}-2`;
    versions.set(userId, 0);
    const claims: AccessClaims = { sub: userId, user_type: 'customer', email: 'buyer@example.com', ver: 0 };
    expect(await tokens.isCurrent(claims)).toBe(true);

    // Cut the listener's connection from the server side (a failover, a network blip).
    await handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN cellforge_token_revoked%' and datname = current_database()`,
    );
    await waitFor(() => !c.listening(), 2000, 'the listener to notice');
    versions.set(userId, 1); // revoked while no notice can arrive
    expect(await tokens.isCurrent(claims)).toBe(false);
    await waitFor(() => c.listening(), 5000, 'the listener to reconnect');
  });
});
