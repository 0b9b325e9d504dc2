import { sendMessageSchema, type ThreadDetail, type ThreadMessage } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Mail, Phone } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { Page } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, cardClasses } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Field } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, QueryErrorState } from '@/components/ui/state-message';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { errorMessageOf } from '@/lib/api-answer';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { robotName } from '@/lib/robot-format';
import { useServerForm } from '@/lib/use-server-form';
import { useThread, useThreadAction } from '../api/quotes';
import { formatDay, formatMoney, formatTimeline, formatWhen, KIND_LABELS, requirementRows, STATUS_LABELS, STATUS_TONES } from '../utils/format';
import { QuoteForm } from './quote-form';

function BackToMessages() {
  return (
    <Link to={paths.messages.getHref()} className="inline-flex items-center gap-1 text-sm font-medium text-orange-800 underline underline-offset-4 dark:text-orange-300">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      All messages
    </Link>
  );
}

/** /messages/:threadId: one conversation, its request, messages and quotes, and what the user may do next. */
export function ThreadPage({ threadId }: { threadId: string }) {
  const thread = useThread(threadId);
  if (thread.isPending) {
    return (
      <Page title="Conversation">
        <div role="status" aria-label="Loading the conversation" className="space-y-4">
          <Skeleton className="h-28 rounded-2xl" />
          <Skeleton className="h-48 rounded-2xl" />
        </div>
      </Page>
    );
  }
  if (thread.isError) {
    const missing = isApiError(thread.error) && thread.error.status === 404;
    return (
      <Page title="Conversation">
        {missing ? (
          <EmptyState title="Conversation not found" actions={<BackToMessages />}>
            <p>It does not exist, or you are not part of it.</p>
          </EmptyState>
        ) : (
          <QueryErrorState title="The conversation could not be loaded" query={thread} />
        )}
      </Page>
    );
  }
  return <Conversation thread={thread.data} />;
}

