import { z } from 'zod';
import { leadKinds, leadStatuses } from './leads';

/**
 * Requests for quote and conversations (docs/product.md §7.8). A customer asks for a
 * price on any catalog model; the request reaches every supplier listing that model, or
 * stays open for every supplier and integrator when nobody does. Each seller's answer is
 * a conversation (a lead) with messages and quotes.
 */

export const quoteTimelines = ['asap', '1_3_months', '3_6_months', '6_12_months', 'exploring'] as const;
export type QuoteTimeline = (typeof quoteTimelines)[number];
export const quoteTimelineLabels: Record<QuoteTimeline, string> = {
  asap: 'As soon as possible',
  '1_3_months': 'Within 1–3 months',
  '3_6_months': 'Within 3–6 months',
  '6_12_months': 'Within 6–12 months',
  exploring: 'Just exploring',
};

export const quoteRequestStatuses = ['open', 'sent', 'closed'] as const;
export const MAX_QUOTE_QUANTITY = 10_000;
export const MAX_MESSAGE_LENGTH = 5000;
/** Largest quoted price: PostgreSQL integer. */
export const MAX_QUOTE_PRICE = 2_147_483_647;
export const quoteCurrencies = ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'CAD', 'AUD', 'CHF', 'SEK', 'KRW', 'INR'] as const;

export const createQuoteRequestSchema = z.object({
  robot_id: z.uuid({ message: 'Choose a robot' }),
  /** One supplier's offer on the model (the robot page's offers table): the request goes to that supplier only. */
  offer_id: z.uuid({ message: 'Choose an offer' }).optional(),
  project_id: z.uuid({ message: 'Choose one of your projects' }).nullable().optional(),
  quantity: z
    .number({ message: 'Enter how many robots you need' })
    .int({ message: 'Enter a whole number of robots' })
    .min(1, { message: 'At least 1 robot' })
    .max(MAX_QUOTE_QUANTITY, { message: `At most ${MAX_QUOTE_QUANTITY.toLocaleString('en-US')} robots per request` }),
  timeline: z.enum(quoteTimelines, { message: 'Choose when you need the robots' }),
  notes: z.string().trim().max(MAX_MESSAGE_LENGTH, { message: `Notes must be at most ${MAX_MESSAGE_LENGTH} characters` }).default(''),
});
export type CreateQuoteRequest = z.output<typeof createQuoteRequestSchema>;
export type CreateQuoteRequestInput = z.input<typeof createQuoteRequestSchema>;

/** The project requirements that travel with a request (a copy made when it was sent). */
export const sharedRequirementsSchema = z.object({
  application: z.string().nullable().optional(),
  payload_kg: z.number().nullable().optional(),
  reach_mm: z.number().nullable().optional(),
  cycle_time_s: z.number().nullable().optional(),
  budget_usd: z.number().nullable().optional(),
  industry: z.string().nullable().optional(),
  /** Environment and mounting, as the project's matches applied them (issue 12). */
  ip_rating_min: z.number().nullable().optional(),
  cleanroom_iso_class: z.number().nullable().optional(),
  food_grade: z.boolean().nullable().optional(),
  mounting: z.string().nullable().optional(),
  /** "washdown line": not a catalog value, but the seller quoting must know it. */
  washdown: z.boolean().optional(),
  /** Makers the buyer asked for, and makers ruled out ("no FANUC"), as the catalog spells them. */
  makers: z.array(z.string()).optional(),
  excluded_makers: z.array(z.string()).optional(),
});
export type SharedRequirements = z.infer<typeof sharedRequirementsSchema>;

