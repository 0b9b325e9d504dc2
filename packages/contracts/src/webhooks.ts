import { z } from 'zod';

/**
 * Webhooks (issue 17): a user's endpoints get a signed POST when something happens to
 * them. docs/webhooks.md documents the events, headers, signature and retries.
 */

/** The events an endpoint can subscribe to (`ping` is the test event, sent on request only). */
export const webhookEventTypes = ['request.created', 'message.created', 'quote.accepted', 'import.finished', 'analysis.finished'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** Limits (docs/webhooks.md "Limits"). */
export const webhookLimits = {
  endpointsPerUser: 10,
  urlMaxLength: 2048,
  descriptionMaxLength: 200,
  /** Deliveries listed per endpoint (newest first). */
  deliveriesListed: 50,
  /** Attempts before a delivery is failed: the first and one after each backoff step. */
  maxAttempts: 7,
  timeoutSeconds: 10,
} as const;

/** Waits before attempts 2..7 after a failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, 24 h. */
export const webhookBackoffSeconds = [60, 300, 1800, 7200, 21600, 86400] as const;

const urlField = z
  .string({ message: 'Enter the URL of your endpoint' })
  .trim()
  .min(1, { message: 'Enter the URL of your endpoint' })
  .max(webhookLimits.urlMaxLength, { message: `The URL must be at most ${webhookLimits.urlMaxLength} characters` })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { message: 'Enter a full URL starting with https:// (no user name or password in it)' },
  );
const eventsField = z
  .array(z.enum(webhookEventTypes, { message: `Events must be among ${webhookEventTypes.join(', ')}` }), { message: 'Pick the events to send' })
  .min(1, { message: 'Pick at least one event' })
  .max(webhookEventTypes.length)
  .transform((events) => [...new Set(events)]);
const descriptionField = z
  .string()
  .trim()
  .max(webhookLimits.descriptionMaxLength, { message: `The description must be at most ${webhookLimits.descriptionMaxLength} characters` });

/** POST /api/webhooks/endpoints */
export const createWebhookEndpointSchema = z
  .object({ url: urlField, events: eventsField, description: descriptionField.default('') })
  .strict();
export type CreateWebhookEndpoint = z.input<typeof createWebhookEndpointSchema>;

/** PATCH /api/webhooks/endpoints/:id: any of the fields; `enabled: false` pauses deliveries. */
export const updateWebhookEndpointSchema = z
  .object({ url: urlField.optional(), events: eventsField.optional(), description: descriptionField.optional(), enabled: z.boolean().optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one of url, events, description, enabled' });
export type UpdateWebhookEndpoint = z.input<typeof updateWebhookEndpointSchema>;

/** An endpoint as its owner sees it (never the secret: that is its own answer). */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  /** healthy: the last attempt succeeded (or none failed yet); failing: attempts fail since `failing_since`. */
  status: z.enum(['healthy', 'failing', 'disabled']),
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;
export const webhookEndpointAnswerSchema = z.object({ data: webhookEndpointSchema });
export type WebhookEndpointAnswer = z.infer<typeof webhookEndpointAnswerSchema>;

/** The signing secret (`whsec_` and 43 characters): answered at creation, reveal and rotation. */
export const webhookSecretSchema = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;
/** POST /api/webhooks/endpoints answers the endpoint and its secret. */
export const webhookEndpointCreatedSchema = z.object({ data: webhookEndpointSchema, secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

/**
 * The JSON body of every delivery. `data` holds ids and links (absolute URLs of the web
 * app and of the API) the receiver follows with its own credentials, never another
 * user's private data.
 */
export const webhookEventSchema = z.object({
  /** The event id: the same in every delivery and replay of this event. */
  id: z.string(),
  type: z.union([z.enum(webhookEventTypes), z.literal('ping')]),
  created_at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** `data` of each event type (docs/webhooks.md). */
export const webhookEventDataSchemas = {
  'request.created': z.object({ quote_request_id: z.string(), url: z.string() }),
  'message.created': z.object({ thread_id: z.string(), message_kind: z.enum(['message', 'quote']), url: z.string(), api_url: z.string() }),
  'quote.accepted': z.object({ thread_id: z.string(), url: z.string(), api_url: z.string() }),
  'import.finished': z.object({
    role: z.enum(['integrator', 'supplier']),
    inserted: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    skipped: z.number(),
    url: z.string(),
  }),
  'analysis.finished': z.object({ job_id: z.string(), project_id: z.string(), stage: z.enum(['stage1', 'stage2']), url: z.string(), api_url: z.string() }),
  ping: z.object({ endpoint_id: z.string(), message: z.string() }),
} as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_type: z.string(),
  event_id: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  /** When the next attempt is due (pending deliveries only). */
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  payload: webhookEventSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ data: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
export const webhookDeliveryAnswerSchema = z.object({ data: webhookDeliverySchema });
export type WebhookDeliveryAnswer = z.infer<typeof webhookDeliveryAnswerSchema>;
