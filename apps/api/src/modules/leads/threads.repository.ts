import { and, asc, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { integratorProfiles, leadMessages, leads, projects, quoteRequests, users, type Database } from '@cellforge/db';
import { anyUuid, isUuid } from '../../lib/db-values';
import { defined } from '../../lib/invariants';
import type { LeadRow } from './leads.repository';

export type LeadMessageRow = typeof leadMessages.$inferSelect;

/** A conversation as stored, with what the thread view needs beside it. */
export interface ThreadRecord {
  lead: LeadRow;
  projectName: string | null;
  request: { id: string; quantity: number; timeline: string; requirements: Record<string, unknown> | null } | null;
}

export interface PartyRecord {
  id: string;
  name: string;
  companyName: string | null;
  email: string;
  phone: string | null;
}

const involving = (userId: string): SQL => defined(or(eq(leads.fromUserId, userId), eq(leads.toUserId, userId)), 'the parties condition');

function selectThreads(db: Database) {
  return db
    .select({
      lead: leads,
      projectName: projects.projectName,
      request: { id: quoteRequests.id, quantity: quoteRequests.quantity, timeline: quoteRequests.timeline, requirements: quoteRequests.requirements },
    })
    .from(leads)
    .leftJoin(projects, eq(projects.id, leads.projectId))
    .leftJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectThreads>['execute']>>[number];
const toRecord = (row: Joined): ThreadRecord => ({
  lead: row.lead,
  projectName: row.projectName,
  request: row.request?.id ? { ...row.request, requirements: row.request.requirements ?? null } : null,
});

/** The conversations a user is a party of, most recent activity first. */
/**
 * The activity time the inbox is ordered and paged by, to the millisecond: what a page's
 * cursor can carry (a JavaScript date), so no conversation falls between two pages.
 */
const activity = sql`date_trunc('milliseconds', ${leads.lastMessageAt})`;

/**
 * The inbox page's statement, built once per database and shape (first page, or after a
 * cursor) and run as a named prepared statement: building this select (20 columns, two
 * joins) on every page was a sixth of the API's CPU per inbox page (docs/benchmarks.md).
 */
function inboxPageStatements(db: Database) {
  const user = sql.placeholder('user');
  const involvingUser = defined(or(eq(leads.fromUserId, user), eq(leads.toUserId, user)), 'the parties condition');
  const after = sql`(${activity}, ${leads.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`;
  const page = (where: SQL) => selectThreads(db).where(where).orderBy(desc(activity), desc(leads.id)).limit(sql.placeholder('limit'));
  return {
    first: page(involvingUser).prepare('threads_inbox_first_page'),
    after: page(defined(and(involvingUser, after), 'the cursor condition')).prepare('threads_inbox_next_page'),
  };
}
const inboxPages = new WeakMap<Database, ReturnType<typeof inboxPageStatements>>();

/** One page of a user's conversations, newest activity first, starting after `before` when given. */
export async function listThreadsOf(db: Database, userId: string, limit: number, before?: { at: Date; id: string }): Promise<ThreadRecord[]> {
  let statements = inboxPages.get(db);
  if (!statements) {
    statements = inboxPageStatements(db);
    inboxPages.set(db, statements);
  }
  const rows = before
    ? await statements.after.execute({ user: userId, limit, at: before.at.toISOString(), id: before.id })
    : await statements.first.execute({ user: userId, limit });
  return rows.map(toRecord);
}

export async function findThread(db: Database, id: string): Promise<ThreadRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectThreads(db).where(eq(leads.id, id)).limit(1);
  return row ? toRecord(row) : undefined;
}

/** The people of the conversations (names, company, contact), an integrator's profile first. */
export async function findParties(db: Database, ids: string[]): Promise<Map<string, PartyRecord>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      profileCompany: integratorProfiles.companyName,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .leftJoin(integratorProfiles, eq(integratorProfiles.userId, users.id))
    .where(anyUuid(users.id, unique));
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), companyName: r.profileCompany ?? r.companyName, email: r.email, phone: r.phone },
    ]),
  );
}

