import type { ListingAnalytics } from '../api/get-analytics';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "2025-03-04" -> "Mar 4" (dates are calendar days, read as UTC so they do not shift). */
export function formatDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dayFormat.format(parsed);
}

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
