/** docs/product.md §7.4: page names sent in the chat context. */
export const chatPages = ['homepage', 'catalog', 'roi_calculator', 'robot_detail', 'dashboard', 'auth', 'compare', 'general'] as const;
export type ChatPage = (typeof chatPages)[number];

export const knownIntents = ['troubleshooting', 'robot_selection', 'comparison', 'roi', 'general'] as const;
export const conversationStates = ['initial', 'gathering_info', 'solution_providing'] as const;

/** docs/product.md §9: display and time limits of the chat. */
export const CHAT_TIMEOUT_MS = 30_000;
export const MAX_FOLLOW_UPS = 3;
export const MAX_SUGGESTED_ACTIONS = 3;
export const MAX_SOURCES = 2;
export const MAX_INPUT_SUGGESTIONS = 3;
/** The longest filter value the chat context accepts (context.filters). */
export const CHAT_FILTER_VALUE_MAX = 200;

const robotDataWords = ['robot', 'automation', 'spec', 'recommend', 'compare', 'price', 'manufacturer', 'payload', 'reach'];

/** docs/product.md §7.4: includeRobotData is true on catalog pages or when the message names robot topics. */
export function shouldIncludeRobotData(page: string | undefined, message: string): boolean {
  if (page === 'catalog' || page === 'robot_detail' || page === 'compare') return true;
  const text = message.toLowerCase();
  return robotDataWords.some((w) => text.includes(w));
}
