import type { ChatHistoryEntry } from '@cellforge/contracts';
import { shouldIncludeRobotData } from '@cellforge/contracts/constants';
import { Bot, ChevronUp, Minus, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { env } from '@/config/env';
import { useSession } from '@/lib/auth/session';
import { firstNameOf } from '@/lib/auth/session-user';
import { cn } from '@/lib/cn';
import type { ChatRequestBody } from '../api/post-chat-message';
import { useChat } from '../hooks/use-chat';
import { useClearSpot } from '../hooks/use-clear-spot';
import { widgetErrorMessage } from '../utils/chat-errors';
import { CHAT_TEXT, localAiMessage } from '../utils/chat-messages';
import { widgetGreeting, modeLabel } from '../utils/greeting';
import { filtersFrom, pageNameFor, robotIdFor } from '../utils/page-context';
import type { WidgetOpenRequest, WidgetState } from '../utils/widget-events';
import { ChatInput } from './chat-input';
import { ChatLog } from './chat-log';

export interface ChatWidgetPanelProps {
  id: string;
  state: WidgetState;
  /** Move focus into the panel when it opens or is minimized (the visitor's own action). */
  focusOnShow: boolean;
  onOpen: () => void;
  onMinimize: () => void;
  onClose: () => void;
  /** The last openChatWidget request. */
  request: WidgetOpenRequest | null;
  /** The ROI calculator's figures (roiDataUpdate), sent as context.roiData. */
  roiData: Record<string, unknown> | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The widget's window: header (title, mode, Minimize, Close), conversation and input. */
export default function ChatWidgetPanel({
  id,
  state,
  focusOnShow,
  onOpen,
  onMinimize,
  onClose,
  request,
  roiData,
}: ChatWidgetPanelProps) {
  const { user, role, isAuthenticated } = useSession();
  const { pathname, search } = useLocation();
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // Minimized, the bar floats where the launcher does: it moves off the controls under it the same way.
  useClearSpot(sectionRef, state === 'minimized');
  const restoreRef = useRef<HTMLButtonElement>(null);
  const handledRequest = useRef(0);
  const titleId = `${id}-title`;

  // A page's openChatWidget context holds while the visitor stays on that page.
  const override = request && request.pathname === pathname ? request : null;
  const page = override?.page ?? pageNameFor(pathname);
  const robotId = override?.robotId ?? robotIdFor(pathname);

  const buildRequest = (message: string, history: ChatHistoryEntry[]): ChatRequestBody => ({
    message,
    context: {
      page,
      robotId,
      filters: filtersFrom(search),
      roiData,
      ...(override?.robotIds ? { robotIds: override.robotIds } : {}),
      user_context: {
        authenticated: isAuthenticated,
        role,
        preferences: isObject(user?.preferences) ? user.preferences : {},
      },
      frontend_context: { url: pathname, search, timestamp: new Date().toISOString() },
    },
    includeRobotData: shouldIncludeRobotData(page, message),
    conversationHistory: history,
  });

  const chat = useChat({
    // docs/product.md §3.6: a greeting is added on first open (the panel mounts then).
    initialMessages: () => [
      localAiMessage(
        widgetGreeting({
          page: pageNameFor(pathname),
          authenticated: isAuthenticated,
          role,
          firstName: firstNameOf(user),
          appName: env.appName,
        }),
      ),
    ],
    buildRequest,
    failureMessages: (error) => [localAiMessage(widgetErrorMessage(error), { isError: true })],
  });
  const { send } = chat;

  // openChatWidget: its message is sent (or, while a request is in flight, put in the box).
  // The request comes from a window event, once per nonce: the effect hands it to the chat.
  useEffect(() => {
    if (!request || handledRequest.current === request.nonce) return;
    handledRequest.current = request.nonce;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one prefill per external request, not a render loop
    if (request.message && !send(request.message)) setDraft(request.message);
  }, [request, send]);

  useEffect(() => {
    if (!focusOnShow) return;
    if (state === 'open') inputRef.current?.focus();
    else if (state === 'minimized') restoreRef.current?.focus();
  }, [state, focusOnShow, request]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (state === 'open') onMinimize();
    else onClose();
  };

  const mode = modeLabel(isAuthenticated ? role : null);
  const iconButton =
    'inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white';

  return (
    <section
      ref={sectionRef}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={state === 'closed'}
      onKeyDown={onKeyDown}
      data-chat-widget={state}
      className={cn(
        'fixed z-40 overflow-hidden border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900',
        state === 'open'
          ? 'inset-x-2 bottom-2 top-20 rounded-2xl sm:inset-x-auto sm:top-auto sm:bottom-6 sm:right-6 sm:h-[min(38rem,calc(100vh-6rem))] sm:w-[26rem]'
          : 'bottom-4 right-4 w-[min(20rem,calc(100vw-2rem))] rounded-xl sm:bottom-6 sm:right-6',
        state === 'closed' ? 'hidden' : 'flex flex-col',
      )}
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-700">
        <Bot className="h-5 w-5 shrink-0 text-orange-700 dark:text-orange-400" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-sm font-semibold text-slate-900 dark:text-white">
            AI Assistant
          </h2>
          <Badge tone="brand" className="mt-0.5" data-chat-mode>
            {mode}
          </Badge>
        </div>
        {state === 'open' ? (
          <button type="button" aria-label={CHAT_TEXT.minimize} title={CHAT_TEXT.minimize} onClick={onMinimize} className={iconButton}>
            <Minus className="h-4 w-4" aria-hidden="true" />
          </button>
        ) : (
          <button
            ref={restoreRef}
            type="button"
            aria-label={CHAT_TEXT.openWidget}
            aria-expanded={false}
            aria-controls={`${id}-body`}
            onClick={onOpen}
            className={iconButton}
          >
            <ChevronUp className="h-4 w-4" aria-hidden="true" />
          </button>
        )}
        <button type="button" aria-label={CHAT_TEXT.close} title={CHAT_TEXT.close} onClick={onClose} className={iconButton}>
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </header>
      <div id={`${id}-body`} hidden={state !== 'open'} className={state === 'open' ? 'flex min-h-0 flex-1 flex-col' : 'hidden'}>
        <ChatLog
          label="Conversation with the AI assistant"
          messages={chat.messages}
          isLoading={chat.isLoading}
          onQuickReply={send}
          compact
          className="min-h-0 flex-1 px-3 py-3"
        />
        <div className="border-t border-slate-200 p-3 dark:border-slate-700">
          <ChatInput
            ref={inputRef}
            value={draft}
            onChange={setDraft}
            onSend={send}
            isLoading={chat.isLoading}
            placeholder="Ask about robots, error codes or ROI..."
            label="Message the AI assistant"
            rows={2}
            compact
          />
        </div>
      </div>
    </section>
  );
}