/** Every message of one conversation, oldest first. */
export async function listMessages(db: Database, leadId: string): Promise<LeadMessageRow[]> {
  return db.select().from(leadMessages).where(eq(leadMessages.leadId, leadId)).orderBy(asc(leadMessages.createdAt), asc(leadMessages.id));
}

/** The newest message, and the newest quote, of each conversation given. */
export async function latestMessages(db: Database, leadIds: string[]): Promise<{ last: Map<string, LeadMessageRow>; quote: Map<string, LeadMessageRow> }> {
  if (!leadIds.length) return { last: new Map(), quote: new Map() };
  // One statement: per conversation its newest quote and its newest other message (read from the
  // (lead_id, created_at) index, not every message of the inbox); the newer of the two is the last.
  const isQuote = sql`(${leadMessages.kind} = 'quote')`;
  const rows = await db
    .selectDistinctOn([leadMessages.leadId, isQuote])
    .from(leadMessages)
    .where(anyUuid(leadMessages.leadId, leadIds))
    .orderBy(asc(leadMessages.leadId), asc(isQuote), desc(leadMessages.createdAt), desc(leadMessages.id));
  const last = new Map<string, LeadMessageRow>();
  const quote = new Map<string, LeadMessageRow>();
  const newer = (a: LeadMessageRow, b: LeadMessageRow) => a.createdAt.getTime() > b.createdAt.getTime() || (a.createdAt.getTime() === b.createdAt.getTime() && a.id > b.id);
  for (const row of rows) {
    if (row.kind === 'quote') quote.set(row.leadId, row);
    const seen = last.get(row.leadId);
    if (!seen || newer(row, seen)) last.set(row.leadId, row);
  }
  return { last, quote };
}

/**
 * Adds a message and moves the conversation on (its newest message, the author's read
 * mark, and a new status if given), in one transaction.
 */
export async function addMessage(
  db: Database,
  lead: Pick<LeadRow, 'id' | 'fromUserId'>,
  message: Omit<typeof leadMessages.$inferInsert, 'leadId'>,
  status?: string,
): Promise<LeadMessageRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leadMessages)
      .values({ ...message, leadId: lead.id })
      .returning();
    if (!row) throw new Error('The message was not stored');
    const authorIsFrom = message.authorId === lead.fromUserId;
    await tx
      .update(leads)
      .set({
        lastMessageAt: row.createdAt,
        lastMessageBy: message.authorId,
        updatedAt: row.createdAt,
        ...(authorIsFrom ? { fromReadAt: row.createdAt } : { toReadAt: row.createdAt }),
        ...(status ? { status } : {}),
      })
      .where(eq(leads.id, lead.id));
    return row;
  });
}

/** The user has read the conversation up to now. */
export async function markThreadRead(db: Database, lead: Pick<LeadRow, 'id' | 'fromUserId'>, userId: string): Promise<void> {
  const now = new Date();
  await db
    .update(leads)
    .set(userId === lead.fromUserId ? { fromReadAt: now } : { toReadAt: now })
    .where(eq(leads.id, lead.id));
}

/** A user's side of a conversation has something they have not read. */
const unreadFor = (userId: string): SQL =>
  defined(and(
    sql`${leads.lastMessageBy} is distinct from ${userId}`,
    or(
      and(eq(leads.fromUserId, userId), sql`coalesce(${leads.fromReadAt}, '-infinity'::timestamptz) < ${leads.lastMessageAt}`),
      and(eq(leads.toUserId, userId), sql`coalesce(${leads.toReadAt}, '-infinity'::timestamptz) < ${leads.lastMessageAt}`),
    ),
  ), 'the unread condition');

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(leads)
    .where(and(involving(userId), unreadFor(userId)));
  return row?.n ?? 0;
}

/** Conversations of one quote request with a seller (to find an existing answer). */
export async function findRequestThread(db: Database, requestId: string, sellerId: string): Promise<LeadRow | undefined> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.quoteRequestId, requestId), eq(leads.toUserId, sellerId), isNotNull(leads.quoteRequestId)))
    .limit(1);
  return row;
}
