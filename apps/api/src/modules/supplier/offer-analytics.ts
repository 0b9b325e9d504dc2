import type { OfferAnalytics, OfferAnalyticsDay } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { dailyViewsOfOffers, type OfferDailyViews } from '../catalog';
import { sellerThreadEvents, type SellerThreadEvent } from '../leads';

/**
 * Per offer and day: views of the model's page, requests received about the model, quotes sent,
 * quotes accepted, and the quote-to-win rate so far in the period: of the conversations quoted
 * in the period up to that day, the share the buyer accepted (null before the first quote).
 * `viewRows` come one per offer and day, oldest day first (dailyViewsOfOffers).
 */
export function buildOfferAnalytics(viewRows: readonly OfferDailyViews[], events: readonly SellerThreadEvent[]): OfferAnalytics[] {
  const byOffer = new Map<string, { entry: OfferAnalytics; days: Map<string, OfferAnalyticsDay> }>();
  for (const row of viewRows) {
    let item = byOffer.get(row.offer_id);
    if (!item) {
      item = {
        entry: {
          offer_id: row.offer_id,
          robot: { id: row.robot_id, manufacturer: row.manufacturer, model: row.model, category: row.category },
          condition: row.condition as OfferAnalytics['condition'],
          status: row.status as OfferAnalytics['status'],
          total_views: 0,
          total_requests: 0,
          total_quotes: 0,
          total_wins: 0,
          quoted_threads: 0,
          won_threads: 0,
          win_rate: null,
          series: [],
        },
        days: new Map(),
      };
      byOffer.set(row.offer_id, item);
    }
    const day: OfferAnalyticsDay = { date: row.date, views: Number(row.views), requests: 0, quotes: 0, wins: 0, win_rate: null };
    item.entry.series.push(day);
    item.days.set(row.date, day);
  }

  const eventsByRobot = new Map<string, SellerThreadEvent[]>();
  for (const event of events) eventsByRobot.set(event.robot_id, [...(eventsByRobot.get(event.robot_id) ?? []), event]);

  for (const { entry, days } of byOffer.values()) {
    const mine = eventsByRobot.get(entry.robot.id) ?? [];
    for (const event of mine) {
      const day = days.get(event.date);
      if (!day) continue;
      if (event.kind === 'request') day.requests += 1;
      else if (event.kind === 'quote') day.quotes += 1;
      else day.wins += 1;
    }
    // The rate over time: conversations quoted so far in the period, and those of them won so far.
    const firstQuote = new Map<string, string>();
    const won = new Map<string, string>();
    for (const event of mine) {
      if (event.kind === 'quote') {
        const seen = firstQuote.get(event.lead_id);
        if (!seen || event.date < seen) firstQuote.set(event.lead_id, event.date);
      } else if (event.kind === 'win') won.set(event.lead_id, event.date);
    }
    for (const day of entry.series) {
      const quoted = [...firstQuote.entries()].filter(([, date]) => date <= day.date).map(([lead]) => lead);
      const wins = quoted.filter((lead) => (won.get(lead) ?? '9999') <= day.date).length;
      day.win_rate = quoted.length ? wins / quoted.length : null;
    }
    entry.total_views = entry.series.reduce((sum, d) => sum + d.views, 0);
    entry.total_requests = entry.series.reduce((sum, d) => sum + d.requests, 0);
    entry.total_quotes = entry.series.reduce((sum, d) => sum + d.quotes, 0);
    entry.total_wins = entry.series.reduce((sum, d) => sum + d.wins, 0);
    entry.quoted_threads = firstQuote.size;
    entry.won_threads = [...firstQuote.keys()].filter((lead) => won.has(lead)).length;
    entry.win_rate = entry.quoted_threads ? entry.won_threads / entry.quoted_threads : null;
  }
  return [...byOffer.values()].map((item) => item.entry);
}

/** A supplier's analytics per offer over the last `days` days (GET /api/supplier/offer-analytics). */
export async function offerAnalytics(db: Database, supplierId: string, days: number): Promise<OfferAnalytics[]> {
  const viewRows = await dailyViewsOfOffers(db, supplierId, days);
  const robotIds = [...new Set(viewRows.map((row) => row.robot_id))];
  return buildOfferAnalytics(viewRows, await sellerThreadEvents(db, supplierId, robotIds, days));
}
