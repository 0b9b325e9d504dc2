import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { QuoteRequest, QuoteTimeline } from '@cellforge/contracts';
import { leads, quoteRequests, users, type Database } from '@cellforge/db';
import { isUuid } from '../../lib/db-values';

export type QuoteRequestRow = typeof quoteRequests.$inferSelect;

/** Rows of the request's own table with the buyer's name, as sellers see them. */
function selectRequests(db: Database) {
  return db
    .select({
      request: quoteRequests,
      customer: { firstName: users.firstName, lastName: users.lastName, companyName: users.companyName },
      conversations: sql<number>`(select count(*) from ${leads} where ${leads.quoteRequestId} = ${quoteRequests.id})`.mapWith(Number),
    })
    .from(quoteRequests)
    .innerJoin(users, eq(users.id, quoteRequests.customerId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

function toDto(row: Joined): QuoteRequest {
  const r = row.request;
  return {
    id: r.id,
    status: r.status as QuoteRequest['status'],
    robot: { id: r.robotId, manufacturer: r.manufacturer, model: r.model },
    project: r.projectName ? { id: r.projectId, project_name: r.projectName } : null,
    quantity: r.quantity,
    timeline: r.timeline as QuoteTimeline,
    notes: r.notes,
    requirements: (r.requirements) ?? null,
    customer: { name: `${row.customer.firstName} ${row.customer.lastName}`.trim(), company_name: row.customer.companyName },
    conversations: row.conversations,
    created_at: r.createdAt.toISOString(),
  };
}

export async function insertQuoteRequest(db: Database, values: typeof quoteRequests.$inferInsert): Promise<QuoteRequestRow> {
  const [row] = await db.insert(quoteRequests).values(values).returning();
  if (!row) throw new Error('The quote request was not stored');
  return row;
}

export async function findQuoteRequestRow(db: Database, id: string): Promise<QuoteRequestRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, id)).limit(1);
  return row;
}

export async function findQuoteRequestDto(db: Database, id: string): Promise<QuoteRequest | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectRequests(db).where(eq(quoteRequests.id, id)).limit(1);
  return row ? toDto(row) : undefined;
}

/** A customer's requests, newest first. */
export async function listQuoteRequestsOf(db: Database, customerId: string, limit = 200): Promise<QuoteRequest[]> {
  const rows = await selectRequests(db).where(eq(quoteRequests.customerId, customerId)).orderBy(desc(quoteRequests.createdAt)).limit(limit);
  return rows.map(toDto);
}

/** Open requests (nobody lists the model), newest first, leaving out the seller's own. */
export async function listOpenQuoteRequests(db: Database, sellerId: string, limit = 200): Promise<QuoteRequest[]> {
  const rows = await selectRequests(db)
    .where(and(eq(quoteRequests.status, 'open'), ne(quoteRequests.customerId, sellerId)))
    .orderBy(desc(quoteRequests.createdAt))
    .limit(limit);
  return rows.map(toDto);
}

/** The customer's request still waiting for the same model for the same project (or none), if any. */
export async function findPendingRequest(
  db: Database,
  where: { customerId: string; modelKey: string; projectId: string | null },
): Promise<QuoteRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(quoteRequests)
    .where(
      and(
        eq(quoteRequests.customerId, where.customerId),
        eq(quoteRequests.modelKey, where.modelKey),
        where.projectId ? eq(quoteRequests.projectId, where.projectId) : isNull(quoteRequests.projectId),
        inArray(quoteRequests.status, ['open', 'sent']),
      ),
    )
    .limit(1);
  return row;
}

/** A request's new status; closing it keeps the status it ended (closed_from: open | sent, migration 0027). */
export async function setQuoteRequestStatus(db: Database, id: string, status: QuoteRequest['status']): Promise<void> {
  await db
    .update(quoteRequests)
    .set({
      status,
      closedFrom: status === 'closed' ? sql`case when ${quoteRequests.status} = 'closed' then ${quoteRequests.closedFrom} else ${quoteRequests.status} end` : null,
      updatedAt: new Date(),
    })
    .where(eq(quoteRequests.id, id));
}

/**
 * Whether a seller (supplier or integrator) may know a request exists, the module's one rule:
 * an open request is every seller's (on their open list); a request that was open when it was
 * closed stays known to them (they may have it on screen); a request sent to the suppliers of
 * a model is known to those it reached, as is any request to whoever answered it (each has a
 * conversation on it). Never the customer's own (they are the buyer, not a seller).
 */
export async function requestKnownToSeller(db: Database, request: QuoteRequestRow, sellerId: string): Promise<boolean> {
  if (request.customerId === sellerId) return false;
  if (request.status === 'open' || (request.status === 'closed' && request.closedFrom === 'open')) return true;
  const [thread] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.quoteRequestId, request.id), eq(leads.toUserId, sellerId)))
    .limit(1);
  return thread !== undefined;
}

/**
 * Stores a request and one conversation per seller who lists the model, in one
 * transaction (a request is never half sent). No sellers: the request is open.
 */
export async function insertRequestWithThreads(
  db: Database,
  request: typeof quoteRequests.$inferInsert,
  sellers: Array<{ sellerId: string; robotId: string }>,
): Promise<QuoteRequestRow> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const row = await insertQuoteRequest(tx, { ...request, status: sellers.length ? 'sent' : 'open' });
    if (sellers.length) {
      const now = new Date();
      await tx.insert(leads).values(
        sellers.map((s) => ({
          kind: 'quote_request',
          quoteRequestId: row.id,
          robotId: s.robotId,
          projectId: request.projectId ?? null,
          fromUserId: request.customerId,
          toUserId: s.sellerId,
          message: request.notes ?? '',
          lastMessageAt: now,
          lastMessageBy: request.customerId,
          fromReadAt: now,
        })),
      );
    }
    return row;
  });
}
