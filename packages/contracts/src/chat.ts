import { z } from 'zod';

/** Spec section 7: page names sent in the chat context. */
export const chatPages = ['homepage', 'catalog', 'roi_calculator', 'robot_detail', 'dashboard', 'auth', 'compare', 'general'] as const;
export type ChatPage = (typeof chatPages)[number];

export const knownIntents = ['troubleshooting', 'robot_selection', 'comparison', 'roi', 'general'] as const;
export const conversationStates = ['initial', 'gathering_info', 'solution_providing'] as const;

/** Spec section 9: display and time limits of the chat. */
export const CHAT_TIMEOUT_MS = 30_000;
export const MAX_FOLLOW_UPS = 3;
export const MAX_SUGGESTED_ACTIONS = 3;
export const MAX_SOURCES = 2;
export const MAX_INPUT_SUGGESTIONS = 3;

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
    filters: z.record(z.string(), z.string().max(200)).optional(),
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

export const chatMetadataSchema = z.object({
  followUpQuestions: z.array(z.string()).max(MAX_FOLLOW_UPS),
  suggestedActions: z.array(z.string()).max(MAX_SUGGESTED_ACTIONS),
  sources: z.array(chatSourceSchema).max(MAX_SOURCES),
  conversationState: z.string().optional(),
  userIntent: z.string().optional(),
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

/** Spec section 2: a message in the chat UI. */
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
}

const robotDataWords = ['robot', 'automation', 'spec', 'recommend', 'compare', 'price', 'manufacturer', 'payload', 'reach'];

/** Spec section 7: includeRobotData is true on catalog pages or when the message names robot topics. */
export function shouldIncludeRobotData(page: string | undefined, message: string): boolean {
  if (page === 'catalog' || page === 'robot_detail' || page === 'compare') return true;
  const text = message.toLowerCase();
  return robotDataWords.some((w) => text.includes(w));
}
