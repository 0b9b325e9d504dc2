import { describe, expect, it } from 'vitest';
import type { OfferSummary } from '@cellforge/contracts';
import type { RobotRow } from '../../catalog';
import { priceWords } from './offer-prices';

/** The chat's price line for a model with offers: the cheapest offer as its seller priced it (issue 13, session 12). */
const robot = { id: 'r1', priceMinUsd: 38000, priceMaxUsd: 52000 } as RobotRow;
const summary = (s: Partial<OfferSummary>): OfferSummary => ({
  count: 1, lowest_price: null, lowest_price_currency: null, price_min_usd: null, price_max_usd: null, lead_time_weeks_min: null, conditions: ['used'], ...s,
});

describe('the chat names the cheapest offer in its own currency', () => {
  it('a model offered only in EUR: "from €24,000", not its USD equivalent', () => {
    const offers = new Map([['r1', summary({ lowest_price: 24000, lowest_price_currency: 'EUR', price_min_usd: 25968 })]]);
    expect(priceWords(robot, offers)).toBe('from €24,000 from 1 supplier (request a quote)');
    expect(priceWords(robot, offers, 'de').replace(/\s/g, ' ')).toBe('ab 24.000 € von 1 Anbieter (Angebot anfragen)');
  });
  it('a USD offer: "from $41,000" as before', () => {
    const offers = new Map([['r1', summary({ count: 2, lowest_price: 41000, lowest_price_currency: 'USD', price_min_usd: 41000 })]]);
    expect(priceWords(robot, offers)).toBe('from $41,000 from 2 suppliers (request a quote)');
  });
  it('offers without a price: on request, with the indicative band', () => {
    const offers = new Map([['r1', summary({})]]);
    expect(priceWords(robot, offers)).toMatch(/^1 supplier offer, price on request \(request a quote\); /);
  });
});
