import { useCallback, useState, type ComponentType } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { cardClasses } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { loadChunk } from '@/lib/lazy-route';
import { ChatInput } from './components/chat-input';
import type { CopilotChatHandoff, CopilotChatProps } from './components/copilot-chat';
import { CHAT_TEXT } from './utils/chat-messages';

const importCopilotChat = () => import('./components/copilot-chat');

type LoadedChat = ComponentType<CopilotChatProps & CopilotChatHandoff>;

/**
 * The copilot chat (home page, agent page), its code loaded when the visitor reaches
 * for it. Until then a look-alike stands in its place: the same frame, empty
 * conversation and message box, without the conversation code (chat-log, requests,
 * message rendering), so a page that shows the copilot does not download it on load.
 * Hovering, touching or focusing the box loads the chat; what was typed meanwhile,
 * the focus and a message already sent (Enter) carry over to it.
 */
export function LazyCopilotChat(props: CopilotChatProps) {
  const [Chat, setChat] = useState<LoadedChat | null>(null);
  const [failed, setFailed] = useState(false);
  const [requested, setRequested] = useState(false);
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);

  const load = useCallback(() => {
    if (requested) return;
    setRequested(true);
    loadChunk(importCopilotChat).then(
      (module) => setChat(() => module.default),
      () => setFailed(true),
    );
  }, [requested]);

  if (failed) return <ChatUnavailable />;
  if (Chat) {
    return (
      <ErrorBoundary fallback={() => <ChatUnavailable />}>
        <Chat {...props} initialDraft={draft} initialMessage={message} autoFocus={focused} />
      </ErrorBoundary>
    );
  }
  const { label = 'Conversation with the robotics copilot', framed = true } = props;
  return (
    <div
      className={cn(framed && cardClasses, 'flex flex-col gap-4', framed && 'p-4 sm:p-6')}
      data-chat-preview
      onPointerEnter={load}
      onPointerDown={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
    >
      {/* Mirrors ChatLog with no message yet (same box, so nothing moves when the chat takes over). */}
      <div role="log" aria-label={label} aria-live="polite" className="relative max-h-[32rem] min-h-48 overflow-y-auto pr-1">
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">{CHAT_TEXT.copilotEmpty}</p>
        <ol className="space-y-4" />
      </div>
      <ChatInput
        value={draft}
        onChange={setDraft}
        onSend={(text) => {
          setMessage(text);
          load();
          return true;
        }}
        isLoading={message !== null}
        placeholder={CHAT_TEXT.homePlaceholder}
        label="Your message"
      />
    </div>
  );
}

function ChatUnavailable() {
  return (
    <p role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-4 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      The chat could not be loaded. Check your connection and reload the page.
    </p>
  );
}
