import { lazy, Suspense, useId, useState } from 'react';
import { cardClasses } from '@/components/ui/card';
import { PeriodHeading } from '@/components/ui/period-heading';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, QueryErrorState } from '@/components/ui/state-message';
import { cn } from '@/lib/cn';
import { robotName } from '@/lib/robot-format';
import { useAnalytics, type ListingAnalytics } from '../api/get-analytics';
import { analyticsSummary, formatDay } from '../utils/analytics';

const ListingChart = lazy(() => import('./listing-chart'));

/** Views and leads per listing over time: a chart, the same in one sentence, and the figures as a table. */
export function AnalyticsPanel() {
  const [days, setDays] = useState<number>(30);
  const analytics = useAnalytics(days);

  return (
    <section aria-labelledby="analytics-heading">
      <PeriodHeading id="analytics-heading" title="Listing analytics" days={days} onDaysChange={setDays} />
      <div className="mt-4" aria-busy={analytics.isFetching || undefined}>
        {analytics.isPending ? (
          <div role="status" aria-label="Loading analytics">
            <Skeleton className="h-72 rounded-2xl" />
          </div>
        ) : analytics.isError ? (
          <QueryErrorState title="Analytics could not be loaded" query={analytics} />
        ) : analytics.data.data.length === 0 ? (
          <EmptyState title="No listings to measure yet">
            <p>Views and leads appear here for each robot you list.</p>
          </EmptyState>
        ) : (
          <ul className={cn('space-y-4', analytics.isPlaceholderData && 'opacity-60')}>
            {analytics.data.data.map((listing) => (
              <li key={listing.robot_id}>
                <ListingAnalyticsCard listing={listing} days={analytics.data.days} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ListingAnalyticsCard({ listing, days }: { listing: ListingAnalytics; days: number }) {
  const headingId = useId();
  const summaryId = useId();
  const name = robotName(listing);
  const activeDays = listing.series.filter((day) => day.views > 0 || day.leads > 0);
  return (
    <article aria-labelledby={headingId} className={cn(cardClasses, 'p-5')}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {name}
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <span className="font-semibold tabular-nums text-slate-900 dark:text-white">{listing.total_views}</span>{' '}
          {listing.total_views === 1 ? 'view' : 'views'} ·{' '}
          <span className="font-semibold tabular-nums text-slate-900 dark:text-white">{listing.total_leads}</span>{' '}
          {listing.total_leads === 1 ? 'lead' : 'leads'}
        </p>
      </div>
      <figure className="mt-4" aria-describedby={summaryId}>
        <Suspense fallback={<Skeleton className="h-60" />}>
          <ListingChart series={listing.series} />
        </Suspense>
        <figcaption id={summaryId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {analyticsSummary(listing, days)}
        </figcaption>
      </figure>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-orange-800 dark:text-orange-300">
          Show the figures as a table
        </summary>
        {activeDays.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">No views or leads in this period.</p>
        ) : (
          <table className="mt-2 w-full max-w-md text-left">
            <caption className="sr-only">Views and leads per day for {name} (days with activity)</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-1.5 pr-4">Day</th>
                <th scope="col" className="py-1.5 pr-4 text-right">Views</th>
                <th scope="col" className="py-1.5 text-right">Leads</th>
              </tr>
            </thead>
            <tbody>
              {activeDays.map((day) => (
                <tr key={day.date} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1.5 pr-4 font-normal">
                    <time dateTime={day.date}>{formatDay(day.date)}</time>
                  </th>
                  <td className="py-1.5 pr-4 text-right tabular-nums">{day.views}</td>
                  <td className="py-1.5 text-right tabular-nums">{day.leads}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </article>
  );
}
