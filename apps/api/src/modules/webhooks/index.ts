/**
 * Webhooks (issue 17): users' endpoints and the durable queue of signed deliveries to
 * them. Owns webhook_endpoints and webhook_deliveries. Other modules publish events with
 * `webhookEvents.publish(db, userIds, type, data)`; docs/webhooks.md documents the rest.
 */
export { webhookEvents, type WebhookEventInput } from './events';
export { publishThreadEvent } from './thread-events';
export { createWebhookDispatcher, retryAt, type WebhookDispatcher } from './dispatcher';
export { createSecretBox, secretBoxKey, type SecretBox } from './secret-box';
export { createWebhookService, type WebhookService } from './webhooks.service';
export { createWebhooksRouter } from './webhooks.router';
