import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Offer } from '@cellforge/contracts';
import { routes } from '@/app/router';
import { jsonResponse } from '@/test/fetch';
import { buildRobot, callsTo, listAnswer, stubApi, SUPPLIER } from '@/test/marketplace';
import { renderRoutes } from '@/test/render';
import { nth } from '@/test/defined';

const crx = buildRobot({ manufacturer: 'FANUC', model: 'CRX-10iA', category: 'collaborative', payload_kg: 10, reach_mm: 1249 });
const offerOn = (overrides: Partial<Offer> = {}): Offer => ({
  id: '30000000-0000-4000-8000-000000000001',
  robot: { id: crx.id, manufacturer: 'FANUC', model: 'CRX-10iA', category: 'collaborative', contributed: false },
  supplier: { id: SUPPLIER.id, name: 'CoboSupply' },
  price_min: 42000,
  price_max: null,
  currency: 'USD',
  condition: 'new',
  lead_time_weeks: 6,
  regions: ['EU'],
  warranty_months: 24,
  quantity: null,
  notes: '',
  status: 'active',
  created_at: '2025-03-04T10:00:00.000Z',
  updated_at: '2025-03-04T10:00:00.000Z',
  images: [],
  ...overrides,
});

function stubSupplier(offers: Offer[]) {
  let current = offers;
  return stubApi(
    {
      'GET /api/supplier/offers': () => jsonResponse({ data: current }),
      'GET /api/supplier/listings': () => jsonResponse({ data: [] }),
      'GET /api/supplier/leads': () => jsonResponse({ data: [] }),
      'GET /api/supplier/analytics': () => jsonResponse({ days: 30, data: [] }),
      'GET /api/robots': (url) => jsonResponse(listAnswer(url.searchParams.get('q') ? [crx] : [])),
      'POST /api/supplier/offers': () => {
        current = [offerOn()];
        return jsonResponse({ data: nth(current, 0), model_added: false }, { status: 201 });
      },
      'PATCH /api/supplier/offers/:id/status': (_url, init) => {
        const { status } = JSON.parse(String(init.body)) as { status: 'active' | 'paused' };
        current = current.map((o) => ({ ...o, status }));
        return jsonResponse({ data: nth(current, 0) });
      },
    },
    { user: SUPPLIER },
  );
}

describe('Supplier dashboard: offers', { timeout: 20_000 }, () => {
  it('makes an offer on a catalog model found by a loosely typed search', async () => {
    const user = userEvent.setup();
    const mock = stubSupplier([]);
    renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Offer on a model' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Offer on a model' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search the catalog for the model' }), 'Fanuc CRX 10iA');
    await user.click(await within(dialog).findByRole('button', { name: /FANUC CRX-10iA/ }));
    expect(within(dialog).getByText('FANUC CRX-10iA')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Price from/ }), '42000');
    await user.type(within(dialog).getByRole('textbox', { name: /Lead time/ }), '6');
    await user.type(within(dialog).getByRole('textbox', { name: /Regions served/ }), 'EU, UK');
    await user.click(within(dialog).getByRole('button', { name: 'Publish offer' }));

    await waitFor(() => expect(callsTo(mock, 'POST', '/api/supplier/offers')).toHaveLength(1));
    const body = JSON.parse(String(nth(callsTo(mock, 'POST', '/api/supplier/offers'), 0).init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ robot_id: crx.id, price_min: 42000, price_max: null, currency: 'USD', condition: 'new', lead_time_weeks: 6, regions: ['EU', 'UK'], status: 'active' });
    const card = await screen.findByRole('article', { name: 'Offer on FANUC CRX-10iA' });
    expect(within(card).getByText('from $42,000')).toBeInTheDocument();
  });

  it('pauses and resumes an offer', async () => {
    const user = userEvent.setup();
    const mock = stubSupplier([offerOn()]);
    renderRoutes(routes, '/dashboard');
    const card = await screen.findByRole('article', { name: 'Offer on FANUC CRX-10iA' }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: 'Pause offer on FANUC CRX-10iA' }));
    await waitFor(() => expect(within(card).getByText('Paused')).toBeInTheDocument());
    expect(JSON.parse(String(nth(callsTo(mock, 'PATCH', '/api/supplier/offers/30000000-0000-4000-8000-000000000001/status'), 0).init.body))).toEqual({ status: 'paused' });
    expect(within(card).getByRole('button', { name: 'Resume offer on FANUC CRX-10iA' })).toBeInTheDocument();
  });
});
