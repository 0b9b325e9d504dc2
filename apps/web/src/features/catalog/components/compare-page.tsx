import { ArrowLeft, MessageCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/api-answer';
import { openChatWidget } from '@/lib/open-chat-widget';
import { useCompareRobots } from '../api/get-compare-robots';
import { parseCompareIds } from '../utils/compare';
import { CompareTable } from './compare-table';

/** The catalog with these robots picked, to add or swap one. */
function catalogHref(ids: readonly string[]): string {
  return ids.length ? `${paths.catalog.getHref()}?${new URLSearchParams({ compare: ids.join(',') }).toString()}` : paths.catalog.getHref();
}

/** /compare?ids=a,b,c: up to 4 robots side by side (assistant page name: compare). */
export function ComparePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { ids, dropped } = parseCompareIds(searchParams.get('ids'));
  const robots = useCompareRobots(ids);

  const setIds = (next: readonly string[]) => {
    const params = new URLSearchParams(searchParams);
    if (next.length) params.set('ids', next.join(','));
    else params.delete('ids');
    setSearchParams(params);
  };

  const backLink = (
    <Link to={catalogHref(ids)} className={buttonClasses({ variant: 'outline' })}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {ids.length ? 'Add or change robots' : 'Go to the catalog'}
    </Link>
  );

  let content;
  if (ids.length === 0) {
    content = (
      <EmptyState title="No robots to compare yet" actions={backLink}>
        <p>Tick &ldquo;Compare&rdquo; on up to 4 robots in the catalog, then open the comparison.</p>
      </EmptyState>
    );
  } else if (robots.isPending) {
    content = (
      <div role="status" aria-label="Loading the comparison">
        <Skeleton className="h-96 rounded-2xl" />
      </div>
    );
  } else if (robots.isError) {
    const notFound = isApiError(robots.error) && (robots.error.status === 404 || robots.error.status === 400);
    content = (
      <ErrorState
        title={notFound ? 'Some of these robots are not in the catalog' : 'The comparison could not be loaded'}
        message={errorMessageOf(robots.error, 'Please try again in a moment.')}
        onRetry={notFound ? undefined : () => void robots.refetch()}
        retrying={robots.isFetching}
        actions={backLink}
      />
    );
  } else {
    content = (
      <>
        {dropped > 0 ? (
          <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
            Only the first 4 robots are compared.
          </p>
        ) : null}
        <CompareTable robots={robots.data.filter((robot) => ids.includes(robot.id))} onRemove={(id) => setIds(ids.filter((other) => other !== id))} />
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          A dash means the source does not publish the figure; it is left out of the ranking. Prices are compared at
          the middle of each indicative band.
        </p>
      </>
    );
  }

  return (
    <Page
      title="Compare robots"
      lead={<p>Figures side by side. In each row the best value is marked &ldquo;Best&rdquo; and has the longest bar.</p>}
      actions={
        ids.length > 0 ? (
          <>
            {backLink}
            <Button variant="outline" onClick={() => openChatWidget({ page: 'compare', robotIds: ids })}>
              <MessageCircle className="h-4 w-4" aria-hidden="true" />
              Ask the assistant
            </Button>
          </>
        ) : undefined
      }
    >
      {content}
    </Page>
  );
}
