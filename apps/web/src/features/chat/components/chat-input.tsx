import { Lightbulb, SendHorizontal } from 'lucide-react';
import { forwardRef, useId, type FormEvent, type KeyboardEvent } from 'react';
import { controlBorder, controlClasses } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { CHAT_MESSAGE_MAX_LENGTH, textCutNotice } from '@cellforge/contracts/constants';
import { cn } from '@/lib/cn';
import { CHAT_TEXT } from '../utils/chat-messages';

/** chatRequestSchema: a message is at most 4,000 characters. */
export const MAX_MESSAGE_LENGTH = CHAT_MESSAGE_MAX_LENGTH;

export interface ChatInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Sends the text; returns whether it was sent (then the box is cleared). */
  onSend: (text: string) => boolean;
  isLoading: boolean;
  placeholder: string;
  /** The box's accessible name. */
  label: string;
  /** Suggestion lines shown above the box (home chat). */
  suggestions?: readonly string[];
  onSuggestion?: (suggestion: string) => void;
  rows?: number;
  compact?: boolean;
}

/**
 * A multi-line message box: Enter sends, Shift+Enter adds a new line. The send button
 * ("Send message") is disabled while loading or when the text is blank, and shows a
 * spinner while loading.
 */
export const ChatInput = forwardRef<HTMLTextAreaElement, ChatInputProps>(function ChatInput(
  { value, onChange, onSend, isLoading, placeholder, label, suggestions = [], onSuggestion, rows = 3, compact = false },
  ref,
) {
  const id = useId();
  const blank = value.trim() === '';
  // A longer text is not cut silently (outside testers): the box says so, and the first 4,000 characters are sent.
  const tooLong = value.length > MAX_MESSAGE_LENGTH;

  const send = () => {
    if (blank || isLoading) return;
    if (onSend(tooLong ? value.slice(0, MAX_MESSAGE_LENGTH) : value)) onChange('');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Shift+Enter keeps the default (a new line); Enter while composing (IME) picks a word.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form onSubmit={onSubmit} className="space-y-2">
      {suggestions.length > 0 && onSuggestion ? (
        <div data-input-suggestions>
          <p id={`${id}-suggestions`} className="sr-only">
            Suggestions
          </p>
          <ul aria-labelledby={`${id}-suggestions`} className="flex flex-col gap-1">
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button
                  type="button"
                  onClick={() => onSuggestion(suggestion)}
                  className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  <Lightbulb className="h-3.5 w-3.5 shrink-0 text-orange-700 dark:text-orange-400" aria-hidden="true" />
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor={`${id}-input`} className="sr-only">
          {label}
        </label>
        <textarea
          ref={ref}
          id={`${id}-input`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          rows={rows}
          aria-describedby={tooLong ? `${id}-cut` : undefined}
          // On a phone the full-size placeholder wraps to four lines: room for all of them, not three and a cut-off fourth.
          className={cn(controlClasses, controlBorder(false), 'min-w-0 flex-1 resize-none', compact ? 'text-sm' : 'max-sm:min-h-29')}
        />
        <button
          type="submit"
          aria-label={CHAT_TEXT.sendMessage}
          aria-busy={isLoading || undefined}
          disabled={isLoading || blank}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-orange-700 text-white hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-orange-600 dark:text-slate-950 dark:hover:bg-orange-500"
        >
          {isLoading ? <Spinner size="sm" decorative /> : <SendHorizontal className="h-5 w-5" aria-hidden="true" />}
        </button>
      </div>
      {tooLong ? (
        <p id={`${id}-cut`} role="status" className="text-sm text-amber-800 dark:text-amber-300" data-text-cut>
          {textCutNotice(MAX_MESSAGE_LENGTH)}
        </p>
      ) : null}
    </form>
  );
});

/** Shown in the conversation while the assistant is answering. */
export function TypingIndicator({ label = 'The assistant is answering' }: { label?: string }) {
  return (
    <li className="flex justify-start" data-typing>
      <div className="inline-flex items-center gap-2 rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-2.5 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <Spinner size="sm" decorative />
        <span>{label}...</span>
      </div>
    </li>
  );
}
