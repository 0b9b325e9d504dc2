import type { QuoteRequest, Thread } from '@cellforge/contracts';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, QueryErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { cn } from '@/lib/cn';
import { robotName } from '@/lib/robot-format';
import { useMyQuoteRequests, useThreads } from '../api/quotes';
import { formatMoney, formatTimeline, formatWhen, KIND_LABELS, STATUS_LABELS, STATUS_TONES } from '../utils/format';
import { OpenRequests } from './open-requests';

type Role = ReturnType<typeof useSession>['role'];

/** What the inbox holds, in the words of each role: integrators have no listings, suppliers no projects to offer on. */
export function messagesLead(role: Role): string {
  if (role === 'customer') return 'Answers and quotes from suppliers and integrators about the robots you asked about.';
  if (role === 'integrator') return 'Your answers to open requests and your interest in customers’ projects, with the customers’ replies.';
  return 'Requests for quote and questions from customers, and your answers.';
}

/** The empty inbox of a seller (a customer's has a link to the catalog). */
export function noConversationsText(role: Role): string {
  if (role === 'integrator') {
    return 'When you answer an open request or express interest in a customer’s project, the conversation starts here.';
  }
  return 'When a customer asks you for a quote or about one of your offers, the conversation starts here.';
}

/**
 * /messages: every conversation of the signed-in user (requests for quote, questions about
 * listings, integrators' interest), newest activity first, unread ones marked; customers
 * also see their requests, sellers the open requests they may answer.
 */
export function MessagesPage() {
  const { role } = useSession();
  const threads = useThreads();
  // The newest page's count covers the whole inbox.
  const unread = threads.data?.pages[0]?.unread ?? 0;
  const conversations = threads.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Page
      title="Messages"
      lead={
        <p>
          {messagesLead(role)}
          {threads.data ? (
            <span className="ml-1 font-medium text-slate-900 dark:text-white">
              {unread === 0 ? 'Everything is read.' : `${unread} unread ${unread === 1 ? 'conversation' : 'conversations'}.`}
            </span>
          ) : null}
        </p>
      }
    >
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="conversations-heading" className="min-w-0">
          <h2 id="conversations-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            Conversations
          </h2>
          <div className="mt-4">
            {threads.isPending ? (
              <div role="status" aria-label="Loading conversations" className="space-y-3">
                <Skeleton className="h-24 rounded-2xl" />
                <Skeleton className="h-24 rounded-2xl" />
              </div>
            ) : threads.isError ? (
              <QueryErrorState title="Your conversations could not be loaded" query={threads} />
            ) : conversations.length === 0 ? (
              <EmptyState title="No conversations yet">
                <p>
                  {role === 'customer' ? (
                    <>
                      Ask for a price on any robot of the{' '}
                      <Link to={paths.catalog.getHref()} className="font-medium underline">
                        catalog
                      </Link>
                      : suppliers’ answers and quotes arrive here.
                    </>
                  ) : (
                    noConversationsText(role)
                  )}
                </p>
              </EmptyState>
            ) : (
              <>
                <ul className="space-y-3">
                  {conversations.map((thread) => (
                    <li key={thread.id}>
                      <ThreadRow thread={thread} />
                    </li>
                  ))}
                </ul>
                {threads.hasNextPage ? (
                  <Button variant="outline" className="mt-4 w-full" loading={threads.isFetchingNextPage} onClick={() => void threads.fetchNextPage()}>
                    Show older conversations
                  </Button>
                ) : null}
              </>
            )}
          </div>
        </section>
        <aside className="min-w-0 space-y-8">{role === 'customer' ? <MyRequests /> : <OpenRequests />}</aside>
      </div>
    </Page>
  );
}

