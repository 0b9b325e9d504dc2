import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Offer, Robot } from '@cellforge/contracts';
import { routes } from '@/app/router';
import { jsonResponse } from '@/test/fetch';
import { buildRobot, callsTo, stubApi, SUPPLIER } from '@/test/marketplace';
import { renderRoutes } from '@/test/render';

/**
 * The supplier dashboard's "Active offers" (issue 13), from the supplier's side: a listing made
 * through the listing routes IS an offer, so a supplier with one of them has one active offer,
 * whichever tab they look at. The stub answers as the API does: one offer, shown by both routes.
 */
const crx = buildRobot({ manufacturer: 'FANUC', model: 'CRX-25iA', category: 'collaborative', payload_kg: 25, reach_mm: 1889 });

function server() {
  let status: 'active' | 'paused' = 'active';
  const offer = (): Offer => ({
    id: '30000000-0000-4000-8000-0000000000aa',
    robot: { id: crx.id, manufacturer: 'FANUC', model: 'CRX-25iA', category: 'collaborative', contributed: false },
    supplier: { id: SUPPLIER.id, name: 'CRX Resale' },
    price_min: 48000,
    price_max: 52000,
    currency: 'USD',
    condition: 'new',
    lead_time_weeks: null,
    regions: [],
    warranty_months: null,
    quantity: null,
    notes: 'Two in stock.',
    status,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    images: [],
  });
  // The same offer in the listing shape (GET /api/supplier/listings): the catalog's model with the supplier's terms.
  const listing = (): Robot => ({ ...crx, price_min_usd: 48000, price_max_usd: 52000, status: status === 'active' ? 'active' : 'inactive' });
  const mock = stubApi(
    {
      'GET /api/supplier/offers': () => jsonResponse({ data: [offer()] }),
      'GET /api/supplier/listings': () => jsonResponse({ data: [listing()] }),
      'GET /api/supplier/figures': () => jsonResponse({ data: { active_offers: status === 'active' ? 1 : 0 } }),
      'GET /api/supplier/leads': () => jsonResponse({ data: [] }),
      'GET /api/supplier/offer-analytics': () => jsonResponse({ days: 30, data: [] }),
      'GET /api/supplier/analytics': () => jsonResponse({ days: 30, data: [] }),
      'PATCH /api/supplier/listings/:id/status': (_url, init) => {
        status = (JSON.parse(String(init.body)) as { status: string }).status === 'active' ? 'active' : 'paused';
        return jsonResponse({ data: listing() });
      },
    },
    { user: SUPPLIER },
  );
  return mock;
}

const activeOffers = () => screen.getByText('Active offers', { selector: 'dt' }).nextElementSibling;

describe('Supplier dashboard: Active offers', { timeout: 20_000 }, () => {
  it('reads 1 for a supplier whose one listing (made through the listing routes) is their one offer', async () => {
    const fetchMock = server();
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('article', { name: 'Offer on FANUC CRX-25iA' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(activeOffers()).toHaveTextContent(/^1$/));
    // The Listings tab shows the same one.
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Listings' }));
    const list = await screen.findByRole('list', { name: 'Listings' });
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(activeOffers()).toHaveTextContent(/^1$/);
    // One number, from the API: the dashboard does not add the two lists up.
    expect(callsTo(fetchMock, 'GET', '/api/supplier/figures').length).toBeGreaterThan(0);
  });

  it('follows a listing paused from the Listings tab, and the Offers tab shows the offer paused too', async () => {
    const user = userEvent.setup();
    server();
    renderRoutes(routes, '/dashboard?tab=listings');
    const card = await screen.findByRole('article', { name: 'FANUC CRX-25iA' }, { timeout: 5000 });
    await waitFor(() => expect(activeOffers()).toHaveTextContent(/^1$/));
    await user.click(within(card).getByRole('button', { name: /Deactivate/ }));
    await waitFor(() => expect(activeOffers()).toHaveTextContent(/^0$/));
    await user.click(screen.getByRole('tab', { name: 'Offers' }));
    const offer = await screen.findByRole('article', { name: 'Offer on FANUC CRX-25iA' });
    await waitFor(() => expect(offer).toHaveTextContent('Paused'));
  });
});
