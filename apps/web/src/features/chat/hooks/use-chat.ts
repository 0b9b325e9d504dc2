import type { ChatHistoryEntry, ChatResponse } from '@cellforge/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChatRequestError, postChatMessage, type ChatRequestBody } from '../api/post-chat-message';
import { nextMessageId, userMessage, type UiChatMessage } from '../utils/chat-messages';
import { toHistory } from '../utils/conversation';

export interface UseChatOptions {
  /** The messages shown before anything is sent (the widget's greeting). */
  initialMessages?: () => UiChatMessage[];
  /** The request body for a message; `history` is the conversation before it. */
  buildRequest: (message: string, history: ChatHistoryEntry[]) => ChatRequestBody;
  /** The assistant's message(s) for a failed request (docs/product.md §8: each chat has its own words). */
  failureMessages: (error: unknown) => UiChatMessage[];
  /** Called with each successful answer, before it is shown. */
  onReply?: (reply: ChatResponse) => void;
}

export interface ChatController {
  messages: UiChatMessage[];
  isLoading: boolean;
  /** Sends a message. False when it was not sent: blank, or a request is in flight (docs/product.md §5.2). */
  send: (text: string) => boolean;
}

/**
 * A conversation with POST /ai/chat: the messages, one request in flight at a time,
 * the 30 s abort (in postChatMessage), and the request cancelled on unmount.
 */
export function useChat(options: UseChatOptions): ChatController {
  const [messages, setMessages] = useState<UiChatMessage[]>(() => options.initialMessages?.() ?? []);
  const [isLoading, setIsLoading] = useState(false);
  // The ref, not the state, guards against a second send in the same tick (double Enter).
  const inFlight = useRef(false);
  const messagesRef = useRef(messages);
  const optionsRef = useRef(options);
  const controllerRef = useRef<AbortController | null>(null);
  const mountedRef = useRef(false);

  useEffect(() => {
    optionsRef.current = options;
  });

  // Leaving the page cancels the request. The abort waits a tick: StrictMode's
  // unmount/remount in development must not cancel a request that was just sent.
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      setTimeout(() => {
        if (!mountedRef.current) controllerRef.current?.abort();
      }, 0);
    };
  }, []);

  const append = useCallback((...added: UiChatMessage[]) => {
    messagesRef.current = [...messagesRef.current, ...added];
    setMessages(messagesRef.current);
  }, []);

  const send = useCallback(
    (text: string) => {
      const message = text.trim();
      if (!message || inFlight.current) return false;
      inFlight.current = true;
      setIsLoading(true);

      const history = toHistory(messagesRef.current);
      append(userMessage(message));
      const body = optionsRef.current.buildRequest(message, history);
      const controller = new AbortController();
      controllerRef.current = controller;

      postChatMessage(body, { signal: controller.signal })
        .then((reply) => {
          optionsRef.current.onReply?.(reply);
          append({
            id: nextMessageId('ai'),
            type: 'ai',
            content: reply.response,
            timestamp: new Date().toISOString(),
            followUpQuestions: reply.metadata.followUpQuestions,
            suggestedActions: reply.metadata.suggestedActions,
            sources: reply.metadata.sources,
            conversationState: reply.metadata.conversationState,
            userIntent: reply.metadata.userIntent,
            robotLinks: reply.metadata.robotLinks,
            catalogHref: reply.metadata.catalogHref,
            compareHref: reply.metadata.compareHref,
          });
        })
        .catch((error: unknown) => {
          if (error instanceof ChatRequestError && error.kind === 'cancelled') return;
          append(...optionsRef.current.failureMessages(error));
        })
        .finally(() => {
          if (controllerRef.current === controller) controllerRef.current = null;
          inFlight.current = false;
          setIsLoading(false);
        });
      return true;
    },
    [append],
  );

  return { messages, isLoading, send };
}
