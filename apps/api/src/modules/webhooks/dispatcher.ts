import { webhookBackoffSeconds, webhookLimits } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { Logger } from '../../lib/logger';
import { queued } from './events';
import type { SecretBox } from './secret-box';
import { postDelivery } from './sender';
import { deliveryHeaders } from './signing';
import type { Lookup } from './url-guard';
import { claimDueDeliveries, recordAttempt, releaseClaim, type ClaimedDelivery } from './webhooks.repository';

export interface DispatcherOptions {
  db: Database;
  logger: Logger;
  secrets: SecretBox;
  /** WEBHOOK_ALLOW_PRIVATE: http:// and private addresses allowed (development, tests). */
  allowPrivate: boolean;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** How often due deliveries are looked for when nothing wakes the dispatcher (default 5 s). */
  pollMs?: number;
  /** Deliveries claimed per round (default 20). */
  batchSize?: number;
  /** How long a claim keeps other dispatchers off a delivery (default 2 min, well over the timeout). */
  leaseMs?: number;
  /** Endpoints sent to at the same time in a round (default 4); one endpoint's deliveries go one by one. */
  concurrency?: number;
  clock?: () => Date;
  lookup?: Lookup;
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;

/** When attempt `attempts` failed: the next one's due time, or null when it was the last. */
export function retryAt(attempts: number, now: Date): Date | null {
  if (attempts >= webhookLimits.maxAttempts) return null;
  const wait = webhookBackoffSeconds[Math.min(attempts, webhookBackoffSeconds.length) - 1] ?? webhookBackoffSeconds[0];
  return new Date(now.getTime() + wait * 1000);
}

/**
 * Sends queued deliveries from the API process. Every round claims due deliveries in the
 * database (several API processes share the queue; FOR UPDATE SKIP LOCKED keeps each
 * attempt to one of them), sends them (an endpoint's deliveries in the order their events
 * happened, endpoints side by side, so a slow or failing endpoint holds up no other), and
 * records each outcome: 2xx delivered, anything else retried after 1 min, 5 min, 30 min,
 * 2 h, 6 h and 24 h, then failed. server.ts starts it; tests drive `runOnce`.
 */
export function createWebhookDispatcher(options: DispatcherOptions) {
  const { db, logger, secrets } = options;
  const timeoutMs = options.timeoutMs ?? webhookLimits.timeoutSeconds * 1000;
  const pollMs = options.pollMs ?? 5000;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;
  const concurrency = options.concurrency ?? 4;
  const clock = options.clock ?? (() => new Date());
  const stopSignal = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<number> | undefined;
  let started = false;
  let wakeAgain = false;

  async function attempt(claim: ClaimedDelivery): Promise<void> {
    const secret = secrets.open(claim.secret, claim.endpointId);
    const p = claim.payload;
    // The body in the documented key order (jsonb keeps its own order).
    const body = JSON.stringify({ id: p.id, type: p.type, created_at: p.created_at, data: p.data });
    const result = secret
      ? await postDelivery(
          claim.url,
          deliveryHeaders({ secret, body, unixSeconds: Math.floor(clock().getTime() / 1000), eventType: claim.eventType, deliveryId: claim.id, eventId: claim.eventId }),
          body,
          { timeoutMs, allowPrivate: options.allowPrivate, lookup: options.lookup, signal: stopSignal.signal },
        )
      : { ok: false, statusCode: null, error: "The endpoint's signing secret cannot be opened (WEBHOOK_SECRET_KEY or JWT_SECRET changed): rotate the secret" };
    const now = clock();
    if (!result.ok && result.error === 'aborted' && stopSignal.signal.aborted) {
      await releaseClaim(db, claim, now);
      return;
    }
    const next = result.ok ? null : retryAt(claim.attempts, now);
    const recorded = await recordAttempt(db, claim, { ok: result.ok, statusCode: result.statusCode, error: result.error, now, retryAt: next });
    if (!result.ok) {
      logger.info({ delivery: claim.id, endpoint: claim.endpointId, attempt: claim.attempts, status: result.statusCode, error: result.error, recorded, final: !next }, 'webhook delivery attempt failed');
    }
  }

  async function runRound(): Promise<number> {
    const claims = await claimDueDeliveries(db, clock(), batchSize, leaseMs);
    if (!claims.length) return 0;
    const byEndpoint = new Map<string, ClaimedDelivery[]>();
    for (const c of claims) byEndpoint.set(c.endpointId, [...(byEndpoint.get(c.endpointId) ?? []), c]);
    const queues = [...byEndpoint.values()].map((list) => list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)));
    const workers = Array.from({ length: Math.min(concurrency, queues.length) }, async () => {
      for (let queue = queues.shift(); queue; queue = queues.shift()) {
        for (const claim of queue) {
          await attempt(claim).catch((err: unknown) => logger.error({ err, delivery: claim.id }, 'recording a webhook delivery failed'));
        }
      }
    });
    await Promise.all(workers);
    return claims.length;
  }

  /** One round at a time; a round that found a full batch is followed by another at once. */
  function runOnce(): Promise<number> {
    round ??= runRound().finally(() => {
      round = undefined;
    });
    return round;
  }

  function schedule(ms: number): void {
    if (!started || stopSignal.signal.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(() => void loop(), ms);
    timer.unref();
  }

  async function loop(): Promise<void> {
    wakeAgain = false;
    let sent = 0;
    try {
      sent = await runOnce();
    } catch (err) {
      logger.error({ err }, 'webhook dispatcher round failed');
    }
    schedule(sent >= batchSize || wakeAgain ? 0 : pollMs);
  }

  const onQueued = (queuedIn: Database) => {
    if (queuedIn !== db) return;
    if (round) wakeAgain = true;
    else schedule(0);
  };

  return {
    runOnce,
    /** Sends until nothing is due (tests). */
    async drain(maxRounds = 100): Promise<number> {
      let total = 0;
      for (let i = 0; i < maxRounds; i += 1) {
        const n = await runOnce();
        if (!n) break;
        total += n;
      }
      return total;
    },
    start(): void {
      if (started) return;
      started = true;
      queued.on('queued', onQueued);
      schedule(0);
    },
    /** Takes no new deliveries, cuts the attempts in flight (they are due again at once) and waits for the round to end. */
    async stop(): Promise<void> {
      started = false;
      queued.off('queued', onQueued);
      clearTimeout(timer);
      stopSignal.abort();
      await round?.catch(() => undefined);
    },
  };
}
