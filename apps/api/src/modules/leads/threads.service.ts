import type {
  SendQuoteRequest,
  Thread,
  ThreadDetail,
  ThreadList,
  ThreadListQuery,
  ThreadMessage,
  ThreadQuote,
  QuoteTimeline,
} from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError, notFound } from '../../lib/errors';
import { findRobotSummaries, type RobotSummary } from '../catalog';
import { QUOTE_ACCEPTED_TEXT, type LeadRow } from './leads.repository';
import { setQuoteRequestStatus } from './quote-requests.repository';
import {
  addMessage,
  countUnread,
  findParties,
  findThread,
  latestMessages,
  listMessages,
  listThreadsOf,
  markThreadRead,
  type LeadMessageRow,
  type PartyRecord,
  type ThreadRecord,
} from './threads.repository';

export type ThreadsService = ReturnType<typeof createThreadsService>;

/** Something a party of a conversation should hear about (the notification path sends it on). */
export interface ThreadEvent {
  threadId: string;
  recipientId: string;
  authorName: string;
  robot: string | null;
  kind: 'message' | 'quote' | 'accepted' | 'declined' | 'closed' | 'request';
  text: string;
}

/** Conversations per inbox page (docs/limits.md). */
const INBOX_PAGE = 50;

/** A customer writes inquiries and requests for quote; an integrator writes interest in a project. */
export function sellerOf(lead: Pick<LeadRow, 'kind' | 'fromUserId' | 'toUserId'>): string {
  return lead.kind === 'integrator_interest' ? lead.fromUserId : lead.toUserId;
}
const buyerOf = (lead: LeadRow) => (sellerOf(lead) === lead.fromUserId ? lead.toUserId : lead.fromUserId);

const today = () => new Date().toISOString().slice(0, 10);

function toQuote(row: LeadMessageRow): ThreadQuote {
  const validUntil = String(row.validUntil);
  return {
    price: row.priceUsd ?? 0,
    currency: row.currency ?? 'USD',
    valid_until: validUntil,
    notes: row.body,
    created_at: row.createdAt.toISOString(),
    expired: validUntil < today(),
  };
}

/** A quote is valid until today at least (dates are calendar days, UTC). */
export function assertQuoteDate(validUntil: string): void {
  if (validUntil < today()) {
    throw new AppError('VALIDATION_FAILED', 'The quote must be valid until today or later', { valid_until: ['The quote must be valid until today or later'] });
  }
}

const STATUS_TEXT = { accepted: QUOTE_ACCEPTED_TEXT, declined: 'Quote declined', closed: 'Conversation closed' } as const;

/**
 * Conversations: every lead (a customer's inquiry or request for quote to a seller, an
 * integrator's interest in a project) with its messages and quotes. Only the two parties
 * read or write one; to anyone else it does not exist (404, like an unknown id).
 */
