import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { UiChatMessage } from '../utils/chat-messages';
import { ChatMessageItem } from './chat-message';
import { TypingIndicator } from './chat-input';

export interface ChatLogProps {
  label: string;
  messages: readonly UiChatMessage[];
  isLoading: boolean;
  /** A follow-up was clicked; it is sent, and focus stays in the conversation (the button is disabled while loading). */
  onQuickReply: (question: string) => void;
  /** Shown while there is no message yet. */
  empty?: ReactNode;
  compact?: boolean;
  className?: string;
}

/** The conversation, newest at the bottom, kept scrolled to the newest message. */
export function ChatLog({ label, messages, isLoading, onQuickReply, empty, compact, className }: ChatLogProps) {
  const scroller = useRef<HTMLDivElement>(null);

  const last = messages.at(-1);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // A new answer is read from its first line; anything else (the question, the
    // "answering" line) keeps the newest content in view.
    const newest = element.querySelector<HTMLElement>('ol > li:last-child');
    if (last?.type === 'ai' && !isLoading && newest && newest.offsetHeight > element.clientHeight) {
      element.scrollTop = newest.offsetTop - 8;
    } else {
      element.scrollTop = element.scrollHeight;
    }
  }, [last, isLoading]);

  return (
    // Focusable so the conversation can be scrolled from the keyboard.
    <div
      ref={scroller}
      role="log"
      aria-label={label}
      aria-live="polite"
      tabIndex={0}
      className={cn('relative overflow-y-auto overscroll-contain focus-visible:outline-offset-[-2px]', className)}
    >
      {messages.length === 0 && !isLoading ? empty : null}
      <ol className="space-y-4">
        {messages.map((message) => (
          <ChatMessageItem
            key={message.id}
            message={message}
            onQuickReply={(question) => {
              onQuickReply(question);
              scroller.current?.focus({ preventScroll: true });
            }}
            busy={isLoading}
            compact={compact}
          />
        ))}
        {isLoading ? <TypingIndicator /> : null}
      </ol>
    </div>
  );
}
