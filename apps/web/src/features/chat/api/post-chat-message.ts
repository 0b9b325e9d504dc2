import type { ChatContext, ChatHistoryEntry, ChatResponse } from '@cellforge/contracts';
import { CHAT_TIMEOUT_MS } from '@cellforge/contracts/constants';
import { isApiError, api } from '@/lib/api-client';
import { readChatAnswer } from '../utils/chat-answer';

/** The body of POST /ai/chat (docs/product.md §7.4: conversationHistory is always sent). */
export interface ChatRequestBody {
  message: string;
  context: ChatContext & Record<string, unknown>;
  includeRobotData: boolean;
  conversationHistory: ChatHistoryEntry[];
}

export type ChatFailureKind =
  /** The server answered with an HTTP error status. */
  | 'http'
  /** The server answered 200 with success: false. */
  | 'unsuccessful'
  /** No answer within CHAT_TIMEOUT_MS: the request was aborted. */
  | 'timeout'
  /** No answer at all (offline, DNS, refused). */
  | 'network'
  /** An answer that is not a chat answer. */
  | 'invalid'
  /** Cancelled by the caller (the chat was closed or unmounted). */
  | 'cancelled';

/** Why a chat request failed; each chat turns it into its own words (docs/product.md §8). */
export class ChatRequestError extends Error {
  override readonly name = 'ChatRequestError';
  readonly kind: ChatFailureKind;
  /** The HTTP status for `http`. */
  readonly status: number | undefined;
  /** The answer's `error` text for `unsuccessful`, when it gave one. */
  readonly serverError: string | null;

  constructor(kind: ChatFailureKind, message: string, init: { status?: number; serverError?: string | null } = {}) {
    super(message);
    this.kind = kind;
    this.status = init.status;
    this.serverError = init.serverError ?? null;
  }
}

export interface PostChatOptions {
  /** Cancels the request (no error text is shown for it). */
  signal?: AbortSignal;
  /** docs/product.md §9: 30 s, then the request is aborted. */
  timeoutMs?: number;
}

/**
 * POST /ai/chat on the AI base, with the bearer token when signed in (the api client
 * adds it). Resolves with a successful answer; rejects with ChatRequestError.
 */
export async function postChatMessage(body: ChatRequestBody, options: PostChatOptions = {}): Promise<ChatResponse> {
  const { signal, timeoutMs = CHAT_TIMEOUT_MS } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const cancel = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', cancel, { once: true });

  let answer: unknown;
  try {
    answer = await api.post<unknown>('/ai/chat', body, { signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new ChatRequestError('timeout', `Request timeout: no answer within ${Math.round(timeoutMs / 1000)} seconds`);
    if (controller.signal.aborted) throw new ChatRequestError('cancelled', 'Request cancelled');
    if (isApiError(error)) {
      if (error.status === 0) throw new ChatRequestError('network', error.message);
      throw new ChatRequestError('http', `AI service error (${error.status})`, { status: error.status });
    }
    throw new ChatRequestError('network', error instanceof Error ? error.message : 'Network error');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }

  const reply = readChatAnswer(answer);
  if (!reply) throw new ChatRequestError('invalid', 'Invalid response from the AI service');
  if (!reply.success) {
    throw new ChatRequestError('unsuccessful', reply.error ?? 'AI service returned an error', { serverError: reply.error });
  }
  return reply;
}
