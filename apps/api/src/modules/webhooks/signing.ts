import { createHmac } from 'node:crypto';

/**
 * The signature of a delivery (docs/webhooks.md "Verifying a delivery"): HMAC-SHA256 with
 * the endpoint's secret over `${timestamp}.${body}`, hex, sent as
 * `CellForge-Signature: t=<unix seconds>,v1=<hex>`. The timestamp inside the signed text
 * lets receivers refuse old deliveries (replays of a captured request).
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const hex = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${hex}`;
}

/** The headers of every delivery. */
export function deliveryHeaders(input: { secret: string; body: string; unixSeconds: number; eventType: string; deliveryId: string; eventId: string }): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'CellForge-Webhooks/1',
    'CellForge-Event': input.eventType,
    'CellForge-Event-Id': input.eventId,
    'CellForge-Delivery': input.deliveryId,
    'CellForge-Signature': signatureHeader(input.secret, input.body, input.unixSeconds),
  };
}
