import type { QuoteRequest } from '@cellforge/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, QueryErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { requestWhich } from '@/lib/request-which';
import { robotName } from '@/lib/robot-format';
import { useAnswerQuoteRequest, useOpenQuoteRequests } from '../api/quotes';
import { formatTimeline, formatWhen, requirementRows } from '../utils/format';
import { QuoteForm } from './quote-form';

/** Requests for quote on models nobody lists: every supplier and integrator may answer them. */
export function OpenRequests() {
  const requests = useOpenQuoteRequests();
  const [answering, setAnswering] = useState<QuoteRequest | null>(null);
  return (
    <section aria-labelledby="open-requests-heading">
      <h2 id="open-requests-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Open requests
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Customers asking for a price on robots nobody lists yet.</p>
      <div className="mt-4">
        {requests.isPending ? (
          <Skeleton className="h-32 rounded-2xl" />
        ) : requests.isError ? (
          <QueryErrorState title="Open requests could not be loaded" query={requests} />
        ) : requests.data.length === 0 ? (
          <EmptyState title="No open requests">
            <p>When a customer asks for a price on a model no supplier lists, the request appears here.</p>
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {requests.data.map((r) => (
              <li key={r.id} className={cn(cardClasses, 'p-4')}>
                <OpenRequestCard request={r} onAnswer={() => setAnswering(r)} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {answering ? <AnswerDialog request={answering} onClose={() => setAnswering(null)} /> : null}
    </section>
  );
}

function OpenRequestCard({ request, onAnswer }: { request: QuoteRequest; onAnswer: () => void }) {
  const name = robotName(request.robot);
  const rows = requirementRows(request.requirements);
  const which = requestWhich({
    buyer: request.customer.company_name ?? request.customer.name,
    project: request.project?.project_name,
    sentAt: request.created_at,
  });
  return (
    <article aria-label={`Open request for the ${name} ${which}`}>
      <p className="font-semibold text-slate-900 dark:text-white">
        {request.robot.id ? (
          <Link to={paths.robot.getHref(request.robot.id)} className="hover:underline">
            {name}
          </Link>
        ) : (
          name
        )}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {request.customer.company_name ?? request.customer.name} · Qty {request.quantity} · {formatTimeline(request.timeline)} ·{' '}
        <time dateTime={request.created_at}>{formatWhen(request.created_at)}</time>
      </p>
      {rows.length ? (
        <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="min-w-0">
              <dt className="inline text-slate-600 dark:text-slate-400">{row.label}: </dt>
              <dd className="inline font-medium text-slate-900 dark:text-white">{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {request.notes ? <p className="mt-2 whitespace-pre-line text-sm text-slate-800 dark:text-slate-200">{request.notes}</p> : null}
      <Button size="sm" className="mt-3" onClick={onAnswer}>
        Answer with a quote{' '}
        <span className="sr-only">
          for the {name} {which}
        </span>
      </Button>
    </article>
  );
}

function AnswerDialog({ request, onClose }: { request: QuoteRequest; onClose: () => void }) {
  const answer = useAnswerQuoteRequest();
  const navigate = useNavigate();
  return (
    <Dialog open onClose={onClose} title="Answer the request" description={<>For the {robotName(request.robot)}, quantity {request.quantity}.</>}>
      <QuoteForm
        withMessageField
        submitLabel="Send answer and quote"
        onCancel={onClose}
        onSubmit={async ({ message, quote }) => {
          const thread = await answer.mutateAsync({ requestId: request.id, answer: { message, quote } });
          toast.success('Your answer was sent');
          onClose();
          void navigate(paths.thread.getHref(thread.id));
        }}
      />
    </Dialog>
  );
}
