import type { Offer, OfferSummary } from '@cellforge/contracts';
import { UNKNOWN } from './robot-format';

const money = new Map<string, Intl.NumberFormat>();
/** A whole amount in a currency: "$42,000", "€41,000", "£39,500". */
export function formatMoney(value: number, currency: string): string {
  let format = money.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
    money.set(currency, format);
  }
  return format.format(value);
}

/** An offer's price: one amount, a range, "from"/"up to", or "Price on request". */
export function formatOfferPrice(offer: Pick<Offer, 'price_min' | 'price_max' | 'currency'>): string {
  const { price_min: low, price_max: high, currency } = offer;
  if (low === null && high === null) return 'Price on request';
  if (low !== null && high !== null) return low === high ? formatMoney(low, currency) : `${formatMoney(low, currency)}–${formatMoney(high, currency)}`;
  return low !== null ? `from ${formatMoney(low, currency)}` : `up to ${formatMoney(high ?? 0, currency)}`;
}

export const CONDITION_LABELS: Record<string, string> = { new: 'New', used: 'Used', refurbished: 'Refurbished' };
export const conditionLabel = (value: string) => CONDITION_LABELS[value] ?? value;

export function formatLeadTime(weeks: number | null): string {
  if (weeks === null) return UNKNOWN;
  if (weeks === 0) return 'In stock';
  return weeks === 1 ? '1 week' : `${weeks} weeks`;
}

/**
 * "3 offers from $42,000", "1 offer from €24,000": the lowest offer as its seller priced it (the
 * API compares currencies through the one currency table); "1 offer" when none is priced.
 */
export function offerSummaryText(summary: OfferSummary): string {
  const count = summary.count === 1 ? '1 offer' : `${summary.count} offers`;
  return summary.lowest_price === null || summary.lowest_price_currency === null ? count : `${count} from ${formatMoney(summary.lowest_price, summary.lowest_price_currency)}`;
}

/** "New, used · lead time from 2 weeks". */
export function offerSummaryDetail(summary: OfferSummary): string {
  const parts = [summary.conditions.map((c) => conditionLabel(c)).join(', ')];
  if (summary.lead_time_weeks_min !== null) {
    parts.push(summary.lead_time_weeks_min === 0 ? 'in stock' : `lead time from ${formatLeadTime(summary.lead_time_weeks_min)}`);
  }
  return parts.filter(Boolean).join(' · ');
}
