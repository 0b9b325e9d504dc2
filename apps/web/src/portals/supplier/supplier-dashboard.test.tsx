import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { buildRobot, callsTo, stubApi, SUPPLIER } from '@/test/marketplace';
import { renderRoutes, toastTexts } from '@/test/render';
import { nth } from '@/test/defined';

const listing = buildRobot({ manufacturer: 'Doosan Robotics', model: 'H2017', owner_id: SUPPLIER.id, applications: ['palletizing'] });
const lead = {
  id: '20000000-0000-4000-8000-000000000001',
  kind: 'robot_inquiry',
  status: 'new',
  message: 'We need two arms for palletizing by June.',
  robot: { id: listing.id, manufacturer: listing.manufacturer, model: listing.model },
  project: { id: 'p1', project_name: 'Line 3 palletizing' },
  from: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', company_name: 'Acme', phone: '+44 20 0000' },
  created_at: '2025-03-04T10:00:00.000Z',
  updated_at: '2025-03-04T10:00:00.000Z',
};
const analytics = {
  days: 30,
  data: [
    {
      robot_id: listing.id,
      model: listing.model,
      manufacturer: listing.manufacturer,
      total_views: 7,
      total_leads: 1,
      series: [
        { date: '2025-03-03', views: 2, leads: 0 },
        { date: '2025-03-04', views: 5, leads: 1 },
        { date: '2025-03-05', views: 0, leads: 0 },
      ],
    },
  ],
};

function stubSupplier(extra: Parameters<typeof stubApi>[0] = {}) {
  let leads = [lead];
  const mock = stubApi(
    {
      'GET /api/supplier/offers': () => jsonResponse({ data: [] }),
      'GET /api/supplier/figures': () => jsonResponse({ data: { active_offers: 0 } }),
      'GET /api/supplier/listings': () => jsonResponse({ data: [listing] }),
      'GET /api/supplier/leads': () => jsonResponse({ data: leads }),
      'PATCH /api/supplier/leads/:id': (_url, init) => {
        const { status } = JSON.parse(String(init.body)) as { status: string };
        leads = leads.map((l) => ({ ...l, status }));
        return jsonResponse({ data: leads[0] });
      },
      'GET /api/supplier/offer-analytics': () => jsonResponse({ days: 30, data: [] }),
      'GET /api/supplier/analytics': () => jsonResponse(analytics),
      ...extra,
    },
    { user: SUPPLIER },
  );
  return mock;
}

async function openListingForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add listing' }, { timeout: 5000 }));
  return screen.getByRole('dialog', { name: 'Add listing' });
}

