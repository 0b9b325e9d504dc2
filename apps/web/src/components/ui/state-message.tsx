import type { ReactNode } from 'react';
import { AlertTriangle, Inbox } from 'lucide-react';
import { cn } from '@/lib/cn';
import { errorMessageOf } from '@/lib/api-answer';
import { Button } from './button';

interface StateMessageProps {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** Nothing to show (yet): a short title, one sentence, maybe a way forward. */
export function EmptyState({ title, children, actions, className }: StateMessageProps) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700',
        className,
      )}
    >
      <Inbox className="mx-auto h-8 w-8 text-slate-500 dark:text-slate-400" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children ? <div className="mt-2 text-slate-700 dark:text-slate-300">{children}</div> : null}
      {actions ? <div className="mt-5 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
}

interface ErrorStateProps extends Omit<StateMessageProps, 'title'> {
  title?: string;
  /** The failure, in words a user can act on. */
  message: string;
  /** Shows a Retry button. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load: what went wrong, and Retry when asking again may help. */
export function ErrorState({ title = 'Something went wrong', message, onRetry, retrying, actions, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-2xl border border-red-300 bg-red-50 px-6 py-8 text-center dark:border-red-900 dark:bg-red-950/40',
        className,
      )}
    >
      <AlertTriangle className="mx-auto h-8 w-8 text-red-700 dark:text-red-400" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-red-900 dark:text-red-100">{title}</h2>
      <p className="mt-2 text-red-900 dark:text-red-100">{message}</p>
      {onRetry || actions ? (
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          {onRetry ? (
            <Button variant="outline" onClick={onRetry} loading={retrying}>
              Retry
            </Button>
          ) : null}
          {actions}
        </div>
      ) : null}
    </div>
  );
}

/** What QueryErrorState needs of a failed react-query query. */
export interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The error state of a failed query: the server's message (or a generic one) and a
 * Retry that refetches and shows progress while it does.
 */
export function QueryErrorState({ title, query, className }: { title: string; query: FailedQuery; className?: string }) {
  return (
    <ErrorState
      title={title}
      message={errorMessageOf(query.error, 'Please try again in a moment.')}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      className={className}
    />
  );
}
