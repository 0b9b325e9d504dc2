import type { ListingAnalytics } from '../api/get-analytics';

import { formatDay } from '@/lib/format-day';

export { formatDay };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The chart in one sentence, for screen readers and anyone who prefers words. */
export function analyticsSummary(listing: ListingAnalytics, days: number): string {
  const head = `${plural(listing.total_views, 'view')} and ${plural(listing.total_leads, 'lead')} in the last ${plural(days, 'day')}.`;
  if (listing.total_views === 0 && listing.total_leads === 0) return `${head} No activity yet.`;
  const busiest = listing.series.reduce<ListingAnalytics['series'][number] | undefined>(
    (best, day) => (!best || day.views > best.views ? day : best),
    undefined,
  );
  const parts = [head];
  if (busiest && busiest.views > 0) parts.push(`Most views on ${formatDay(busiest.date)} (${busiest.views}).`);
  const leadDays = listing.series.filter((day) => day.leads > 0).map((day) => formatDay(day.date));
  if (leadDays.length) parts.push(`Leads arrived on ${leadDays.slice(-5).join(', ')}.`);
  return parts.join(' ');
}
