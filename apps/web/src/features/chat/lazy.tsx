import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Skeleton } from '@/components/ui/skeleton';
import { loadChunk } from '@/lib/lazy-route';
import type { CopilotChatProps } from './components/copilot-chat';

/**
 * The chat feature's entry points for other parts of the app. Only this file and the
 * small widget launcher load with a page: the conversation code is its own chunk, so it
 * does not weigh on the home page's first paint.
 */
const CopilotChat = lazy(() => loadChunk(() => import('./components/copilot-chat')));

export { ChatWidget } from './components/chat-widget';

/** The copilot chat (home page, agent page), loaded on demand. */
export function LazyCopilotChat(props: CopilotChatProps) {
  return (
    <ErrorBoundary
      fallback={() => (
        <p role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-4 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          The chat could not be loaded. Check your connection and reload the page.
        </p>
      )}
    >
      <Suspense fallback={<CopilotChatPlaceholder />}>
        <CopilotChat {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Keeps the chat's place while its code loads (no layout shift). */
function CopilotChatPlaceholder() {
  return (
    <div
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      aria-busy="true"
      aria-label="Loading the chat"
      role="status"
    >
      <Skeleton className="min-h-48 w-full" />
      <Skeleton className="h-[5.5rem] w-full" />
    </div>
  );
}
