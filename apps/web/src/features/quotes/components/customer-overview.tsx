import type { QuoteRequest, Thread } from '@cellforge/contracts';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { cardClasses } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, QueryErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { requestWhich } from '@/lib/request-which';
import { robotName } from '@/lib/robot-format';
import { useMyQuoteRequests, useThreads } from '../api/quotes';
import { formatMoney, formatTimeline, formatWhen, STATUS_LABELS, STATUS_TONES } from '../utils/format';

type Status = Thread['status'];

/**
 * Where a request stands, in the words of its conversations (issue 13: new, quoted, accepted,
 * declined, closed): accepted if a quote was accepted; quoted while a quote waits for an
 * answer; declined when every quote was declined; closed when the buyer closed it; else new.
 */
export function requestStatus(request: QuoteRequest, threads: readonly Thread[]): Status {
  const statuses = threads.map((t) => t.status);
  if (statuses.includes('accepted')) return 'accepted';
  if (statuses.includes('quoted')) return 'quoted';
  if (request.status === 'closed') return 'closed';
  if (statuses.length > 0 && statuses.every((s) => s === 'declined' || s === 'closed') && statuses.includes('declined')) return 'declined';
  return 'new';
}

const who = (thread: Thread) => thread.counterpart.company_name ?? thread.counterpart.name;

function StatusBadge({ status }: { status: Status }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

function ThreadLink({ thread, children }: { thread: Thread; children: ReactNode }) {
  return (
    <Link
      to={paths.thread.getHref(thread.id)}
      className="inline-flex min-h-11 items-center gap-1 rounded font-semibold text-orange-800 underline-offset-4 hover:underline dark:text-orange-300"
    >
      {children}
      <ArrowRight className="h-4 w-4 shrink-0" aria-hidden="true" />
    </Link>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-xl font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * The customer's side of the marketplace on their dashboard: their requests for quote, the
 * quotes received and the integrators interested in their projects, each with its status and
 * a link to its conversation.
 */
export function CustomerOverview() {
  const requests = useMyQuoteRequests();
  const threads = useThreads();
  const mine = (threads.data?.pages.flatMap((page) => page.data) ?? []).filter((t) => t.role === 'buyer');
  const quotes = mine.filter((t) => t.latest_quote !== null);
  const interests = mine.filter((t) => t.kind === 'integrator_interest');
  const loading = (label: string) => (
    <div role="status" aria-label={label}>
      <Skeleton className="h-24 rounded-2xl" />
    </div>
  );

  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <Section id="customer-requests-heading" title="Your requests">
        {requests.isPending || threads.isPending ? (
          loading('Loading your requests')
        ) : requests.isError ? (
          <QueryErrorState title="Your requests could not be loaded" query={requests} />
        ) : requests.data.length === 0 ? (
          <EmptyState title="No requests yet">
            <p>Press “Request a quote” on a robot’s page, in compare or in a project’s matches; suppliers answer here.</p>
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {requests.data.map((request) => {
              const own = mine.filter((t) => t.quote_request?.id === request.id);
              const name = robotName(request.robot);
              return (
                <li key={request.id} className={cn(cardClasses, 'p-4')}>
                  <div className="flex items-start justify-between gap-2">
                    <p className="min-w-0 font-semibold text-slate-900 dark:text-white">{name}</p>
                    <StatusBadge status={requestStatus(request, own)} />
                  </div>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    Qty {request.quantity} · {formatTimeline(request.timeline)}
                    {request.project ? ` · ${request.project.project_name}` : ''}
                  </p>
                  {own.length === 0 ? (
                    <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                      No answer yet.{' '}
                      <Link to={paths.messages.getHref()} className="font-semibold text-orange-800 underline-offset-4 hover:underline dark:text-orange-300">
                        See it in Messages
                      </Link>
                    </p>
                  ) : (
                    <ul className="mt-1 text-sm">
                      {own.map((thread) => (
                        <li key={thread.id} className="flex flex-wrap items-center justify-between gap-x-2">
                          <ThreadLink thread={thread}>
                            <span>
                              Conversation with {who(thread)}{' '}
                              <span className="sr-only">
                                about the {name}, {requestWhich({ project: request.project?.project_name, sentAt: request.created_at })},{' '}
                                {STATUS_LABELS[thread.status]}
                              </span>
                            </span>
                          </ThreadLink>
                          <span className="text-xs text-slate-600 dark:text-slate-400" aria-hidden="true">
                            {STATUS_LABELS[thread.status]}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Section>

      <Section id="customer-quotes-heading" title="Quotes received">
        {threads.isPending ? (
          loading('Loading your quotes')
        ) : threads.isError ? (
          <QueryErrorState title="Your quotes could not be loaded" query={threads} />
        ) : quotes.length === 0 ? (
          <EmptyState title="No quotes yet">
            <p>When a supplier answers one of your requests with a price, the quote appears here.</p>
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {quotes.map((thread) => {
              const quote = thread.latest_quote;
              const about = thread.robot ? robotName(thread.robot) : thread.project?.project_name ?? 'Your request';
              return (
                <li key={thread.id} className={cn(cardClasses, 'p-4')}>
                  <div className="flex items-start justify-between gap-2">
                    <p className="min-w-0 font-semibold text-slate-900 dark:text-white">{about}</p>
                    <StatusBadge status={thread.status} />
                  </div>
                  {quote ? (
                    <p className="text-sm text-slate-700 dark:text-slate-300">
                      <span className="font-semibold tabular-nums text-slate-900 dark:text-white">{formatMoney(quote.price, quote.currency)}</span> from{' '}
                      {who(thread)} · {quote.expired ? 'expired' : `valid until ${formatWhen(`${quote.valid_until}T12:00:00Z`)}`}
                    </p>
                  ) : null}
                  <ThreadLink thread={thread}>
                    Open the quote{' '}
                    <span className="sr-only">
                      {requestWhich({ buyer: who(thread), project: thread.project?.project_name, sentAt: thread.created_at })} for the {about}
                    </span>
                  </ThreadLink>
                </li>
              );
            })}
          </ul>
        )}
      </Section>

      <Section id="customer-interests-heading" title="Integrators’ interest">
        {threads.isPending ? (
          loading('Loading integrators’ interest')
        ) : threads.isError ? (
          <QueryErrorState title="Integrators’ interest could not be loaded" query={threads} />
        ) : interests.length === 0 ? (
          <EmptyState title="No integrator interest yet">
            <p>Integrators who want to build one of your projects write to you; their messages appear here.</p>
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {interests.map((thread) => (
              <li key={thread.id} className={cn(cardClasses, 'p-4')}>
                <div className="flex items-start justify-between gap-2">
                  <p className="min-w-0 font-semibold text-slate-900 dark:text-white">{who(thread)}</p>
                  <StatusBadge status={thread.status} />
                </div>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {thread.project ? `About ${thread.project.project_name}` : 'About your project'} · {formatWhen(thread.last_message_at)}
                </p>
                <ThreadLink thread={thread}>
                  Open the conversation{' '}
                  <span className="sr-only">
                    with {who(thread)}, {requestWhich({ project: thread.project?.project_name, sentAt: thread.created_at })}
                  </span>
                </ThreadLink>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