function Conversation({ thread }: { thread: ThreadDetail }) {
  const action = useThreadAction(thread.id);
  const [quoting, setQuoting] = useState(false);
  const about = thread.robot ? robotName(thread.robot) : thread.project?.project_name ?? KIND_LABELS[thread.kind];
  const other = thread.counterpart;
  const rows = requirementRows(thread.quote_request?.requirements ?? null);

  const run = async (kind: 'accept' | 'decline' | 'close', done: string) => {
    try {
      await action.mutateAsync({ type: kind });
      toast.success(done);
    } catch (error) {
      toast.error(errorMessageOf(error, 'That did not work. Please try again.'));
    }
  };

  return (
    <Page
      title={about}
      documentTitle={`${about} · Messages`}
      lead={
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONES[thread.status]}>{STATUS_LABELS[thread.status]}</Badge>
          <span>
            {KIND_LABELS[thread.kind]} · {thread.role === 'buyer' ? 'with' : 'from'} {other.company_name ? `${other.company_name} (${other.name})` : other.name}
          </span>
        </p>
      }
      actions={<BackToMessages />}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <ol aria-label="Messages" className="space-y-3">
            {thread.messages.map((message) => (
              <li key={message.id}>
                <MessageBubble message={message} />
              </li>
            ))}
          </ol>
          {thread.can.accept ? (
            <Card className="flex flex-wrap items-center gap-3">
              <p className="mr-auto text-sm text-slate-800 dark:text-slate-200">
                {thread.latest_quote
                  ? `${formatMoney(thread.latest_quote.price, thread.latest_quote.currency)} per robot, valid until ${formatDay(thread.latest_quote.valid_until)}.`
                  : null}
              </p>
              <Button onClick={() => void run('accept', 'Quote accepted')} disabled={action.isPending}>
                Accept quote
              </Button>
              <Button variant="outline" onClick={() => void run('decline', 'Quote declined')} disabled={action.isPending}>
                Decline
              </Button>
            </Card>
          ) : null}
          {thread.can.quote ? (
            quoting ? (
              <Card>
                <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">Send a quote</h2>
                <QuoteForm
                  submitLabel="Send quote"
                  onCancel={() => setQuoting(false)}
                  onSubmit={async ({ quote }) => {
                    await action.mutateAsync({ type: 'quote', quote });
                    toast.success('Quote sent');
                    setQuoting(false);
                  }}
                />
              </Card>
            ) : (
              <Button onClick={() => setQuoting(true)}>{thread.latest_quote ? 'Send a new quote' : 'Send a quote'}</Button>
            )
          ) : null}
          {thread.can.reply ? (
            <ReplyBox onSend={(body) => action.mutateAsync({ type: 'message', body })} />
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">This conversation is closed.</p>
          )}
        </div>
        <aside className="min-w-0 space-y-6">
          {thread.quote_request ? (
            <Card>
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">The request</h2>
              <dl className="mt-3 space-y-1 text-sm">
                <Row label="Robot" value={thread.robot ? <Link to={paths.robot.getHref(thread.robot.id)} className="underline">{robotName(thread.robot)}</Link> : '—'} />
                <Row label="Quantity" value={String(thread.quote_request.quantity)} />
                <Row label="Needed" value={formatTimeline(thread.quote_request.timeline)} />
                {thread.project ? <Row label="Project" value={thread.project.project_name} /> : null}
                {rows.map((row) => (
                  <Row key={row.label} label={row.label} value={row.value} />
                ))}
              </dl>
            </Card>
          ) : thread.robot ? (
            <Card>
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">About</h2>
              <p className="mt-2 text-sm">
                <Link to={paths.robot.getHref(thread.robot.id)} className="underline">
                  {robotName(thread.robot)}
                </Link>
                {thread.project ? ` · ${thread.project.project_name}` : ''}
              </p>
            </Card>
          ) : null}
          <Card>
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{thread.role === 'buyer' ? 'Seller' : 'Buyer'}</h2>
            <p className="mt-2 font-medium text-slate-900 dark:text-white">
              {other.name}
              {other.company_name ? `, ${other.company_name}` : ''}
            </p>
            <p className="mt-1 flex flex-col gap-1 text-sm">
              {other.email ? (
                <a href={`mailto:${other.email}`} className="inline-flex items-center gap-1 break-all underline underline-offset-4">
                  <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                  {other.email}
                </a>
              ) : null}
              {other.phone ? (
                <a href={`tel:${other.phone}`} className="inline-flex items-center gap-1 underline underline-offset-4">
                  <Phone className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                  {other.phone}
                </a>
              ) : null}
            </p>
          </Card>
          {thread.can.close ? (
            <Button variant="ghost" onClick={() => void run('close', 'Conversation closed')} disabled={action.isPending}>
              Close conversation
            </Button>
          ) : null}
        </aside>
      </div>
    </Page>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

function MessageBubble({ message }: { message: ThreadMessage }) {
  if (message.kind === 'status') {
    return (
      <p className="text-center text-sm font-medium text-slate-700 dark:text-slate-300">
        {message.body} · <time dateTime={message.created_at}>{formatWhen(message.created_at)}</time>
      </p>
    );
  }
  return (
    <article
      aria-label={`${message.mine ? 'You' : message.author.name}, ${formatWhen(message.created_at)}`}
      className={cn(
        cardClasses,
        'max-w-[min(36rem,92%)] p-4',
        message.mine ? 'ml-auto border-orange-300 bg-orange-50 dark:border-orange-800 dark:bg-orange-950/40' : 'mr-auto',
      )}
    >
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {message.mine ? 'You' : message.author.name} · <time dateTime={message.created_at}>{formatWhen(message.created_at)}</time>
      </p>
      {message.quote ? (
        <div className="mt-1">
          <p className="text-sm font-semibold text-slate-900 dark:text-white">Quote</p>
          <p className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white">
            {formatMoney(message.quote.price, message.quote.currency)}
            <span className="ml-1 text-sm font-normal text-slate-700 dark:text-slate-300">per robot</span>
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Valid until {formatDay(message.quote.valid_until)}
            {message.quote.expired ? (
              <Badge tone="danger" className="ml-2">
                Expired
              </Badge>
            ) : null}
          </p>
        </div>
      ) : null}
      {message.body ? <p className="mt-1 whitespace-pre-line break-words text-slate-900 dark:text-slate-100">{message.body}</p> : null}
    </article>
  );
}

const replySchema = z.object({ body: sendMessageSchema.shape.body });

function ReplyBox({ onSend }: { onSend: (body: string) => Promise<unknown> }) {
  const {
    register,
    submit,
    reset,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<z.input<typeof replySchema>, unknown, z.output<typeof replySchema>>({
    resolver: zodResolver(replySchema),
    defaultValues: { body: '' },
    fields: ['body'],
    onValid: async ({ body }) => {
      await onSend(body);
      reset();
    },
    failureMessage: 'Your message could not be sent. Please try again.',
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Reply">
      <FormAlert message={formError} />
      <Field label="Your message" error={errors.body?.message}>
        <Textarea rows={3} {...register('body')} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting}>
          Send
        </Button>
      </div>
    </form>
  );
}