export function createThreadsService(deps: { db: Database; notify?: (event: ThreadEvent) => void }) {
  const { db } = deps;
  const notify = deps.notify ?? (() => {});

  async function partyThread(userId: string, id: string): Promise<ThreadRecord> {
    const thread = await findThread(db, id);
    if (!thread || (thread.lead.fromUserId !== userId && thread.lead.toUserId !== userId)) throw notFound('Conversation');
    return thread;
  }

  function toThread(
    record: ThreadRecord,
    userId: string,
    context: { parties: Map<string, PartyRecord>; robots: Map<string, RobotSummary>; last?: LeadMessageRow; quote?: LeadMessageRow },
  ): Thread {
    const { lead } = record;
    const role = sellerOf(lead) === userId ? 'seller' : 'buyer';
    const otherId = lead.fromUserId === userId ? lead.toUserId : lead.fromUserId;
    const other = context.parties.get(otherId);
    const robot = lead.robotId ? context.robots.get(lead.robotId) : undefined;
    const readAt = lead.fromUserId === userId ? lead.fromReadAt : lead.toReadAt;
    const last = context.last;
    return {
      id: lead.id,
      kind: lead.kind as Thread['kind'],
      status: lead.status as Thread['status'],
      role,
      robot: robot ? { id: robot.id, manufacturer: robot.manufacturer, model: robot.model } : null,
      project: lead.projectId && record.projectName ? { id: lead.projectId, project_name: record.projectName } : null,
      quote_request: record.request
        ? {
            id: record.request.id,
            quantity: record.request.quantity,
            timeline: record.request.timeline as QuoteTimeline,
            requirements: (record.request.requirements) ?? null,
          }
        : null,
      counterpart: {
        id: otherId,
        name: other?.name ?? 'Former user',
        company_name: other?.companyName ?? null,
        email: other?.email ?? '',
        phone: other?.phone ?? null,
      },
      last_message: last
        ? { kind: last.kind as ThreadMessage['kind'], body: last.body.slice(0, 200), mine: last.authorId === userId }
        : { kind: 'message', body: lead.message.slice(0, 200), mine: lead.fromUserId === userId },
      last_message_at: lead.lastMessageAt.toISOString(),
      unread: lead.lastMessageBy !== userId && (!readAt || readAt < lead.lastMessageAt),
      latest_quote: context.quote ? toQuote(context.quote) : null,
      created_at: lead.createdAt.toISOString(),
    };
  }

  async function contextFor(records: ThreadRecord[]) {
    const ids = records.map((r) => r.lead.id);
    const [parties, robots, latest] = await Promise.all([
      findParties(db, records.flatMap((r) => [r.lead.fromUserId, r.lead.toUserId])),
      findRobotSummaries(db, records.flatMap((r) => (r.lead.robotId ? [r.lead.robotId] : []))),
      latestMessages(db, ids),
    ]);
    return { parties, robots, latest };
  }

  /** What one conversation's page reads: its parties, robot, latest quote and messages. */
  async function detailContext(record: ThreadRecord) {
    const [context, messages] = await Promise.all([contextFor([record]), listMessages(db, record.lead.id)]);
    return { ...context, messages };
  }

  async function detail(userId: string, record: ThreadRecord, read?: Awaited<ReturnType<typeof detailContext>>): Promise<ThreadDetail> {
    const { parties, robots, latest, messages } = read ?? (await detailContext(record));
    const { lead } = record;
    const thread = toThread(record, userId, { parties, robots, last: latest.last.get(lead.id), quote: latest.quote.get(lead.id) });
    const nameOf = (id: string) => parties.get(id)?.name ?? 'Former user';
    const first: ThreadMessage[] = lead.message
      ? [
          {
            id: `${lead.id}-first`,
            kind: 'message',
            body: lead.message,
            author: { id: lead.fromUserId, name: nameOf(lead.fromUserId) },
            mine: lead.fromUserId === userId,
            quote: null,
            created_at: lead.createdAt.toISOString(),
          },
        ]
      : [];
    const rest = messages.map((m): ThreadMessage => {
      const quote = m.kind === 'quote' ? toQuote(m) : null;
      return {
        id: m.id,
        kind: m.kind as ThreadMessage['kind'],
        body: m.body,
        author: { id: m.authorId, name: nameOf(m.authorId) },
        mine: m.authorId === userId,
        quote: quote ? { price: quote.price, currency: quote.currency, valid_until: quote.valid_until, notes: quote.notes, expired: quote.expired } : null,
        created_at: m.createdAt.toISOString(),
      };
    });
    const open = lead.status !== 'closed';
    const seller = thread.role === 'seller';
    const answerable = thread.status === 'quoted' && thread.latest_quote !== null && !thread.latest_quote.expired;
    return {
      ...thread,
      unread: false,
      messages: [...first, ...rest],
      can: {
        reply: open,
        quote: open && seller && lead.status !== 'accepted',
        accept: open && !seller && answerable,
        decline: open && !seller && answerable,
        close: open,
      },
    };
  }

  async function post(
    userId: string,
    record: ThreadRecord,
    message: { kind: 'message' | 'quote' | 'status'; body: string; priceUsd?: number; currency?: string; validUntil?: string },
    status: string | undefined,
    event: ThreadEvent['kind'],
  ): Promise<ThreadDetail> {
    const { lead } = record;
    await addMessage(db, lead, { authorId: userId, ...message }, status);
    const fresh = await findThread(db, lead.id);
    if (!fresh) throw notFound('Conversation');
    // One read of the parties and robot serves both the notification and the answer.
    const read = await detailContext(fresh);
    const author = read.parties.get(userId);
    const robot = lead.robotId ? read.robots.get(lead.robotId) : undefined;
    notify({
      threadId: lead.id,
      recipientId: lead.fromUserId === userId ? lead.toUserId : lead.fromUserId,
      authorName: author?.companyName || author?.name || 'Someone',
      robot: robot ? `${robot.manufacturer} ${robot.model}` : null,
      kind: event,
      text: message.body,
    });
    return detail(userId, fresh, read);
  }

  return {
    /** The user's conversations, most recent activity first, and how many are unread. */
    async list(userId: string, query: ThreadListQuery = {}): Promise<ThreadList> {
      const before = query.before ? { at: new Date(query.before.slice(0, 24)), id: query.before.slice(25) } : undefined;
      // One more than a page tells whether another page follows.
      const found = await listThreadsOf(db, userId, INBOX_PAGE + 1, before);
      const records = found.slice(0, INBOX_PAGE);
      const [{ parties, robots, latest }, unread] = await Promise.all([contextFor(records), countUnread(db, userId)]);
      const last = records.at(-1);
      return {
        data: records.map((r) => toThread(r, userId, { parties, robots, last: latest.last.get(r.lead.id), quote: latest.quote.get(r.lead.id) })),
        unread,
        next_cursor: found.length > INBOX_PAGE && last ? `${last.lead.lastMessageAt.toISOString()}_${last.lead.id}` : null,
      };
    },

    unreadCount(userId: string): Promise<number> {
      return countUnread(db, userId);
    },

    /** One conversation with its messages; reading it marks it read for the user. */
    async get(userId: string, id: string): Promise<ThreadDetail> {
      const record = await partyThread(userId, id);
      await markThreadRead(db, record.lead, userId);
      return detail(userId, record);
    },

    async reply(userId: string, id: string, body: string): Promise<ThreadDetail> {
      const record = await partyThread(userId, id);
      if (record.lead.status === 'closed') throw new AppError('CONFLICT', 'This conversation is closed.');
      // A seller's first answer marks a new lead as answered.
      const status = record.lead.status === 'new' && sellerOf(record.lead) === userId ? 'contacted' : undefined;
      return post(userId, record, { kind: 'message', body }, status, 'message');
    },

    async quote(userId: string, id: string, input: SendQuoteRequest): Promise<ThreadDetail> {
      const record = await partyThread(userId, id);
      if (sellerOf(record.lead) !== userId) throw new AppError('FORBIDDEN', 'Only the seller in this conversation sends quotes.');
      if (record.lead.status === 'closed' || record.lead.status === 'accepted') {
        throw new AppError('CONFLICT', record.lead.status === 'closed' ? 'This conversation is closed.' : 'The buyer has already accepted a quote here.');
      }
      assertQuoteDate(input.valid_until);
      return post(
        userId,
        record,
        { kind: 'quote', body: input.notes, priceUsd: input.price, currency: input.currency, validUntil: input.valid_until },
        'quoted',
        'quote',
      );
    },

    /** The buyer accepts or declines the latest quote (while it is valid). */
    async answerQuote(userId: string, id: string, answer: 'accepted' | 'declined'): Promise<ThreadDetail> {
      const record = await partyThread(userId, id);
      if (buyerOf(record.lead) !== userId) throw new AppError('FORBIDDEN', 'Only the buyer in this conversation answers a quote.');
      const { quote } = await latestMessages(db, [record.lead.id]);
      const latest = quote.get(record.lead.id);
      if (record.lead.status !== 'quoted' || !latest) throw new AppError('CONFLICT', 'There is no quote waiting for an answer here.');
      if (toQuote(latest).expired) throw new AppError('CONFLICT', 'This quote has expired: ask the seller for a new one.');
      const detailAfter = await post(userId, record, { kind: 'status', body: STATUS_TEXT[answer] }, answer, answer);
      if (answer === 'accepted' && record.lead.quoteRequestId) await setQuoteRequestStatus(db, record.lead.quoteRequestId, 'closed');
      return detailAfter;
    },

    async close(userId: string, id: string): Promise<ThreadDetail> {
      const record = await partyThread(userId, id);
      if (record.lead.status === 'closed') return detail(userId, record);
      return post(userId, record, { kind: 'status', body: STATUS_TEXT.closed }, 'closed', 'closed');
    },
  };
}