export const quoteRequestSchema = z.object({
  id: z.string(),
  status: z.enum(quoteRequestStatuses),
  robot: z.object({ id: z.string().nullable(), manufacturer: z.string(), model: z.string() }),
  project: z.object({ id: z.string().nullable(), project_name: z.string() }).nullable(),
  quantity: z.number().int(),
  timeline: z.enum(quoteTimelines),
  notes: z.string(),
  requirements: sharedRequirementsSchema.nullable(),
  /** The buyer's company (or name) as sellers see an open request; contact details come with a conversation. */
  customer: z.object({ name: z.string(), company_name: z.string().nullable() }),
  /** Conversations this request started (one per seller who has it or answered it). */
  conversations: z.number().int(),
  created_at: z.string(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const quoteRequestCreatedSchema = z.object({
  data: quoteRequestSchema,
  /** Sellers the request was sent to (0: it is open to every supplier and integrator). */
  sent_to: z.number().int(),
  message: z.string(),
});
export type QuoteRequestCreated = z.infer<typeof quoteRequestCreatedSchema>;
export const quoteRequestListSchema = z.object({ data: z.array(quoteRequestSchema) });
export type QuoteRequestList = z.infer<typeof quoteRequestListSchema>;

export const sendMessageSchema = z.object({
  body: z
    .string({ message: 'Write a message' })
    .trim()
    .min(1, { message: 'Write a message' })
    .max(MAX_MESSAGE_LENGTH, { message: `Messages must be at most ${MAX_MESSAGE_LENGTH} characters` }),
});
export type SendMessageRequest = z.output<typeof sendMessageSchema>;

const isoDate = z.iso.date({ message: 'Enter a date (YYYY-MM-DD)' });
export const sendQuoteSchema = z.object({
  price: z
    .number({ message: 'Enter a price' })
    .int({ message: 'Enter the price in whole units' })
    .min(1, { message: 'Enter a price' })
    .max(MAX_QUOTE_PRICE, { message: 'Enter a smaller price' }),
  currency: z.enum(quoteCurrencies, { message: 'Choose a currency' }).default('USD'),
  valid_until: isoDate,
  notes: z.string().trim().max(MAX_MESSAGE_LENGTH, { message: `Notes must be at most ${MAX_MESSAGE_LENGTH} characters` }).default(''),
});
export type SendQuoteRequest = z.output<typeof sendQuoteSchema>;
export type SendQuoteInput = z.input<typeof sendQuoteSchema>;

/** A seller answering an open request: a first message, and a quote if they have one. */
export const answerQuoteRequestSchema = z.object({
  message: sendMessageSchema.shape.body,
  quote: sendQuoteSchema.optional(),
});
export type AnswerQuoteRequest = z.output<typeof answerQuoteRequestSchema>;

export const threadQuoteSchema = z.object({
  price: z.number().int(),
  currency: z.string(),
  valid_until: z.string(),
  notes: z.string(),
  created_at: z.string(),
  /** valid_until is before today. */
  expired: z.boolean(),
});
export type ThreadQuote = z.infer<typeof threadQuoteSchema>;

export const threadSchema = z.object({
  id: z.string(),
  kind: z.enum(leadKinds),
  status: z.enum(leadStatuses),
  /** The caller's side of the conversation. */
  role: z.enum(['buyer', 'seller']),
  robot: z.object({ id: z.string(), manufacturer: z.string(), model: z.string() }).nullable(),
  project: z.object({ id: z.string(), project_name: z.string() }).nullable(),
  quote_request: z
    .object({
      id: z.string(),
      quantity: z.number().int(),
      timeline: z.enum(quoteTimelines),
      requirements: sharedRequirementsSchema.nullable(),
    })
    .nullable(),
  counterpart: z.object({
    id: z.string(),
    name: z.string(),
    company_name: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  last_message: z.object({ kind: z.enum(['message', 'quote', 'status']), body: z.string(), mine: z.boolean() }),
  last_message_at: z.string(),
  unread: z.boolean(),
  latest_quote: threadQuoteSchema.nullable(),
  created_at: z.string(),
});
export type Thread = z.infer<typeof threadSchema>;

export const threadMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(['message', 'quote', 'status']),
  body: z.string(),
  author: z.object({ id: z.string(), name: z.string() }),
  mine: z.boolean(),
  quote: threadQuoteSchema.omit({ created_at: true }).nullable(),
  created_at: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const threadDetailSchema = threadSchema.extend({
  messages: z.array(threadMessageSchema),
  /** What the caller may do now. */
  can: z.object({ reply: z.boolean(), quote: z.boolean(), accept: z.boolean(), decline: z.boolean(), close: z.boolean() }),
});
export type ThreadDetail = z.infer<typeof threadDetailSchema>;

/**
 * Where the next page of the inbox starts: the last conversation's activity time (to the
 * millisecond) and id, as `<ISO time>_<id>`, taken from `next_cursor`.
 */
export const threadCursorSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Use the next_cursor of the previous page.')
  .refine((cursor) => !Number.isNaN(Date.parse(cursor.slice(0, 24))), 'Use the next_cursor of the previous page.');
export const threadListQuerySchema = z.object({ before: threadCursorSchema.optional() });
export type ThreadListQuery = z.output<typeof threadListQuerySchema>;

/** One page of the inbox (newest activity first), the unread count over all of it, and where the next page starts. */
export const threadListSchema = z.object({ data: z.array(threadSchema), unread: z.number().int(), next_cursor: z.string().nullable() });
export type ThreadList = z.infer<typeof threadListSchema>;
export const threadDetailResponseSchema = z.object({ data: threadDetailSchema });
export type ThreadDetailResponse = z.infer<typeof threadDetailResponseSchema>;
export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
