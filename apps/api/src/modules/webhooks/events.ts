import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { WebhookEvent, WebhookEventType } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { Logger } from '../../lib/logger';
import { findSubscribedEndpoints, insertDeliveries } from './webhooks.repository';

/** What the module that saw the event passes: ids only; the links are added here. */
export interface WebhookEventInput {
  'request.created': { quote_request_id: string };
  'message.created': { thread_id: string; message_kind: 'message' | 'quote' };
  'quote.accepted': { thread_id: string };
  'import.finished': { role: 'integrator' | 'supplier'; inserted: number; updated: number; unchanged: number; skipped: number };
  'analysis.finished': { job_id: string; project_id: string; stage: 'stage1' | 'stage2' };
}

const enc = encodeURIComponent;

/** `data` of an event: its ids and the links a receiver follows (the web page, the API resource). */
function withLinks<T extends WebhookEventType>(type: T, input: WebhookEventInput[T], base: string): Record<string, unknown> {
  const i = input as Record<string, unknown>;
  switch (type) {
    case 'request.created':
      return { ...i, url: `${base}/messages` };
    case 'message.created':
    case 'quote.accepted':
      return { ...i, url: `${base}/messages/${enc(String(i.thread_id))}`, api_url: `${base}/api/threads/${enc(String(i.thread_id))}` };
    case 'import.finished':
      return { ...i, url: `${base}/dashboard` };
    case 'analysis.finished':
      return { ...i, url: `${base}/integrator/dashboard`, api_url: `${base}/api/integrator/analysis/${enc(String(i.job_id))}` };
    default:
      return i;
  }
}

interface PublishContext {
  logger: Logger;
  publicUrl: string;
}

const contexts = new WeakMap<Database, PublishContext>();
/** Emits the database a delivery was queued in: the dispatcher on it wakes up at once. */
export const queued = new EventEmitter();
queued.setMaxListeners(0);

async function queue<T extends WebhookEventType>(
  target: Database,
  context: PublishContext,
  userIds: ReadonlyArray<string | null | undefined>,
  type: T,
  input: WebhookEventInput[T],
): Promise<number> {
  const users = [...new Set(userIds.filter((id): id is string => typeof id === 'string' && id.length > 0))];
  const endpoints = await findSubscribedEndpoints(target, users, type);
  if (!endpoints.length) return 0;
  const body = eventBody(type, withLinks(type, input, context.publicUrl));
  await insertDeliveries(
    target,
    endpoints.map((e) => ({ endpointId: e.id, eventType: type, eventId: body.id, payload: body })),
  );
  return endpoints.length;
}

/** The event body every delivery of it carries (docs/webhooks.md). */
export function eventBody(type: WebhookEvent['type'], data: Record<string, unknown>, now = new Date()): WebhookEvent {
  return { id: randomUUID(), type, created_at: now.toISOString(), data };
}

/**
 * The one call modules make when something a user may want to hear about happened:
 * `await webhookEvents.publish(db, [userId], 'import.finished', { ... })`. It queues a
 * delivery for each enabled endpoint of those users subscribed to the event (one cheap
 * query when they have none) and never throws: a failure is logged, the user's action
 * goes on. createApp configures it for its database (logger, public URL).
 */
export const webhookEvents = {
  configure(db: Database, context: PublishContext): void {
    contexts.set(db, context);
  },

  /**
   * `options.via`: a transaction of `db` to queue the deliveries in (an outbox: they exist
   * only if what they announce commits), in a savepoint so a failure here rolls back only
   * itself and the caller's transaction goes on.
   */
  async publish<T extends WebhookEventType>(
    db: Database,
    userIds: ReadonlyArray<string | null | undefined>,
    type: T,
    input: WebhookEventInput[T],
    options: { via?: Database } = {},
  ): Promise<number> {
    const context = contexts.get(db);
    if (!context) return 0;
    try {
      const count = options.via
        ? await options.via.transaction((savepoint) => queue(savepoint as unknown as Database, context, userIds, type, input))
        : await queue(db, context, userIds, type, input);
      if (count) queued.emit('queued', db);
      return count;
    } catch (err) {
      context.logger.error({ err, event: type }, 'queueing a webhook event failed');
      return 0;
    }
  },
};
