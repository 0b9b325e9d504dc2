import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { OfferSummary } from '@cellforge/contracts';
import { routes } from '@/app/router';
import { offerSummaryText } from '@/lib/offer-format';
import { RobotCard } from './robot-card';
import { jsonResponse } from '@/test/fetch';
import { buildRobot, stubApi } from '@/test/marketplace';
import { renderRoutes } from '@/test/render';

/**
 * A buyer browsing the catalog sees each model's cheapest offer in the currency its seller
 * priced it in: a model offered only in EUR says "1 offer from €24,000", not "1 offer"
 * (issue 13). The API picks the cheapest across currencies (the one currency table).
 */
const summary = (s: Partial<OfferSummary>): OfferSummary => ({
  count: 1,
  lowest_price: null,
  lowest_price_currency: null,
  price_min_usd: null,
  price_max_usd: null,
  lead_time_weeks_min: null,
  conditions: ['used'],
  ...s,
});
const eurOnly = summary({ lowest_price: 24000, lowest_price_currency: 'EUR', price_min_usd: 25968, price_max_usd: 29755, lead_time_weeks_min: 3 });
const threeUsd = summary({ count: 3, lowest_price: 42000, lowest_price_currency: 'USD', price_min_usd: 42000, price_max_usd: 47000, lead_time_weeks_min: 1, conditions: ['new', 'used', 'refurbished'] });

describe('the offers line, in the seller’s currency', () => {
  it.each([
    ['a model offered only in EUR', eurOnly, '1 offer from €24,000'],
    ['three offers, the cheapest in USD', threeUsd, '3 offers from $42,000'],
    ['a GBP offer', summary({ lowest_price: 30000, lowest_price_currency: 'GBP', price_min_usd: 38340 }), '1 offer from £30,000'],
    ['a USD offer and a cheaper-in-USD EUR one (the API named the EUR one)', summary({ count: 2, lowest_price: 38000, lowest_price_currency: 'EUR', price_min_usd: 41116 }), '2 offers from €38,000'],
    ['two offers, price on request', summary({ count: 2 }), '2 offers'],
  ])('%s: "%s"', (_label, s, text) => {
    expect(offerSummaryText(s)).toBe(text);
  });

  it('the catalog card says "1 offer from €24,000" for the EUR-only model and "3 offers from $42,000" for the USD one', () => {
    const crx = buildRobot({ manufacturer: 'FANUC', model: 'CRX-10iA/L', offers: eurOnly });
    const ur = buildRobot({ manufacturer: 'Universal Robots', model: 'UR10e', offers: threeUsd });
    render(
      <MemoryRouter>
        <RobotCard robot={crx} compared={false} canCompare onToggleCompare={() => undefined} />
        <RobotCard robot={ur} compared={false} canCompare onToggleCompare={() => undefined} />
      </MemoryRouter>,
    );
    const crxCard = screen.getByRole('article', { name: 'FANUC CRX-10iA/L' });
    expect(crxCard).toHaveTextContent('1 offer from €24,000');
    expect(crxCard).toHaveTextContent('Used · lead time from 3 weeks');
    expect(screen.getByRole('article', { name: 'Universal Robots UR10e' })).toHaveTextContent('3 offers from $42,000');
  });

  it('the robot page says "1 offer from €24,000" for a model offered only in EUR', { timeout: 40_000 }, async () => {
    const crx = buildRobot({ manufacturer: 'FANUC', model: 'CRX-10iA/L', offers: eurOnly });
    stubApi({
      'GET /api/robots/:id/similar': () => jsonResponse({ data: [] }),
      'GET /api/robots/:id/offers': () => jsonResponse({ data: [] }),
      'GET /api/robots/:id': () => jsonResponse({ data: crx }),
    });
    renderRoutes(routes, `/robots/${crx.id}`);
    // A loaded machine (2 cores shared) can take seconds to load the page's chunks.
    expect(await screen.findByRole('heading', { level: 1, name: 'FANUC CRX-10iA/L' }, { timeout: 20_000 })).toBeInTheDocument();
    expect((await screen.findAllByText('1 offer from €24,000')).length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('1 offer')).toBeNull();
  });
});
