import type { ChatHistoryEntry, ChatPage } from '@cellforge/contracts';
import { shouldIncludeRobotData } from '@cellforge/contracts/constants';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { cardClasses } from '@/components/ui/card';
import { useSession } from '@/lib/auth/session';
import { cn } from '@/lib/cn';
import type { ChatRequestBody } from '../api/post-chat-message';
import { useChat } from '../hooks/use-chat';
import { homeErrorText, homeFailureReply } from '../utils/chat-errors';
import { CHAT_TEXT, HOME_ERRORS, localAiMessage } from '../utils/chat-messages';
import { applyReply, initialConversation, learnFromMessage, type ConversationState } from '../utils/conversation';
import { appendSuggestion, getInputSuggestions } from '../utils/input-suggestions';
import { ChatInput } from './chat-input';
import { ChatLog } from './chat-log';

export interface CopilotChatProps {
  /** Spec page name sent as context.page (the home page is "homepage"). */
  page?: ChatPage;
  /** The conversation's accessible name. */
  label?: string;
  /** Draws its own card (false inside a section that already is one). */
  framed?: boolean;
}

/** What the stand-in of lazy-copilot.tsx hands over when the chat takes its place (read on mount only). */
export interface CopilotChatHandoff {
  /** Text already typed in the box. */
  initialDraft?: string;
  /** A message already sent (Enter) before the chat was ready: sent on mount. */
  initialMessage?: string | null;
  /** The box had the focus: the chat's box takes it, caret at the end. */
  autoFocus?: boolean;
}

/**
 * The home copilot chat (docs/product.md §3.5, page context
 * "homepage"): the conversation, quick replies, input suggestions and the
 * conversation state of docs/product.md §5.2.
 */
export default function CopilotChat({
  page = 'homepage',
  label = 'Conversation with the robotics copilot',
  framed = true,
  initialDraft = '',
  initialMessage = null,
  autoFocus = false,
}: CopilotChatProps & CopilotChatHandoff) {
  const { isAuthenticated, role } = useSession();
  const { pathname } = useLocation();
  const [draft, setDraft] = useState(initialDraft);
  const [conversation, setConversation] = useState<ConversationState>(initialConversation);
  const conversationRef = useRef(conversation);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const updateConversation = useCallback((next: ConversationState) => {
    conversationRef.current = next;
    setConversation(next);
  }, []);

  const buildRequest = (message: string, history: ChatHistoryEntry[]): ChatRequestBody => {
    const state = learnFromMessage(conversationRef.current, message);
    if (state !== conversationRef.current) updateConversation(state);
    return {
      message,
      context: {
        page,
        conversationHistory: history,
        userIntent: state.userIntent,
        robotModel: state.robotModel,
        application: state.application,
        // Not in the spec's list: the server reads it to continue the conversation's stage.
        stage: state.stage,
        user_context: { authenticated: isAuthenticated, role },
        frontend_context: { url: pathname, timestamp: new Date().toISOString() },
      },
      includeRobotData: shouldIncludeRobotData(page, message),
      conversationHistory: history,
    };
  };

  const chat = useChat({
    buildRequest,
    onReply: (reply) => updateConversation(applyReply(conversationRef.current, reply.metadata)),
    failureMessages: (error) => {
      const errorText = homeErrorText(error);
      return [
        localAiMessage(homeFailureReply(errorText), {
          isError: true,
          errorDetail: errorText,
          followUpQuestions: [...HOME_ERRORS.followUps],
        }),
      ];
    },
  });

  // Before paint, so keys typed while the chat replaced its stand-in land in this box.
  useLayoutEffect(() => {
    const box = inputRef.current;
    if (!autoFocus || !box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, [autoFocus]);

  const sentInitial = useRef(false);
  const { send } = chat;
  useEffect(() => {
    if (!initialMessage || sentInitial.current) return;
    sentInitial.current = true;
    send(initialMessage);
  }, [initialMessage, send]);

  const suggestions = getInputSuggestions(draft, conversation);

  return (
    <div
      className={cn(framed && cardClasses, 'flex flex-col gap-4', framed && 'p-4 sm:p-6')}
      data-chat="copilot"
      data-stage={conversation.stage}
      data-gathering-info={String(conversation.gatheringInfo)}
    >
      <ChatLog
        label={label}
        messages={chat.messages}
        isLoading={chat.isLoading}
        onQuickReply={chat.send}
        className="max-h-[32rem] min-h-48 pr-1"
        empty={
          <p className="py-6 text-center text-slate-600 dark:text-slate-400">{CHAT_TEXT.copilotEmpty}</p>
        }
      />
      <ChatInput
        ref={inputRef}
        value={draft}
        onChange={setDraft}
        onSend={chat.send}
        isLoading={chat.isLoading}
        placeholder={CHAT_TEXT.homePlaceholder}
        label="Your message"
        suggestions={suggestions}
        onSuggestion={(suggestion) => {
          setDraft((current) => appendSuggestion(current, suggestion));
          inputRef.current?.focus();
        }}
      />
    </div>
  );
}
