/**
 * The chat's limits and the includeRobotData rule, as @cellforge/contracts (chat.ts)
 * defines them. They are mirrored here because importing any value from that module
 * brings its zod schemas (and zod) into the chat chunk, which loads on the home page;
 * chat-rules.test.ts checks that the two stay identical.
 */

/** Spec section 9: the request is aborted after 30 s. */
export const CHAT_TIMEOUT_MS = 30_000;
/** Spec section 9: display limits. */
export const MAX_FOLLOW_UPS = 3;
export const MAX_SUGGESTED_ACTIONS = 3;
export const MAX_SOURCES = 2;
export const MAX_INPUT_SUGGESTIONS = 3;

const robotDataWords = ['robot', 'automation', 'spec', 'recommend', 'compare', 'price', 'manufacturer', 'payload', 'reach'];

/** Spec section 7: includeRobotData is true on catalog pages or when the message names robot topics. */
export function shouldIncludeRobotData(page: string | undefined, message: string): boolean {
  if (page === 'catalog' || page === 'robot_detail' || page === 'compare') return true;
  const text = message.toLowerCase();
  return robotDataWords.some((word) => text.includes(word));
}
