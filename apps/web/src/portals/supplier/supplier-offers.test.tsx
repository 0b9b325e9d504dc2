import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Offer, OfferImage } from '@cellforge/contracts';
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
      'GET /api/supplier/figures': () => jsonResponse({ data: { active_offers: current.filter((o) => o.status === 'active').length } }),
      'GET /api/supplier/listings': () => jsonResponse({ data: [] }),
      'GET /api/supplier/leads': () => jsonResponse({ data: [] }),
      'GET /api/supplier/offer-analytics': () => jsonResponse({ days: 30, data: [] }),
      'GET /api/supplier/analytics': () => jsonResponse({ days: 30, data: [] }),
      'GET /api/robots': (url) => jsonResponse(listAnswer(url.searchParams.get('q') ? [crx] : [])),
      'POST /api/supplier/offers': () => {
        current = [offerOn()];
        return jsonResponse({ data: nth(current, 0), model_added: false }, { status: 201 });
      },
      'PUT /api/supplier/offers/:id/images/order': (_url, init) => {
        const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
        const images = ids.map((id, position) => ({ ...nth(nth(current, 0).images.filter((i) => i.id === id), 0), position }));
        current = current.map((o) => ({ ...o, images }));
        return jsonResponse({ data: images });
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

const photo = (n: number): OfferImage => {
  const id = `40000000-0000-4000-8000-00000000000${n}`;
  const file = (size: string, width: number, height: number) => ({ url: `/api/offer-images/${id}/${size}`, width, height });
  return { id, offer_id: offerOn().id, position: n - 1, alt: '', content_type: 'image/jpeg', bytes: 1000, thumb: file('thumb', 320, 240), display: file('display', 1280, 960), original: file('original', 1600, 1200), created_at: '2025-03-04T10:00:00.000Z' };
};

describe('Supplier dashboard: offers', { timeout: 20_000 }, () => {
  it('shows an offer\'s photos with their limits, reorders them, and refuses a file over 10 MB before sending it', async () => {
    const user = userEvent.setup();
    const mock = stubSupplier([offerOn({ images: [photo(1), photo(2)] })]);
    renderRoutes(routes, '/dashboard');
    // The first test of the file loads the dashboard's chunks.
    const card = await screen.findByRole('article', { name: 'Offer on FANUC CRX-10iA' }, { timeout: 15_000 });
    const photos = within(card).getByRole('region', { name: 'Photos of your offer on FANUC CRX-10iA' });
    expect(photos).toHaveTextContent('Photos (2 of 8)');
    expect(photos).toHaveTextContent('Up to 8 photos: JPEG, PNG, WebP or AVIF, at most 10 MB each.');
    expect(within(photos).getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();

    await user.click(within(photos).getByRole('button', { name: 'Move photo 2 earlier' }));
    await waitFor(() => expect(callsTo(mock, 'PUT', `/api/supplier/offers/${offerOn().id}/images/order`)).toHaveLength(1));
    expect(JSON.parse(String(nth(callsTo(mock, 'PUT', `/api/supplier/offers/${offerOn().id}/images/order`), 0).init.body))).toEqual({ ids: [photo(2).id, photo(1).id] });

    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(within(photos).getByLabelText(/Add photos/), big);
    expect(await within(photos).findByRole('alert')).toHaveTextContent('huge.jpg: 11 MB is over the limit of 10 MB.');
  });

  it('says when an offer has its 8 photos and takes no more', async () => {
    stubSupplier([offerOn({ images: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ ...photo(1), id: `40000000-0000-4000-8000-00000000001${n}`, position: n - 1 })) })]);
    renderRoutes(routes, '/dashboard');
    const card = await screen.findByRole('article', { name: 'Offer on FANUC CRX-10iA' }, { timeout: 5000 });
    expect(card).toHaveTextContent('Photos (8 of 8)');
    expect(card).toHaveTextContent('This offer has its 8 photos: delete one to add another.');
    expect(within(card).getByLabelText(/Add photos/)).toBeDisabled();
  });

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

describe('Supplier dashboard: listings priced in another currency', { timeout: 20_000 }, () => {
  it('shows a listing whose offer is in EUR as "from €24,000", and a USD range as written; the edit form says the USD figures are converted', async () => {
    const user = userEvent.setup();
    const euro = { ...crx, price_min_usd: 25968, price_max_usd: null, offer_price: { min: 24000, max: null, currency: 'EUR' as const } };
    const ranged = { ...buildRobot({ manufacturer: 'ABB', model: 'GoFa CRB 15000' }), price_min_usd: 41000, price_max_usd: 43000, offer_price: { min: 41000, max: 43000, currency: 'USD' as const } };
    stubApi(
      {
        'GET /api/supplier/offers': () => jsonResponse({ data: [] }),
        'GET /api/supplier/figures': () => jsonResponse({ data: { active_offers: 0 } }),
        'GET /api/supplier/listings': () => jsonResponse({ data: [euro, ranged] }),
        'GET /api/supplier/leads': () => jsonResponse({ data: [] }),
        'GET /api/supplier/offer-analytics': () => jsonResponse({ days: 30, data: [] }),
        'GET /api/supplier/analytics': () => jsonResponse({ days: 30, data: [] }),
      },
      { user: SUPPLIER },
    );
    renderRoutes(routes, '/dashboard?tab=listings');
    const card = await screen.findByRole('article', { name: 'FANUC CRX-10iA' }, { timeout: 15_000 });
    // As the Offers tab writes it: a price without an upper bound is "from".
    expect(card).toHaveTextContent('6 axes · from €24,000');
    expect(card).not.toHaveTextContent('$25,968');
    expect(screen.getByRole('article', { name: 'ABB GoFa CRB 15000' })).toHaveTextContent('$41,000–$43,000');
    await user.click(within(card).getByRole('button', { name: /Edit/ }));
    expect(screen.getByRole('dialog', { name: 'Edit listing' })).toHaveTextContent(
      'This listing is priced from €24,000; the prices below are that price in USD by our exchange table. Leave them as they are to keep your EUR price, or change it in the Offers tab.',
    );
  });
});
