import { randomUUID } from 'node:crypto';
import {
  webhookEventTypes,
  webhookLimits,
  type UpdateWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookEventType,
} from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { isUuid } from '../../lib/db-values';
import { AppError, notFound } from '../../lib/errors';
import { defined } from '../../lib/invariants';
import { eventBody, queued } from './events';
import { newSigningSecret, type SecretBox } from './secret-box';
import { refusalOf, type Lookup } from './url-guard';
import {
  countEndpointsOf,
  deleteEndpoint,
  findDeliveryOf,
  findOwnEndpoint,
  insertDeliveries,
  insertEndpoint,
  listDeliveriesOf,
  listEndpointsOf,
  requeueDelivery,
  updateEndpoint,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repository';

export type WebhookService = ReturnType<typeof createWebhookService>;

const known = new Set<string>(webhookEventTypes);

export function toEndpointDto(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((e): e is WebhookEventType => known.has(e)),
    enabled: row.enabled,
    status: !row.enabled ? 'disabled' : row.failingSince ? 'failing' : 'healthy',
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function toDeliveryDto(row: WebhookDeliveryRow): WebhookDelivery {
  const p = row.payload;
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event_type: row.eventType,
    event_id: row.eventId,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    payload: { id: String(p.id), type: p.type as WebhookEvent['type'], created_at: String(p.created_at), data: (p.data ?? {}) as Record<string, unknown> },
  };
}

/**
 * A user's webhook endpoints: any signed-in user keeps their own (another user's id
 * answers 404, like an unknown one). URLs are checked against the SSRF rules here and
 * again at every delivery (url-guard.ts).
 */
export function createWebhookService(deps: { db: Database; secrets: SecretBox; allowPrivate: boolean; lookup?: Lookup; clock?: () => Date }) {
  const { db, secrets } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function own(userId: string, id: string): Promise<WebhookEndpointRow> {
    const row = isUuid(id) ? await findOwnEndpoint(db, userId, id) : undefined;
    if (!row) throw notFound('Webhook endpoint');
    return row;
  }

  async function checkUrl(url: string): Promise<void> {
    const refusal = await refusalOf(url, { allowPrivate: deps.allowPrivate, lookup: deps.lookup });
    if (refusal) throw new AppError('VALIDATION_FAILED', refusal, { url: [refusal] });
  }

  function openSecret(row: WebhookEndpointRow): string {
    const secret = secrets.open(row.secret, row.id);
    if (!secret) throw new AppError('CONFLICT', 'This signing secret can no longer be read (the server key changed): rotate it to get a new one.');
    return secret;
  }

  return {
    async list(userId: string): Promise<WebhookEndpoint[]> {
      return (await listEndpointsOf(db, userId)).map(toEndpointDto);
    },

    async get(userId: string, id: string): Promise<WebhookEndpoint> {
      return toEndpointDto(await own(userId, id));
    },

    async create(userId: string, input: { url: string; events: WebhookEventType[]; description: string }) {
      if ((await countEndpointsOf(db, userId)) >= webhookLimits.endpointsPerUser) {
        throw new AppError('CONFLICT', `You can have at most ${webhookLimits.endpointsPerUser} webhook endpoints. Delete one you no longer use first.`);
      }
      await checkUrl(input.url);
      const id = randomUUID();
      const secret = newSigningSecret();
      const row = defined(
        await insertEndpoint(db, { id, userId, url: input.url, description: input.description, events: input.events, secret: secrets.seal(secret, id) }),
        'the webhook endpoint just written',
      );
      return { data: toEndpointDto(row), secret };
    },

    async update(userId: string, id: string, input: UpdateWebhookEndpoint & { events?: WebhookEventType[] }): Promise<WebhookEndpoint> {
      const row = await own(userId, id);
      if (input.url !== undefined && input.url !== row.url) await checkUrl(input.url);
      const updated = await updateEndpoint(db, row.id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        // A new URL starts healthy: its failures were the old address's.
        ...(input.url !== undefined && input.url !== row.url ? { failingSince: null } : {}),
      });
      if (!updated) throw notFound('Webhook endpoint');
      if (input.enabled) queued.emit('queued', db);
      return toEndpointDto(updated);
    },

    async remove(userId: string, id: string): Promise<void> {
      const row = await own(userId, id);
      await deleteEndpoint(db, row.id);
    },

    async revealSecret(userId: string, id: string): Promise<{ secret: string }> {
      return { secret: openSecret(await own(userId, id)) };
    },

    /** A new secret at once: deliveries from now on are signed with it (the old one stops verifying). */
    async rotateSecret(userId: string, id: string): Promise<{ secret: string }> {
      const row = await own(userId, id);
      const secret = newSigningSecret();
      await updateEndpoint(db, row.id, { secret: secrets.seal(secret, row.id) });
      return { secret };
    },

    async deliveries(userId: string, id: string): Promise<WebhookDelivery[]> {
      const row = await own(userId, id);
      return (await listDeliveriesOf(db, row.id, webhookLimits.deliveriesListed)).map(toDeliveryDto);
    },

    /** Sends the delivery again (same event id and delivery id), with a fresh series of attempts. */
    async replay(userId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const row = await own(userId, id);
      const delivery = isUuid(deliveryId) ? await findDeliveryOf(db, row.id, deliveryId) : undefined;
      if (!delivery) throw notFound('Webhook delivery');
      const requeued = await requeueDelivery(db, delivery.id, clock());
      if (!requeued) throw notFound('Webhook delivery');
      queued.emit('queued', db);
      return toDeliveryDto(requeued);
    },

    /** A `ping` event to this endpoint only, queued like any other. */
    async ping(userId: string, id: string): Promise<WebhookDelivery> {
      const row = await own(userId, id);
      if (!row.enabled) throw new AppError('CONFLICT', 'This endpoint is paused: enable it to send a test event.');
      const body = eventBody('ping', { endpoint_id: row.id, message: 'A test event from CellForge: your endpoint receives webhooks.' }, clock());
      const [delivery] = await insertDeliveries(db, [{ endpointId: row.id, eventType: 'ping', eventId: body.id, payload: body, nextAttemptAt: clock() }]);
      if (!delivery) throw notFound('Webhook endpoint');
      queued.emit('queued', db);
      return toDeliveryDto(delivery);
    },
  };
}
