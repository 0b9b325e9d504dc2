import { z } from 'zod';
import { CHAT_FILTER_VALUE_MAX, MAX_FOLLOW_UPS, MAX_SOURCES, MAX_SUGGESTED_ACTIONS } from './constants/chat';
import { ROBOT_TOOL_MARGIN } from './constants/robots';
import { robotSchema } from './robots';

export * from './constants/chat';

export const chatHistoryEntrySchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(8000),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type ChatHistoryEntry = z.infer<typeof chatHistoryEntrySchema>;

export const chatContextSchema = z
  .object({
    page: z.string().max(40).optional(),
    robotId: z.string().max(100).nullable().optional(),
    filters: z.record(z.string(), z.string().max(CHAT_FILTER_VALUE_MAX)).optional(),
    roiData: z.record(z.string(), z.unknown()).nullable().optional(),
    conversationHistory: z.array(chatHistoryEntrySchema).max(50).optional(),
    userIntent: z.string().max(40).nullable().optional(),
    robotModel: z.string().max(120).nullable().optional(),
    application: z.string().max(120).nullable().optional(),
    user_context: z
      .object({
        authenticated: z.boolean(),
        role: z.string().max(40).nullable().optional(),
        preferences: z.record(z.string(), z.unknown()).optional(),
      })
      .optional(),
    frontend_context: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
export type ChatContext = z.infer<typeof chatContextSchema>;

export const chatRequestSchema = z.object({
  message: z.string().trim().min(1, { message: 'Message is required' }).max(4000),
  context: chatContextSchema.default({}),
  includeRobotData: z.boolean().default(false),
  conversationHistory: z.array(chatHistoryEntrySchema).max(50).default([]),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

export const chatSourceSchema = z.object({
  manufacturer: z.string(),
  title: z.string().optional(),
  url: z.string().optional(),
});
export type ChatSource = z.infer<typeof chatSourceSchema>;

/** A robot an answer names, as written in it, and its page (issue 12: what the assistant names is a link). */
export const chatRobotLinkSchema = z.object({
  text: z.string().min(1),
  name: z.string(),
  href: z.string().regex(/^\/robots\/[\w-]+$/),
});
export type ChatRobotLink = z.infer<typeof chatRobotLinkSchema>;
export const MAX_ROBOT_LINKS = 12;

export const chatMetadataSchema = z.object({
  followUpQuestions: z.array(z.string()).max(MAX_FOLLOW_UPS),
  suggestedActions: z.array(z.string()).max(MAX_SUGGESTED_ACTIONS),
  sources: z.array(chatSourceSchema).max(MAX_SOURCES),
  conversationState: z.string().optional(),
  userIntent: z.string().optional(),
  /** The catalog robots the answer names, each linked to its page. */
  robotLinks: z.array(chatRobotLinkSchema).max(MAX_ROBOT_LINKS).optional(),
  /** The catalog with the task's filters applied ("see more"), for a robot selection. */
  catalogHref: z.string().regex(/^\/catalog(\?.*)?$/).optional(),
  /** The compare page with the robots an answer compares (the web's /compare?ids=a,b). */
  compareHref: z.string().regex(/^\/compare\?ids=[\w-]+(,[\w-]+)+$/).optional(),
});
export type ChatMetadata = z.infer<typeof chatMetadataSchema>;

export const chatResponseSchema = z.object({
  success: z.boolean(),
  response: z.string(),
  error: z.string().nullable().optional(),
  user_authenticated: z.boolean(),
  robot_data_included: z.boolean(),
  timestamp: z.string(),
  metadata: chatMetadataSchema,
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/** docs/product.md §4.2: a message in the chat UI. */
export interface ChatMessage {
  id: string;
  type: 'ai' | 'user';
  content: string;
  timestamp: string;
  followUpQuestions?: string[];
  suggestedActions?: string[];
  sources?: ChatSource[];
  conversationState?: string;
  userIntent?: string;
  robotLinks?: ChatRobotLink[];
  catalogHref?: string;
  compareHref?: string;
}

/**
 * The tool allowance the assistant reports as `criteria.eoat_margin`: the one catalog-wide
 * ROBOT_TOOL_MARGIN (packages/robot-fit applies it), not a value of its own.
 */
export const AI_EOAT_PAYLOAD_MARGIN = ROBOT_TOOL_MARGIN;
export const RECOMMEND_DEFAULT_LIMIT = 5;
export const RECOMMEND_MAX_LIMIT = 10;

const positiveNumber = (max: number) => z.coerce.number({ message: 'Must be a number' }).positive({ message: 'Must be greater than 0' }).max(max);
const optionalWord = (max: number) => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().min(1).max(max).optional());

/** POST /ai/recommend-robots: what the task needs (part payload, reach) and optional preferences. */
export const recommendRobotsRequestSchema = z.object({
  /** Mass of the part to carry, kg (the tool allowance is added by the server). */
  payload_kg: positiveNumber(10_000),
  reach_mm: positiveNumber(20_000),
  application: optionalWord(60),
  industry: optionalWord(60),
  budget_usd: positiveNumber(100_000_000).optional(),
  manufacturer: optionalWord(120),
  category: optionalWord(40),
  /** Mass of the gripper/tool when known, kg; replaces the 20 % allowance. */
  tool_kg: z.coerce.number().min(0).max(5_000).optional(),
  limit: z.coerce.number().int().min(1).max(RECOMMEND_MAX_LIMIT).default(RECOMMEND_DEFAULT_LIMIT),
});
export type RecommendRobotsRequest = z.input<typeof recommendRobotsRequestSchema>;

export const recommendedRobotSchema = z.object({
  rank: z.number().int(),
  robot: robotSchema,
  /** Lower is a better fit (oversizing, price and preference penalties). */
  score: z.number(),
  /** Payload headroom over the required payload, percent. */
  payload_margin_pct: z.number(),
  reach_margin_mm: z.number(),
  application_match: z.boolean().nullable(),
  industry_match: z.boolean().nullable(),
  /** The low end of the indicative price band is within budget_usd; null without a budget or a price. */
  within_budget: z.boolean().nullable(),
  reasons: z.array(z.string()),
});
export type RecommendedRobot = z.infer<typeof recommendedRobotSchema>;

export const recommendRobotsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(recommendedRobotSchema),
  criteria: z.object({
    payload_kg: z.number(),
    tool_kg: z.number().nullable(),
    required_payload_kg: z.number(),
    eoat_margin: z.number(),
    reach_mm: z.number(),
    application: z.string().nullable(),
    industry: z.string().nullable(),
    budget_usd: z.number().nullable(),
    manufacturer: z.string().nullable(),
    category: z.string().nullable(),
  }),
  /** Preferences dropped because no robot met them together with payload and reach. */
  relaxed: z.array(z.enum(['application', 'manufacturer', 'category', 'budget'])),
  total_candidates: z.number().int(),
});
export type RecommendRobotsResponse = z.infer<typeof recommendRobotsResponseSchema>;

/** POST /ai/compare-robots: 2 to 4 robot ids. */
export const compareRobotsRequestSchema = z.object({
  ids: z
    .array(z.uuid({ message: 'Each id must be a robot id' }))
    .min(2, { message: 'Give at least 2 robot ids' })
    .max(4, { message: 'Compare at most 4 robots' })
    .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, { message: 'Robot ids must be different' }),
});
export type CompareRobotsRequest = z.input<typeof compareRobotsRequestSchema>;

export const compareRowSchema = z.object({
  field: z.string(),
  label: z.string(),
  unit: z.string().nullable(),
  /** Which direction is better; null when neither (number of axes). */
  better: z.enum(['higher', 'lower']).nullable(),
  /** One value per robot, in the order of `data`; null when the datasheet gives none. */
  values: z.array(z.number().nullable()),
  /** Indexes (into `data`) of the robots with the best value; empty when all equal or unknown. */
  best: z.array(z.number().int()),
  best_ids: z.array(z.string()),
});
export type CompareRow = z.infer<typeof compareRowSchema>;

export const compareRobotsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(robotSchema),
  rows: z.array(compareRowSchema),
  summary: z.string(),
});
export type CompareRobotsResponse = z.infer<typeof compareRobotsResponseSchema>;
