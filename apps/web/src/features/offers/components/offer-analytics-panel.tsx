import { lazy, Suspense, useId, useState } from 'react';
import type { OfferAnalytics } from '@cellforge/contracts';
import { cardClasses } from '@/components/ui/card';
import { PeriodHeading } from '@/components/ui/period-heading';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, QueryErrorState } from '@/components/ui/state-message';
import { cn } from '@/lib/cn';
import { conditionLabel } from '@/lib/offer-format';
import { robotName } from '@/lib/robot-format';
import { useOfferAnalytics } from '../api/offer-analytics';
import { formatDay, formatRate, offerAnalyticsSummary, offerTotals } from '../utils/offer-analytics';
import { OfferSeriesLegend } from './offer-analytics-series';

const OfferAnalyticsChart = lazy(() => import('./offer-analytics-chart'));

/** Per offer: views, requests, quotes sent and the quote-to-win rate over time; a chart, the same in words, and a table. */
export function OfferAnalyticsPanel() {
  const [days, setDays] = useState<number>(30);
  const analytics = useOfferAnalytics(days);

  return (
    <section aria-labelledby="offer-analytics-heading">
      <PeriodHeading id="offer-analytics-heading" title="Offer analytics" days={days} onDaysChange={setDays} />
      <p className="mt-2 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        Views count the visits to the model's page since your offer was made. Requests are the buyers' requests and questions about the model that reached you;
        the quote-to-win rate is the share of the conversations you quoted in the period that the buyer accepted.
      </p>
      <div className="mt-4" aria-busy={analytics.isFetching || undefined}>
        {analytics.isPending ? (
          <div role="status" aria-label="Loading offer analytics">
            <Skeleton className="h-72 rounded-2xl" />
          </div>
        ) : analytics.isError ? (
          <QueryErrorState title="Offer analytics could not be loaded" query={analytics} />
        ) : analytics.data.data.length === 0 ? (
          <EmptyState title="No offers to measure yet">
            <p>Views, requests, quotes and wins appear here for each offer you make.</p>
          </EmptyState>
        ) : (
          <ul className={cn('space-y-4', analytics.isPlaceholderData && 'opacity-60')}>
            {analytics.data.data.map((offer) => (
              <li key={offer.offer_id}>
                <OfferAnalyticsCard offer={offer} days={analytics.data.days} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function OfferAnalyticsCard({ offer, days }: { offer: OfferAnalytics; days: number }) {
  const headingId = useId();
  const summaryId = useId();
  const name = `${robotName(offer.robot)} (${conditionLabel(offer.condition)})`;
  const activeDays = offer.series.filter((day) => day.views + day.requests + day.quotes + day.wins > 0);
  return (
    <article aria-labelledby={headingId} className={cn(cardClasses, 'p-4 sm:p-5')}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {name}
          {offer.status === 'paused' && <span className="ml-2 text-sm font-normal text-slate-700 dark:text-slate-300">Paused</span>}
        </h3>
        <p className="text-sm tabular-nums text-slate-700 dark:text-slate-300">{offerTotals(offer)}</p>
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Quote-to-win rate: <span className="font-semibold text-slate-900 dark:text-white">{formatRate(offer.win_rate)}</span>
        {offer.win_rate !== null && ` (${offer.won_threads} of ${offer.quoted_threads} quoted)`}
      </p>
      <figure className="mt-4" aria-describedby={summaryId}>
        <OfferSeriesLegend />
        <div className="mt-2">
          <Suspense fallback={<Skeleton className="h-64" />}>
            <OfferAnalyticsChart series={offer.series} />
          </Suspense>
        </div>
        <figcaption id={summaryId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {offerAnalyticsSummary(offer, days)}
        </figcaption>
      </figure>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-orange-800 dark:text-orange-300">Show the figures as a table</summary>
        {activeDays.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">No views, requests or quotes in this period.</p>
        ) : (
          // Scrolls sideways on a phone: focusable, so the arrow keys scroll it too.
          <div className="mt-2 overflow-x-auto" role="region" aria-label={`Figures per day for ${name}`} tabIndex={0}>
            <table className="w-full min-w-[28rem] max-w-2xl text-left">
              <caption className="sr-only">Views, requests, quotes sent, quotes won and quote-to-win rate per day for {name} (days with activity)</caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-1.5 pr-3">Day</th>
                  <th scope="col" className="py-1.5 pr-3 text-right">Views</th>
                  <th scope="col" className="py-1.5 pr-3 text-right">Requests</th>
                  <th scope="col" className="py-1.5 pr-3 text-right">Quotes sent</th>
                  <th scope="col" className="py-1.5 pr-3 text-right">Won</th>
                  <th scope="col" className="py-1.5 text-right">Win rate so far</th>
                </tr>
              </thead>
              <tbody>
                {activeDays.map((day) => (
                  <tr key={day.date} className="border-b border-slate-100 dark:border-slate-800">
                    <th scope="row" className="py-1.5 pr-3 font-normal">
                      <time dateTime={day.date}>{formatDay(day.date)}</time>
                    </th>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{day.views}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{day.requests}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{day.quotes}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{day.wins}</td>
                    <td className="py-1.5 text-right tabular-nums">{day.win_rate === null ? '–' : formatRate(day.win_rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </article>
  );
}
