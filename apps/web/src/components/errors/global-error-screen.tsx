import { isChunkLoadError } from '@/lib/lazy-route';

export interface GlobalErrorScreenProps {
  error?: unknown;
  /** Injected in tests; defaults to reloading / leaving for the home page. */
  onReload?: () => void;
  onGoHome?: () => void;
}

/**
 * docs/product.md §3.3: the global error screen. Stands alone (no router, no providers)
 * because it may replace the whole app.
 */
export function GlobalErrorScreen({ error, onReload, onGoHome }: GlobalErrorScreenProps) {
  const chunkFailed = isChunkLoadError(error);
  const reload = onReload ?? (() => window.location.reload());
  const goHome = onGoHome ?? (() => window.location.assign('/'));
  const buttonBase =
    'inline-flex min-h-11 items-center justify-center rounded-lg px-5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 dark:focus-visible:outline-orange-400';

  return (
    <main className="flex min-h-screen items-center justify-center bg-white px-4 py-16 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <title>Something went wrong</title>
      <div role="alert" className="w-full max-w-md text-center">
        <h1 className="text-3xl font-bold tracking-tight">Oops! Something went wrong</h1>
        <p className="mt-4 text-slate-700 dark:text-slate-300">
          {chunkFailed
            ? 'Part of the app could not be loaded. This usually happens after an update or on a weak connection; reloading the page fixes it.'
            : 'An unexpected error stopped this page. Reload to try again, or go back to the home page.'}
        </p>
        {import.meta.env.DEV && error instanceof Error ? (
          <pre className="mt-6 overflow-x-auto rounded-lg bg-slate-100 p-3 text-left text-xs text-red-800 dark:bg-slate-900 dark:text-red-300">
            {error.name}: {error.message}
          </pre>
        ) : null}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <button
            type="button"
            onClick={reload}
            className={`${buttonBase} bg-orange-700 text-white hover:bg-orange-800 dark:bg-orange-600 dark:text-slate-950 dark:hover:bg-orange-500`}
          >
            Reload Page
          </button>
          <button
            type="button"
            onClick={goHome}
            className={`${buttonBase} border border-slate-300 text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800`}
          >
            Go Home
          </button>
        </div>
      </div>
    </main>
  );
}
