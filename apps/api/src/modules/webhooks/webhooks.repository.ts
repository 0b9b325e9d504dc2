import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, webhookDeliveries, webhookEndpoints, type Database } from '@cellforge/db';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function listEndpointsOf(db: Database, userId: string): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function countEndpointsOf(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return row?.n ?? 0;
}

/** The user's endpoint, or undefined (another user's id reads as unknown). */
export async function findOwnEndpoint(db: Database, userId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .limit(1);
  return row;
}

export async function insertEndpoint(db: Database, values: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row;
}

export async function updateEndpoint(
  db: Database,
  id: string,
  values: Partial<Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'enabled' | 'secret' | 'failingSince'>>,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

export async function deleteEndpoint(db: Database, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** The enabled endpoints of these users subscribed to `type`: the ones an event is queued for. */
export async function findSubscribedEndpoints(db: Database, userIds: string[], type: string): Promise<Array<{ id: string }>> {
  if (!userIds.length) return [];
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.userId, userIds), eq(webhookEndpoints.enabled, true), sql`${type} = ANY(${webhookEndpoints.events})`));
}

export async function insertDeliveries(db: Database, rows: Array<typeof webhookDeliveries.$inferInsert>): Promise<WebhookDeliveryRow[]> {
  if (!rows.length) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

export async function listDeliveriesOf(db: Database, endpointId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDeliveryOf(db: Database, endpointId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .limit(1);
  return row;
}

/** Replay: the delivery is pending again, due at `now`, with a fresh series of attempts. */
export async function requeueDelivery(db: Database, id: string, now: Date): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, deliveredAt: null })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row;
}

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  eventType: string;
  eventId: string;
  payload: Record<string, unknown>;
  /** The attempt this claim is (1 for the first). */
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
}

const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/**
 * Claims up to `limit` due deliveries of enabled endpoints for one attempt each: in one
 * statement, the rows are locked (FOR UPDATE SKIP LOCKED: rows another dispatcher holds
 * are skipped, not waited for), their attempt counted and their due time pushed past
 * `leaseMs`, so no other dispatcher takes them while this one sends. A dispatcher that
 * dies mid-send leaves them due again once the lease is over.
 */
export async function claimDueDeliveries(db: Database, now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    UPDATE "webhook_deliveries" AS d
    SET "attempts" = d."attempts" + 1, "last_attempt_at" = ${now.toISOString()}::timestamptz, "next_attempt_at" = ${leaseUntil.toISOString()}::timestamptz
    FROM "webhook_endpoints" AS e
    WHERE e."id" = d."endpoint_id" AND d."id" IN (
      SELECT q."id" FROM "webhook_deliveries" AS q
      JOIN "webhook_endpoints" AS qe ON qe."id" = q."endpoint_id"
      WHERE q."status" = 'pending' AND q."next_attempt_at" <= ${now.toISOString()}::timestamptz AND qe."enabled"
      ORDER BY q."next_attempt_at", q."created_at", q."id"
      LIMIT ${limit}
      FOR UPDATE OF q SKIP LOCKED
    )
    RETURNING d."id", d."endpoint_id", d."event_type", d."event_id", d."payload", d."attempts", d."created_at", e."url", e."secret"`);
  return rows.map((r) => ({
    id: String(r.id),
    endpointId: String(r.endpoint_id),
    eventType: String(r.event_type),
    eventId: String(r.event_id),
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    attempts: Number(r.attempts),
    createdAt: asDate(r.created_at),
    url: String(r.url),
    secret: String(r.secret),
  }));
}

/**
 * Records an attempt's outcome, only if the delivery is still at that attempt (a replay
 * or another dispatcher after an expired lease started a new one: this result is stale).
 * The endpoint is healthy again after a success, failing since its first failure after one.
 */
export async function recordAttempt(
  db: Database,
  claim: Pick<ClaimedDelivery, 'id' | 'endpointId' | 'attempts'>,
  outcome: { ok: boolean; statusCode: number | null; error: string | null; now: Date; retryAt: Date | null },
): Promise<boolean> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const status = outcome.ok ? 'delivered' : outcome.retryAt ? 'pending' : 'failed';
    const updated = await tx
      .update(webhookDeliveries)
      .set({
        status,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        lastAttemptAt: outcome.now,
        ...(outcome.ok ? { deliveredAt: outcome.now } : {}),
        ...(outcome.retryAt ? { nextAttemptAt: outcome.retryAt } : {}),
      })
      .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.attempts, claim.attempts), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id });
    if (!updated.length) return false;
    await tx
      .update(webhookEndpoints)
      .set({ failingSince: outcome.ok ? null : sql`coalesce(${webhookEndpoints.failingSince}, ${outcome.now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, claim.endpointId));
    return true;
  });
}

/** A claim given back untried (the dispatcher stopped mid-send): due now, the attempt not counted. */
export async function releaseClaim(db: Database, claim: Pick<ClaimedDelivery, 'id' | 'attempts'>, now: Date): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ attempts: claim.attempts - 1, nextAttemptAt: now })
    .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.attempts, claim.attempts), eq(webhookDeliveries.status, 'pending')));
}
