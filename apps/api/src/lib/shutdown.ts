import type { Logger } from './logger';
import type { BackgroundWrites } from './background-writes';

export interface ShutdownDeps {
  /** The HTTP server (node:http Server): stops accepting connections. */
  server: { close(cb?: (err?: Error) => void): unknown; closeIdleConnections?(): void; closeAllConnections?(): void };
  background: BackgroundWrites;
  closeDatabase: () => Promise<void>;
  logger: Logger;
  /** How long requests in flight may take to be answered before their connections are cut. */
  requestGraceMs?: number;
  /** How long to wait for background writes once the requests are done. */
  drainMs?: number;
}

/**
 * The order of a stop: no new connections and idle keep-alive connections closed; the
 * requests in flight are answered (their queries still need the database), or their
 * connections cut after `requestGraceMs` (a stage run waits minutes for the perception
 * service); then the writes requests started in the background (robot views) finish, or
 * are abandoned after `drainMs`; only then is the database closed. Closing the pool first
 * made those writes fail against a closed pool. Defaults fit inside server.ts's 10 s
 * hard exit.
 */
export async function shutdownGracefully(deps: ShutdownDeps): Promise<void> {
  await new Promise<void>((resolve) => {
    const cut = setTimeout(() => deps.server.closeAllConnections?.(), deps.requestGraceMs ?? 5_000);
    cut.unref();
    deps.server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    deps.server.closeIdleConnections?.();
  });
  const finished = await deps.background.drain(deps.drainMs ?? 3_000);
  if (!finished) deps.logger.warn({ pending: deps.background.size }, 'background writes still running at shutdown were abandoned');
  await deps.closeDatabase().catch((err: unknown) => deps.logger.error({ err }, 'closing the database failed'));
}
