import { describe, expect, it } from 'vitest';
import { budgetInUsd, describeBudget, EXCHANGE_RATES, extremeInUsd, parseRequirements, toUsd } from './index';

/**
 * A buyer states a budget in their own currency; the chat, the search box and project matching
 * apply it in the catalog's (USD) by this one table, and say how they read it.
 */
describe('budgets in the buyer’s currency', () => {
  it.each([
    ['cobot 8 kg, Budget 40.000 €', 'budget ≤ €40,000 (≈ $43,300)', 43280],
    ['max budget 50k EUR', 'budget ≤ €50,000 (≈ $54,100)', 54100],
    ['Budget höchstens 40.000 Euro', 'budget ≤ €40,000 (≈ $43,300)', 43280],
    ['presupuesto hasta 25.000 €', 'budget ≤ €25,000 (≈ $27,100)', 27050],
    ['budget under $40k', 'budget ≤ $40,000', 40000],
    ['welding robot under 20k', 'budget ≤ $20,000', 20000],
    ['budget £30,000', 'budget ≤ £30,000 (≈ $38,300)', 38340],
  ])('"%s" reads "%s" and applies at most $%d', (text, phrase, usd) => {
    const r = parseRequirements(text);
    expect(r.readAs).toContain(phrase);
    expect(budgetInUsd(r.budget ?? { max: 0 }).max).toBe(usd);
  });

  it('a range keeps both ends in each currency', () => {
    const r = parseRequirements('budget 40k–60k EUR');
    expect(r.readAs).toContain('budget €40,000–€60,000 (≈ $43,300–$64,900)');
    expect(budgetInUsd(r.budget ?? { max: 0 })).toEqual({ min: 43280, max: 64920 });
  });

  it('one dated table: every currency the parser reads has a rate, USD is 1', () => {
    expect(EXCHANGE_RATES.usdPer.USD).toBe(1);
    expect(EXCHANGE_RATES.asOf).toMatch(/20\d\d/);
    for (const rate of Object.values(EXCHANGE_RATES.usdPer)) expect(rate).toBeGreaterThan(0);
    expect(toUsd(1000, undefined)).toBe(1000);
    expect(toUsd(1_000_000, 'JPY')).toBe(6606);
  });

  it('describes a budget without a currency as dollars', () => {
    expect(describeBudget({ max: 45000 })).toBe('budget ≤ $45,000');
  });
});

describe('millions with the currency after the abbreviation (session 12)', () => {
  it.each([
    ['Budget 1,5 Mio. €', { max: 1_500_000, currency: 'EUR' }],
    ['presupuesto de 1,2 millones de euros', { max: 1_200_000, currency: 'EUR' }],
    ['Budget 1,5 Mio.', { max: 1_500_000 }],
    ['budget 40k EUR', { max: 40_000, currency: 'EUR' }],
  ])('%s', (text, budget) => {
    expect(parseRequirements(text).budget).toEqual(budget);
  });
});

/** A model's offers in several currencies: the card names the cheapest in its own currency. */
describe('the lowest of offers in several currencies', () => {
  it('a USD offer and a cheaper-in-USD EUR offer: the EUR one, as written', () => {
    expect(extremeInUsd({ USD: 42000, EUR: 38000 })).toEqual({ amount: 38000, currency: 'EUR', usd: 41116 });
  });
  it('a EUR offer dearer in USD than the USD one: the USD one', () => {
    expect(extremeInUsd({ USD: 42000, EUR: 39000 })).toEqual({ amount: 42000, currency: 'USD', usd: 42000 });
  });
  it('the highest, for the top of a band', () => {
    expect(extremeInUsd({ USD: 47000, EUR: 39000, GBP: 37000 }, 'highest')).toEqual({ amount: 37000, currency: 'GBP', usd: 47286 });
  });
  it('one currency only, a GBP offer', () => {
    expect(extremeInUsd({ GBP: 30000 })).toEqual({ amount: 30000, currency: 'GBP', usd: 38340 });
  });
  it('no price, or an unknown currency, is no answer', () => {
    expect(extremeInUsd({})).toBeUndefined();
    expect(extremeInUsd({ USD: null })).toBeUndefined();
    expect(extremeInUsd({ XYZ: 100 } as never)).toBeUndefined();
  });
});
