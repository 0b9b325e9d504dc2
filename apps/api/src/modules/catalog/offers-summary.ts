import { offerConditions, offerImageUrl, type OfferSummary } from '@cellforge/contracts';

type CoverImage = { id: string; width: number; height: number; alt: string };

/** The cover kept in robot_offer_summaries.cover_image (jsonb; a string from a raw query on some drivers). */
function toCover(value: unknown): OfferSummary['image'] {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as CoverImage | null | undefined;
  if (!v || typeof v.id !== 'string') return null;
  return { id: v.id, url: offerImageUrl(v.id, 'thumb'), width: Number(v.width), height: Number(v.height), alt: String(v.alt ?? '') };
}

/** A row of robot_offer_summaries (migration 0010) as the robot shape's `offers`. */
/** The summary; `image` only when the model's offers have a picture (absent: the placeholder). */
export function toOfferSummary(r: {
  offers: number;
  priceMinUsd: number | null;
  priceMaxUsd: number | null;
  leadTimeWeeksMin: number | null;
  conditions: string[];
  coverImage?: unknown;
}): OfferSummary {
  const image = toCover(r.coverImage);
  return {
    count: Number(r.offers),
    price_min_usd: r.priceMinUsd === null ? null : Number(r.priceMinUsd),
    price_max_usd: r.priceMaxUsd === null ? null : Number(r.priceMaxUsd),
    lead_time_weeks_min: r.leadTimeWeeksMin === null ? null : Number(r.leadTimeWeeksMin),
    conditions: offerConditions.filter((c) => r.conditions.includes(c)),
    ...(image ? { image } : {}),
  };
}
