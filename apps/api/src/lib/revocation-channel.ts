import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database } from '@cellforge/db';
import type { Logger } from './logger';

/** The PostgreSQL notification channel sign-outs are announced on. */
export const REVOCATION_CHANNEL = 'cellforge_token_revoked';

/**
 * Tells every API instance on one PostgreSQL that a user's tokens were revoked (sign-out
 * everywhere, password reset, deletion), so none keeps honouring a token from its cache
 * (lib/tokens.ts). Published with pg_notify; each instance LISTENs on a connection of its
 * own. While that connection is down the token service does not trust its cache at all
 * (every request reads the user's version), and after a reconnect it forgets everything
 * cached, since notices sent meanwhile were missed.
 */
export interface RevocationChannel {
  /** Announces a revocation to every instance (this one included). */
  publish(userId: string): Promise<void>;
  /** `listener(userId)` for each revocation; `listener(null)` after a gap (reconnected: forget everything). */
  subscribe(listener: (userId: string | null) => void): void;
  /** Whether notices arrive now (the cache may be trusted). */
  listening(): boolean;
  close(): Promise<void>;
}

export interface PgRevocationChannelOptions {
  databaseUrl: string;
  /** Publishes through the API's pool. */
  db: Database;
  logger: Logger;
  /** Wait before reconnecting a dropped listener (ms). */
  reconnectMs?: number;
}

export function createPgRevocationChannel(opts: PgRevocationChannelOptions): RevocationChannel & { ready: Promise<void> } {
  const listeners: ((userId: string | null) => void)[] = [];
  const reconnectMs = opts.reconnectMs ?? 1000;
  let client: pg.Client | null = null;
  let up = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const tell = (userId: string | null) => {
    for (const l of listeners) l(userId);
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === REVOCATION_CHANNEL && msg.payload) tell(msg.payload);
    });
    c.on('error', (err) => {
      opts.logger.warn({ err }, 'the revocation listener lost its connection; checking every token until it is back');
      dropped(c);
    });
    c.on('end', () => dropped(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${REVOCATION_CHANNEL}`);
      if (closed) return;
      up = true;
      // Anything announced while no listener ran was missed.
      tell(null);
    } catch (err) {
      opts.logger.warn({ err }, 'the revocation listener could not connect; retrying');
      dropped(c);
    }
  }

  function dropped(c: pg.Client) {
    if (client !== c) return;
    up = false;
    client = null;
    c.removeAllListeners('notification');
    void c.end().catch(() => undefined);
    if (!closed && !timer) {
      timer = setTimeout(() => {
        timer = null;
        void connect();
      }, reconnectMs);
      timer.unref();
    }
  }

  const ready = connect();
  return {
    ready,
    async publish(userId) {
      // This instance forgets at once; the others when the notice arrives (milliseconds).
      tell(userId);
      await opts.db.execute(sql`select pg_notify(${REVOCATION_CHANNEL}, ${userId})`);
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    listening: () => up,
    async close() {
      closed = true;
      up = false;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
