import type { OfferAnalytics } from '@cellforge/contracts';

import { formatDay } from '@/lib/format-day';

export { formatDay };

/** "1 view", "2 views"; "1 request", "0 requests"; "1 quote sent". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A rate 0-1 as a whole percentage ("50%"); "no quotes yet" when nothing was quoted. */
export function formatRate(rate: number | null): string {
  return rate === null ? 'no quotes yet' : `${Math.round(rate * 100)}%`;
}

/** The headline of an offer's card: "3 views · 1 request · 2 quotes sent · 1 won". */
export function offerTotals(offer: OfferAnalytics): string {
  return [
    plural(offer.total_views, 'view'),
    plural(offer.total_requests, 'request'),
    `${plural(offer.total_quotes, 'quote')} sent`,
    `${offer.total_wins} won`,
  ].join(' · ');
}

/** The chart in words, for screen readers and anyone who prefers them. */
export function offerAnalyticsSummary(offer: OfferAnalytics, days: number): string {
  const head = `In the last ${plural(days, 'day')}: ${plural(offer.total_views, 'view')} of the model page, ${plural(offer.total_requests, 'request')}, ${plural(offer.total_quotes, 'quote')} sent, ${plural(offer.total_wins, 'quote')} accepted.`;
  if (offer.total_views + offer.total_requests + offer.total_quotes + offer.total_wins === 0) return `${head} No activity yet.`;
  const parts = [head];
  if (offer.win_rate !== null) {
    parts.push(`Quote-to-win rate ${formatRate(offer.win_rate)} (${offer.won_threads} of ${plural(offer.quoted_threads, 'quoted conversation')}).`);
  }
  const busiest = offer.series.reduce<OfferAnalytics['series'][number] | undefined>((best, day) => (!best || day.views > best.views ? day : best), undefined);
  if (busiest && busiest.views > 0) parts.push(`Most views on ${formatDay(busiest.date)} (${busiest.views}).`);
  return parts.join(' ');
}
