import { offerConditions, offerCurrencies, offerImageUrl, type OfferSummary } from '@cellforge/contracts';
import { EXCHANGE_RATES, extremeInUsd } from '@cellforge/requirements';
import { sql, type SQL } from 'drizzle-orm';

type CoverImage = { id: string; width: number; height: number; alt: string };
type PricesByCurrency = Partial<Record<(typeof offerCurrencies)[number], number>>;

/** What orders a model's offers: the price (either bound), its currency, the lead time and when it was made. */
export interface OfferOrderKey {
  price: number | null;
  currency: string;
  leadTimeWeeks: number | null;
  createdAt: Date | string;
}

/** An offer's price in USD by the one table, unrounded (an unknown currency: no price). */
function usdValue(o: OfferOrderKey): number | null {
  const rate = (EXCHANGE_RATES.usdPer as Record<string, number>)[o.currency];
  return o.price === null || rate === undefined || !Number.isFinite(o.price) ? null : o.price * rate;
}

/**
 * The order of a model's offers (the robot page's table and the card's cover picture): lowest
 * price first, compared in USD through the one currency table (£23,000 ≈ $29,394 after
 * $29,000), unpriced offers last; equal prices: the shorter lead time (unknown last), then the
 * newest offer. The converted amounts are compared unrounded, so two prices in one currency
 * never tie by rounding.
 */
export function compareOffers(a: OfferOrderKey, b: OfferOrderKey): number {
  const last = (x: number | null) => (x === null ? Number.POSITIVE_INFINITY : x);
  return (
    last(usdValue(a)) - last(usdValue(b)) ||
    last(a.leadTimeWeeks) - last(b.leadTimeWeeks) ||
    new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime()
  );
}

type CoverCandidate = CoverImage & { currency: string; price: number | null; lead_time_weeks: number | null; created_at: string };

/**
 * The cover kept in robot_offer_summaries.cover_image (jsonb; a string from a raw query on some
 * drivers). Since migration 0029 it holds the candidates, one per currency (the first picture
 * of that currency's first offer with pictures, unpriced ones apart), and the cover is the
 * first of them in offer order (compareOffers): the database holds no exchange rate. A single
 * object is a cover written before 0029.
 */
function toCover(value: unknown): OfferSummary['image'] {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as CoverImage | CoverCandidate[] | null | undefined;
  const cover = Array.isArray(v)
    ? v
        .filter((c): c is CoverCandidate => Boolean(c) && typeof c.id === 'string')
        .map((c) => ({ c, key: { price: c.price === null ? null : Number(c.price), currency: c.currency, leadTimeWeeks: c.lead_time_weeks === null ? null : Number(c.lead_time_weeks), createdAt: c.created_at } }))
        .sort((x, y) => compareOffers(x.key, y.key) || x.c.id.localeCompare(y.c.id))[0]?.c
    : v;
  if (!cover || typeof cover.id !== 'string') return null;
  return { id: cover.id, url: offerImageUrl(cover.id, 'thumb'), width: Number(cover.width), height: Number(cover.height), alt: String(cover.alt ?? '') };
}

/** price_lows / price_highs (jsonb, migration 0026): the offer currencies' amounts, nothing else. */
function toPrices(value: unknown): PricesByCurrency {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown> | null | undefined;
  const out: PricesByCurrency = {};
  if (!v || typeof v !== 'object') return out;
  for (const c of offerCurrencies) {
    const n = Number(v[c]);
    if (v[c] !== null && v[c] !== undefined && Number.isFinite(n)) out[c] = n;
  }
  return out;
}

/**
 * A row of robot_offer_summaries (migrations 0010, 0016, 0026) as the robot shape's `offers`:
 * the lowest price in its own currency and the band in USD, offers compared through the one
 * currency table; `image` only when the model's offers have a picture (absent: the placeholder).
 */
export function toOfferSummary(r: {
  offers: number;
  leadTimeWeeksMin: number | null;
  conditions: string[];
  priceLows?: unknown;
  priceHighs?: unknown;
  coverImage?: unknown;
}): OfferSummary {
  const image = toCover(r.coverImage);
  const lowest = extremeInUsd(toPrices(r.priceLows), 'lowest');
  const highest = extremeInUsd(toPrices(r.priceHighs), 'highest');
  return {
    count: Number(r.offers),
    lowest_price: lowest?.amount ?? null,
    lowest_price_currency: (lowest?.currency as OfferSummary['lowest_price_currency'] | undefined) ?? null,
    price_min_usd: lowest?.usd ?? null,
    price_max_usd: highest?.usd ?? null,
    lead_time_weeks_min: r.leadTimeWeeksMin === null ? null : Number(r.leadTimeWeeksMin),
    conditions: offerConditions.filter((c) => r.conditions.includes(c)),
    ...(image ? { image } : {}),
  };
}

/** A rate of the one table as an SQL literal (a finite number from code, never input). */
function rateLiteral(currency: (typeof offerCurrencies)[number]): SQL {
  const rate = EXCHANGE_RATES.usdPer[currency];
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`No exchange rate for ${currency}`);
  return sql.raw(`${rate}::float8`);
}

/**
 * The offers' lowest (min) or highest (max) price in USD, in SQL, from a summary row's
 * per-currency prices (`alias`."price_lows" / "price_highs"), converted by the one currency
 * table exactly as toUsd does (Math.round(amount * rate)): what toOfferSummary answers as
 * price_min_usd / price_max_usd, so the price filter and sort read the price the card shows.
 * Null when no offer is priced (the caller falls back to the list price). float8: no overflow.
 */
export function offerPriceUsdSql(bound: 'min' | 'max', alias = 'os'): SQL {
  const column = sql.raw(`${alias}."${bound === 'min' ? 'price_lows' : 'price_highs'}"`);
  const terms = offerCurrencies.map((c) => sql`floor((${column}->>${sql.raw(`'${c}'`)})::float8 * ${rateLiteral(c)} + 0.5)`);
  return sql`${sql.raw(bound === 'min' ? 'least' : 'greatest')}(${sql.join(terms, sql`, `)})`;
}
