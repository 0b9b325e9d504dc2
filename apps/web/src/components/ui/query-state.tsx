import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-message';
import { isConnectionError, serverMessageOf } from '@/lib/query-errors';
import { MESSAGES } from '@/lib/integrator-messages';

export function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center gap-3 text-slate-700 dark:text-slate-300">
      <Spinner label={label} />
      <span aria-hidden="true">{label}…</span>
    </div>
  );
}

/** docs/product.md §3.11: an empty tab (and a failed load that is not a connection problem) reads "No Entry". */
export function NoEntry({ children, actions }: { children?: ReactNode; actions?: ReactNode }) {
  return (
    <EmptyState title={MESSAGES.noEntry} actions={actions}>
      {children}
    </EmptyState>
  );
}

export interface QueryStateProps {
  /** The query's error (null/undefined when it did not fail). */
  error: unknown;
  isPending: boolean;
  isRefetching?: boolean;
  onRetry: () => void;
  loadingLabel: string;
  /** The spec's connection-error text for this tab. */
  connectionMessage: string;
}

/**
 * Loading, connection error (with Retry) or data error ("No Entry" with the server's
 * words under it) for a tab's main query; null when there is data to show.
 */
export function QueryState({ error, isPending, isRefetching, onRetry, loadingLabel, connectionMessage }: QueryStateProps) {
  if (error) {
    if (isConnectionError(error)) {
      return <ErrorState title="Connection error" message={connectionMessage} onRetry={onRetry} retrying={isRefetching} />;
    }
    const detail = serverMessageOf(error);
    return <NoEntry>{detail ? <p className="text-sm">{detail}</p> : null}</NoEntry>;
  }
  if (isPending) return <LoadingState label={loadingLabel} />;
  return null;
}