describe('Supplier dashboard', () => {
  it('is the Supplier Dashboard with the listings and their status', async () => {
    stubSupplier();
    renderRoutes(routes, '/dashboard?tab=listings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Supplier Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Doosan Robotics H2017' });
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Deactivate Doosan Robotics H2017' })).toBeInTheDocument();
  });

  it('shows the listing form errors of the contract, before any call', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSupplier();
    renderRoutes(routes, '/dashboard?tab=listings');
    const dialog = await openListingForm(user);
    await user.type(within(dialog).getByRole('spinbutton', { name: /Rated payload/ }), '0');
    await user.type(within(dialog).getByRole('spinbutton', { name: /price from/ }), '50000');
    await user.type(within(dialog).getByRole('spinbutton', { name: /price to/ }), '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Publish listing' }));
    expect(await within(dialog).findByText('Manufacturer is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Model is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Payload must be more than 0')).toBeInTheDocument();
    expect(within(dialog).getByText('Minimum price must not exceed maximum price')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/supplier/listings')).toHaveLength(0);
  });

  it("maps the server's field errors (a model already listed) onto the fields", async () => {
    const user = userEvent.setup();
    stubSupplier({
      'POST /api/supplier/listings': () =>
        errorResponse(409, 'CONFLICT', 'You already list this model. Edit the existing listing instead.', {
          model: ['You already list this model'],
        }),
    });
    renderRoutes(routes, '/dashboard?tab=listings');
    const dialog = await openListingForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Manufacturer/ }), 'Doosan Robotics');
    await user.type(within(dialog).getByRole('textbox', { name: /Model/ }), 'H2017');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Rated payload/ }), '20');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Reach/ }), '1700');
    await user.click(within(dialog).getByRole('button', { name: 'Publish listing' }));
    const model = within(dialog).getByRole('textbox', { name: /Model/ });
    await waitFor(() => expect(model).toHaveAttribute('aria-invalid', 'true'));
    expect(model).toHaveAccessibleDescription('You already list this model');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You already list this model. Edit the existing listing instead.');
  });

  it('publishes a listing with the lists split into catalog tags', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSupplier({
      'POST /api/supplier/listings': (_url, init) => jsonResponse({ data: { ...listing, ...JSON.parse(String(init.body)) } }, { status: 201 }),
    });
    renderRoutes(routes, '/dashboard?tab=listings');
    const dialog = await openListingForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Manufacturer/ }), 'Doosan Robotics');
    await user.type(within(dialog).getByRole('textbox', { name: /Model/ }), 'H2515');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Category/ }), 'Collaborative');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Rated payload/ }), '25');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Reach/ }), '1500');
    await user.type(within(dialog).getByRole('textbox', { name: /Applications/ }), 'Palletizing, pick and place');
    await user.click(within(dialog).getByRole('button', { name: 'Publish listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = JSON.parse(String(nth(callsTo(fetchMock, 'POST', '/api/supplier/listings'), 0).init.body));
    expect(body).toMatchObject({
      manufacturer: 'Doosan Robotics',
      model: 'H2515',
      category: 'collaborative',
      payload_kg: 25,
      reach_mm: 1500,
      dof: 6,
      repeatability_mm: null,
      price_min_usd: null,
      applications: ['palletizing', 'pick-and-place'],
      industries: [],
      datasheet_source: null,
    });
    await waitFor(() => expect(toastTexts()).toContain('Listing published'));
  });

  it('edits a listing in the shared robot form, prefilled with the listing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSupplier({
      'PUT /api/supplier/listings/:id': (_url, init) => jsonResponse({ data: { ...listing, ...JSON.parse(String(init.body)) } }),
    });
    renderRoutes(routes, '/dashboard?tab=listings');
    const card = await screen.findByRole('article', { name: 'Doosan Robotics H2017' }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: 'Edit Doosan Robotics H2017' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    const form = within(dialog).getByRole('form', { name: 'Edit listing' });
    expect(within(form).getByRole('textbox', { name: /Model/ })).toHaveValue('H2017');
    expect(within(form).getByRole('textbox', { name: /Applications/ })).toHaveValue('palletizing');
    expect(within(form).getByText('Leave a figure empty when the datasheet does not give it: buyers see a dash, never a guess.')).toBeInTheDocument();
    await user.clear(within(form).getByRole('spinbutton', { name: /Reach/ }));
    await user.type(within(form).getByRole('spinbutton', { name: /Reach/ }), '1800');
    await user.click(within(form).getByRole('button', { name: 'Save listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = JSON.parse(String(nth(callsTo(fetchMock, 'PUT', `/api/supplier/listings/${listing.id}`), 0).init.body));
    expect(body).toMatchObject({ manufacturer: 'Doosan Robotics', model: 'H2017', reach_mm: 1800, applications: ['palletizing'] });
    await waitFor(() => expect(toastTexts()).toContain('Listing saved'));
  });

  it('shows leads by status and marks one contacted', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSupplier();
    renderRoutes(routes, '/dashboard?tab=leads');
    const item = await screen.findByRole('article', { name: /^Lead from Ada Lovelace about Doosan Robotics H2017, .*sent / }, { timeout: 5000 });
    expect(within(item).getByText('We need two arms for palletizing by June.')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(screen.getByRole('tab', { name: 'New (1)' })).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: /^Mark contacted: lead from Ada Lovelace about Doosan Robotics H2017, .*sent / }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Contacted (1)' })).toBeInTheDocument());
    expect(JSON.parse(String(nth(callsTo(fetchMock, 'PATCH', `/api/supplier/leads/${lead.id}`), 0).init.body))).toEqual({
      status: 'contacted',
    });
    await user.click(screen.getByRole('tab', { name: 'New (0)' }));
    expect(screen.getByText('No new leads')).toBeInTheDocument();
  });

  it('summarises the analytics in words and offers the figures as a table', async () => {
    stubSupplier();
    renderRoutes(routes, '/dashboard?tab=analytics');
    expect(
      await screen.findByText('7 views and 1 lead in the last 30 days. Most views on Mar 4 (5). Leads arrived on Mar 4.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    // One lead is "1 lead", not "1 leads".
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === '7 views · 1 lead')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Views and leads per day for Doosan Robotics H2017/ });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DayViewsLeads', 'Mar 320', 'Mar 451']);
  });
});
