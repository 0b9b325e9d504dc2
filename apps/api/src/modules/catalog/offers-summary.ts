import { offerConditions, type OfferSummary } from '@cellforge/contracts';

/** A row of robot_offer_summaries (migration 0010) as the robot shape's `offers`. */
export function toOfferSummary(r: { offers: number; priceMinUsd: number | null; priceMaxUsd: number | null; leadTimeWeeksMin: number | null; conditions: string[] }): OfferSummary {
  return {
    count: Number(r.offers),
    price_min_usd: r.priceMinUsd === null ? null : Number(r.priceMinUsd),
    price_max_usd: r.priceMaxUsd === null ? null : Number(r.priceMaxUsd),
    lead_time_weeks_min: r.leadTimeWeeksMin === null ? null : Number(r.leadTimeWeeksMin),
    conditions: offerConditions.filter((c) => r.conditions.includes(c)),
  };
}
