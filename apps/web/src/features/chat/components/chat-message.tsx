import { AlertTriangle } from 'lucide-react';
import type { ChatRobotLink } from '@cellforge/contracts';
import { Fragment, useId } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { CHAT_TEXT, type UiChatMessage } from '../utils/chat-messages';
import { MessageContent } from './message-content';

/** The message's time in the visitor's local time ("14:05"). */
export function localTime(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** Only web links are made clickable in a source. */
function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

export interface ChatMessageItemProps {
  message: UiChatMessage;
  /** A follow-up question was clicked: it is sent as the next message. */
  onQuickReply: (question: string) => void;
  /** While a request is in flight the quick replies cannot be used. */
  busy: boolean;
  compact?: boolean;
}

/**
 * One message (docs/product.md §3.5): AI messages left, user messages right, each with its
 * local time; under an AI message its follow-up questions as quick replies, its
 * suggested actions as bullets and its sources' manufacturers.
 */
export function ChatMessageItem({ message, onQuickReply, busy, compact = false }: ChatMessageItemProps) {
  const id = useId();
  const isUser = message.type === 'user';
  const followUps = message.followUpQuestions ?? [];
  const actions = message.suggestedActions ?? [];
  const sources = message.sources ?? [];
  const headingClass = 'text-sm font-semibold text-slate-600 dark:text-slate-300';

  return (
    <li
      data-author={message.type}
      data-message-id={message.id}
      className={cn('flex', isUser ? 'justify-end' : 'justify-start')}
    >
      <div className={cn('flex min-w-0 flex-col gap-1', compact ? 'max-w-[92%]' : 'max-w-[85%]', isUser ? 'items-end' : 'items-start')}>
        <div
          className={cn(
            'rounded-2xl px-4 py-2.5',
            compact ? 'text-sm' : 'text-base sm:text-sm',
            isUser
              ? 'rounded-br-sm bg-orange-700 text-white dark:bg-orange-600 dark:text-slate-950'
              : message.isError
                ? 'rounded-bl-sm border border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
                : 'rounded-bl-sm bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
          )}
        >
          <span className="sr-only">{isUser ? 'You said: ' : 'Assistant said: '}</span>
          {isUser ? (
            <p className="whitespace-pre-wrap break-words">{message.content}</p>
          ) : (
            <div className="flex gap-2">
              {message.isError ? <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> : null}
              <div className="min-w-0">
                <MessageContent text={message.content} links={message.robotLinks} />
                {message.robotLinks?.length ? <AskPrice links={message.robotLinks} /> : null}
                {message.compareHref ? <AnswerLink to={message.compareHref}>{CHAT_TEXT.openCompare}</AnswerLink> : null}
                {message.catalogHref ? <AnswerLink to={message.catalogHref}>{CHAT_TEXT.seeCatalog}</AnswerLink> : null}
                {message.errorDetail ? (
                  <p className="mt-1 text-xs text-red-800 dark:text-red-200" data-error-detail>
                    {message.errorDetail}
                  </p>
                ) : null}
              </div>
            </div>
          )}
        </div>
        <p className="px-1 text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={message.timestamp}>{localTime(message.timestamp)}</time>
        </p>

        {!isUser && followUps.length > 0 ? (
          <section aria-labelledby={`${id}-follow-ups`} className="mt-1 w-full" data-follow-ups>
            <h3 id={`${id}-follow-ups`} className={headingClass}>
              {CHAT_TEXT.followUpsHeading}
            </h3>
            <ul className="mt-1.5 flex flex-wrap gap-2">
              {followUps.map((question, index) => (
                <li key={`${index}-${question}`}>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => onQuickReply(question)}
                    className="rounded-full border border-orange-300 bg-white px-3 py-1.5 text-left text-sm text-orange-900 hover:bg-orange-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-orange-800 dark:bg-slate-900 dark:text-orange-200 dark:hover:bg-slate-800"
                  >
                    {question}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {!isUser && actions.length > 0 ? (
          <section aria-labelledby={`${id}-actions`} className="mt-1 w-full" data-suggested-actions>
            <h3 id={`${id}-actions`} className={headingClass}>
              {CHAT_TEXT.actionsHeading}
            </h3>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-800 dark:text-slate-200">
              {actions.map((action, index) => (
                <li key={`${index}-${action}`}>{action}</li>
              ))}
            </ul>
          </section>
        ) : null}

        {!isUser && sources.length > 0 ? (
          <section aria-labelledby={`${id}-sources`} className="mt-1 w-full" data-sources>
            <h3 id={`${id}-sources`} className={headingClass}>
              {CHAT_TEXT.sourcesHeading}
            </h3>
            <ul className="mt-1 space-y-0.5 text-sm text-slate-800 dark:text-slate-200">
              {sources.map((source, index) => {
                const href = safeUrl(source.url);
                const label = source.title ? `${source.manufacturer}: ${source.title}` : source.manufacturer;
                return (
                  <li key={`${source.manufacturer}-${index}`}>
                    {href ? (
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="font-medium text-orange-800 underline underline-offset-2 hover:no-underline dark:text-orange-300"
                      >
                        {label}
                      </a>
                    ) : (
                      label
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
      </div>
    </li>
  );
}

/** "Ask for a price:" with the robots the answer names (at most three, each once): their page opens the request form. */
/** "Request a quote:" with a link per robot named, spelled as on the robot and compare pages. */
function AskPrice({ links }: { links: readonly ChatRobotLink[] }) {
  // Every model the answer names gets its "Request a quote" (the robot page opens the form at once).
  const unique = [...new Map(links.map((link) => [link.href, link])).values()];
  return (
    <p className="mt-2 text-sm">
      <span className="font-medium">{CHAT_TEXT.askPrice}</span>{' '}
      {unique.map((link, index) => (
        <Fragment key={link.href}>
          {index > 0 ? ', ' : null}
          <Link
            to={`${link.href}?quote=1`}
            aria-label={`Request a quote for the ${link.name}`}
            className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200"
          >
            {link.name}
          </Link>
        </Fragment>
      ))}
    </p>
  );
}

/** A link under an answer (the compare page, the catalog filtered as the answer read the need). */
function AnswerLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="mt-2">
      <Link to={to} className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200">
        {children}
      </Link>
    </p>
  );
}
