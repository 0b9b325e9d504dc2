import type { BudgetConstraint, RequirementCurrency } from '@cellforge/contracts';
import { displayFigure } from '@cellforge/contracts/constants';

/**
 * The one conversion table from a buyer's currency to the catalog's (USD), for the chat, the
 * catalog search box and project matching alike (docs/decisions.md, "One currency rule for
 * budgets"). Budgets are rough, so a fixed, dated table is enough; the catalog's own prices
 * and offers are shown as the seller wrote them; offers in other currencies are compared,
 * filtered and sorted through this table (extremeInUsd; the catalog's SQL reads the same rates).
 *
 * Source: the European Central Bank's euro foreign exchange reference rates, annual average
 * 2024 (USD 1.0824, GBP 0.84662, CHF 0.9526, JPY 163.85, CNY 7.7875 per euro), crossed
 * through the euro and rounded to 4 significant digits.
 */
export const EXCHANGE_RATES = {
  /** What the rates are (the ECB publishes no rates for a single later day offline). */
  asOf: '2024 annual average',
  source: 'European Central Bank, euro foreign exchange reference rates',
  /** US dollars per unit of each currency. */
  usdPer: {
    USD: 1,
    EUR: 1.082,
    GBP: 1.278,
    CHF: 1.136,
    JPY: 0.006606,
    CNY: 0.139,
  } satisfies Record<RequirementCurrency, number>,
} as const;

/** An amount in a buyer's currency as USD (no currency given: USD, the catalog's). */
export function toUsd(amount: number, currency: RequirementCurrency | undefined): number {
  return Math.round(amount * EXCHANGE_RATES.usdPer[currency ?? 'USD']);
}

/** An amount in its own currency, with what it is in USD by the one table. */
export interface PriceInUsd {
  amount: number;
  currency: RequirementCurrency;
  usd: number;
}

/**
 * The lowest (or highest) of prices in several currencies, compared in USD through the one
 * table: {USD: 42000, EUR: 38000} -> 38,000 EUR (≈ $41,116). A tie keeps the first currency
 * given. Undefined when there is no price. Offers stay what the seller wrote: the answer is
 * the seller's amount and currency; `usd` is only what it was compared (and filtered) by.
 */
export function extremeInUsd(
  prices: Partial<Record<RequirementCurrency, number | null>>,
  which: 'lowest' | 'highest' = 'lowest',
): PriceInUsd | undefined {
  let best: PriceInUsd | undefined;
  for (const [currency, amount] of Object.entries(prices) as Array<[RequirementCurrency, number | null | undefined]>) {
    if (amount === null || amount === undefined || !(currency in EXCHANGE_RATES.usdPer) || !Number.isFinite(amount)) continue;
    const usd = toUsd(amount, currency);
    if (!best || (which === 'lowest' ? usd < best.usd : usd > best.usd)) best = { amount, currency, usd };
  }
  return best;
}

/** A budget's bounds in USD, by the one table. */
export function budgetInUsd(b: BudgetConstraint): { min?: number; max?: number } {
  return {
    ...(b.min !== undefined ? { min: toUsd(b.min, b.currency) } : {}),
    ...(b.max !== undefined ? { max: toUsd(b.max, b.currency) } : {}),
  };
}

const symbols: Record<RequirementCurrency, { before?: string; after?: string }> = {
  USD: { before: '$' },
  EUR: { before: '€' },
  GBP: { before: '£' },
  CHF: { after: ' CHF' },
  JPY: { before: '¥' },
  CNY: { after: ' CNY' },
};

/** "€40,000", "$40,000", "30,000 CHF". */
export function formatMoney(amount: number, currency: RequirementCurrency | undefined): string {
  const s = symbols[currency ?? 'USD'];
  return `${s.before ?? ''}${displayFigure(amount)}${s.after ?? ''}`;
}

/** A converted budget's precision: three significant digits (43,280 -> 43,300), for "≈ $43,300" in every language. */
export const roughUsd = (usd: number): number => Number(usd.toPrecision(3));

/** A USD figure for "≈ $43,300": three significant digits, a rough budget's precision. */
const approxUsd = (usd: number) => `$${displayFigure(roughUsd(usd))}`;

/**
 * How a budget was read, in the buyer's currency and, when that is not USD, what it is in the
 * catalog's: "budget ≤ €40,000 (≈ $43,300)", "budget ≤ $40,000", "budget €30,000–€50,000 (≈ $32,500–$54,100)".
 */
export function describeBudget(b: BudgetConstraint): string | undefined {
  const money = (n: number) => formatMoney(n, b.currency);
  const usd = budgetInUsd(b);
  const foreign = b.currency !== undefined && b.currency !== 'USD';
  let phrase: string;
  let inUsd: string;
  if (b.min !== undefined && b.max !== undefined && b.min !== b.max) {
    phrase = `budget ${money(b.min)}–${money(b.max)}`;
    inUsd = `${approxUsd(usd.min ?? 0)}–${approxUsd(usd.max ?? 0)}`;
  } else if (b.max !== undefined) {
    phrase = `budget ≤ ${money(b.max)}`;
    inUsd = approxUsd(usd.max ?? 0);
  } else if (b.min !== undefined) {
    phrase = `budget ≥ ${money(b.min)}`;
    inUsd = approxUsd(usd.min ?? 0);
  } else return undefined;
  return foreign ? `${phrase} (≈ ${inUsd})` : phrase;
}