function ThreadRow({ thread }: { thread: Thread }) {
  const about = thread.robot ? robotName(thread.robot) : thread.project ? thread.project.project_name : KIND_LABELS[thread.kind];
  const who = thread.counterpart.company_name ? `${thread.counterpart.company_name} (${thread.counterpart.name})` : thread.counterpart.name;
  return (
    <Link
      to={paths.thread.getHref(thread.id)}
      className={cn(
        cardClasses,
        'block p-4 transition hover:border-orange-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 dark:hover:border-orange-500',
        thread.unread && 'border-orange-400 dark:border-orange-500',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className={cn('truncate text-slate-900 dark:text-white', thread.unread ? 'font-bold' : 'font-semibold')}>
            {thread.unread ? <span className="sr-only">Unread: </span> : null}
            {about}
          </p>
          <p className="truncate text-sm text-slate-700 dark:text-slate-300">
            {thread.role === 'buyer' ? 'With' : 'From'} {who}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {thread.unread ? <span className="h-2.5 w-2.5 rounded-full bg-orange-600 dark:bg-orange-400" aria-hidden="true" /> : null}
          <Badge tone={STATUS_TONES[thread.status]}>{STATUS_LABELS[thread.status]}</Badge>
        </div>
      </div>
      <p className="mt-2 line-clamp-2 text-sm text-slate-800 dark:text-slate-200">
        {thread.last_message.mine ? <span className="font-medium">You: </span> : null}
        {thread.last_message.kind === 'quote' && thread.latest_quote
          ? `Quote: ${formatMoney(thread.latest_quote.price, thread.latest_quote.currency)}`
          : thread.last_message.body || KIND_LABELS[thread.kind]}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
        <span>{KIND_LABELS[thread.kind]}</span>
        {thread.quote_request ? <span>Qty {thread.quote_request.quantity}</span> : null}
        {thread.latest_quote ? (
          <span className="font-semibold text-slate-900 dark:text-white">
            {formatMoney(thread.latest_quote.price, thread.latest_quote.currency)}
            {thread.latest_quote.expired ? ' (expired)' : ''}
          </span>
        ) : null}
        <time dateTime={thread.last_message_at}>{formatWhen(thread.last_message_at)}</time>
      </p>
    </Link>
  );
}

const REQUEST_STATUS: Record<QuoteRequest['status'], { label: string; tone: 'brand' | 'success' | 'neutral' }> = {
  open: { label: 'Open to all sellers', tone: 'brand' },
  sent: { label: 'Sent to suppliers', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
};

/** The customer's requests for quote and how many sellers are talking about each. */
function MyRequests() {
  const requests = useMyQuoteRequests();
  return (
    <section aria-labelledby="requests-heading">
      <h2 id="requests-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Your requests for quote
      </h2>
      <div className="mt-4">
        {requests.isPending ? (
          <Skeleton className="h-24 rounded-2xl" />
        ) : requests.isError ? (
          <QueryErrorState title="Your requests could not be loaded" query={requests} />
        ) : requests.data.length === 0 ? (
          <EmptyState title="No requests yet">
            <p>Press “Request a quote” on a robot’s page or in a project’s matches.</p>
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {requests.data.map((r) => (
              <li key={r.id} className={cn(cardClasses, 'p-4')}>
                <p className="font-semibold text-slate-900 dark:text-white">
                  {r.robot.id ? (
                    <Link to={paths.robot.getHref(r.robot.id)} className="hover:underline">
                      {robotName(r.robot)}
                    </Link>
                  ) : (
                    robotName(r.robot)
                  )}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  Qty {r.quantity} · {formatTimeline(r.timeline)}
                  {r.project ? ` · ${r.project.project_name}` : ''}
                </p>
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <Badge tone={REQUEST_STATUS[r.status].tone}>{REQUEST_STATUS[r.status].label}</Badge>
                  <span>
                    {r.conversations === 0 ? 'No answer yet' : `${r.conversations} ${r.conversations === 1 ? 'conversation' : 'conversations'}`}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <Inbox className="h-4 w-4" aria-hidden="true" />
        Answers appear under Conversations.
      </p>
    </section>
  );
}
