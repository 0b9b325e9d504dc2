import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { callsTo, CUSTOMER, stubApi, SUPPLIER } from '@/test/marketplace';
import { renderRoutes } from '@/test/render';
import { defined, nth } from '@/test/defined';

const PROJECT_ID = '10000000-0000-4000-8000-000000000001';
const project = {
  id: PROJECT_ID,
  project_name: 'Line 3 palletizing',
  customer_company: 'Acme',
  status: 'In Progress',
  owner_id: CUSTOMER.id,
  description: '',
  requirements: { application: 'palletizing', industry: null, payload_kg: 12, reach_mm: 1400, cycle_time_s: null, budget_usd: 50000 },
  shared_with_integrators: true,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

const match = (overrides: Record<string, unknown>) => ({
  robot_id: '00000000-0000-4000-8000-000000000101',
  manufacturer: 'FANUC',
  model: 'M-20iD/25',
  category: 'articulated',
  payload_kg: 25,
  reach_mm: 1831,
  price_min_usd: 40000,
  price_max_usd: 55000,
  listed_by_supplier: false,
  offers: null,
  fit_score: 70,
  reasons: [],
  ...overrides,
});

const matches = [
  match({
    robot_id: '00000000-0000-4000-8000-000000000103',
    manufacturer: 'Yaskawa',
    model: 'GP25',
    fit_score: 91,
    offers: { count: 2, lowest_price: 38000, lowest_price_currency: 'USD', price_min_usd: 38000, price_max_usd: 41000, lead_time_weeks_min: 3, conditions: ['used', 'refurbished'] },
  }),
  match({
    robot_id: '00000000-0000-4000-8000-000000000102',
    manufacturer: 'KUKA',
    model: 'KR 16',
    fit_score: 36,
    reasons: [{ kind: 'reach', ok: false, text: 'Reach 1,101 mm is short of the 1,400 mm needed' }],
  }),
  match({
    fit_score: 30,
    listed_by_supplier: true,
    reasons: [
      { kind: 'payload', ok: true, text: 'Payload 25 kg: 108% above the 12 kg part, room for the tool (needs 14.4 kg)' },
      { kind: 'price', ok: false, text: 'Indicative price from $40,000 is above the $35,000 budget' },
    ],
  }),
];

const integrators = [
  { id: 'i1', name: 'Grace Hopper', company_name: 'Cobol Cells', city: 'Lyon', website: 'cobol.example', industries: ['automotive'], interested: false, interest_message: null },
  { id: 'i2', name: 'Alan Turing', company_name: 'Bletchley Automation', city: 'Leeds', website: null, industries: ['food-and-beverage'], interested: true, interest_message: 'We built three palletizing cells last year.' },
];

function stubMatches(matchesAnswer: () => Response) {
  return stubApi(
    {
      'GET /projects/:id/matches': matchesAnswer,
      'GET /projects/:id/integrators': () => jsonResponse({ data: integrators }),
      'GET /projects/:id': () => jsonResponse({ data: project }),
      'GET /projects': () => jsonResponse({ data: [project] }),
    },
    { user: CUSTOMER },
  );
}

describe('/projects/:projectId/robots', () => {
  it('keeps the server\'s order (the one fit order, which the score follows: issue 12, session 15), says what the score means and shows each reason with ✓ or ✗', async () => {
    stubMatches(() => jsonResponse({ project, data: matches }));
    renderRoutes(routes, `/projects/${PROJECT_ID}/robots`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Matching robots: Line 3 palletizing' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const cards = screen.getAllByRole('article', { name: /^\d\. / });
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['1. Yaskawa GP25', '2. KUKA KR 16', '3. FANUC M-20iD/25']);
    // The scores as the server sent them, falling down the list; the line says what they mean.
    expect(cards.map((card) => within(card).getByText('/100').parentElement?.textContent)).toEqual(['91/100', '36/100', '30/100']);
    expect(screen.getByTestId('fit-score-meaning')).toHaveTextContent(
      'The fit score follows this order: 100 is the closest fit; a robot that misses a requirement scores below 40.',
    );

    const reasons = within(nth(cards, 2)).getAllByRole('listitem');
    expect(reasons[0]).toHaveTextContent('✓');
    expect(reasons[0]).toHaveTextContent('Meets: Payload 25 kg: 108% above the 12 kg part');
    expect(reasons[1]).toHaveTextContent('✗');
    expect(reasons[1]).toHaveTextContent(/^✗Misses: /);
    expect(within(nth(cards, 1)).getByText('Reach 1,101 mm is short of the 1,400 mm needed').closest('li')).toHaveTextContent('✗');

    // Only the supplier-listed robot can be contacted.
    expect(within(nth(cards, 2)).getByRole('button', { name: 'Contact supplier' })).toBeInTheDocument();
    expect(within(nth(cards, 1)).queryByRole('button', { name: 'Contact supplier' })).not.toBeInTheDocument();
    expect(within(nth(cards, 1)).getByText(/no supplier lists it yet/)).toBeInTheDocument();
    // A model suppliers offer says how many and from what price (issue 13: every match said "no supplier lists it yet").
    expect(within(nth(cards, 0)).getByText('2 offers from $38,000')).toBeInTheDocument();
    expect(within(nth(cards, 0)).getByText(/Used, refurbished · lead time from 3 weeks/i)).toBeInTheDocument();
    expect(within(nth(cards, 0)).queryByText(/no supplier lists it yet/)).not.toBeInTheDocument();
    expect(screen.getByText('Payload 12 kg')).toBeInTheDocument();
  });

  it('shows the makers the description rules out beside the requirements', async () => {
    stubMatches(() => jsonResponse({ project: { ...project, description: 'No FANUC please' }, data: matches.slice(0, 2), from_description: { excluded_makers: ['FANUC'], read_as: ['payload 40 kg', 'not FANUC'], not_applied: ['cycle time: the catalog holds no speed data; ask the supplier for a cycle-time study'] } }));
    renderRoutes(routes, `/projects/${PROJECT_ID}/robots`);
    const requirements = await screen.findByRole('list', { name: 'Requirements' }, { timeout: 5000 });
    expect(within(requirements).getByText('Not FANUC (from your description)')).toBeInTheDocument();
    expect(screen.getByTestId('description-reading')).toHaveTextContent('Read from your description: payload 40 kg · not FANUC');
    expect(screen.getByTestId('description-not-applied')).toHaveTextContent('Not checked: cycle time: the catalog holds no speed data; ask the supplier for a cycle-time study');
  });

  it('lists integrators, marking those who answered as Interested with their message, and filters by city', async () => {
    const user = userEvent.setup();
    const fetchMock = stubMatches(() => jsonResponse({ project, data: matches }));
    renderRoutes(routes, `/projects/${PROJECT_ID}/robots`);
    const list = await screen.findByRole('list', { name: 'Integrators' }, { timeout: 5000 });
    const items = within(list).getAllByRole('article');
    expect(items[0]).toHaveAccessibleName('Bletchley Automation');
    expect(within(nth(items, 0)).getByText('Interested')).toBeInTheDocument();
    expect(within(nth(items, 0)).getByText('We built three palletizing cells last year.')).toBeInTheDocument();
    expect(within(nth(items, 1)).queryByText('Interested')).not.toBeInTheDocument();
    expect(within(nth(items, 1)).getByRole('link', { name: /Website/ })).toHaveAttribute('href', 'https://cobol.example/');

    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Leeds');
    await user.click(screen.getByRole('button', { name: 'Search integrators' }));
    await waitFor(() =>
      expect(defined(callsTo(fetchMock, 'GET', `/projects/${PROJECT_ID}/integrators`).at(-1)).url.searchParams.get('city')).toBe('Leeds'),
    );
  });

  it('explains what to add when the project has no requirement yet (400)', async () => {
    stubMatches(() =>
      errorResponse(400, 'BAD_REQUEST', 'Add a payload, a reach or an application to the project requirements to see matching robots.'),
    );
    renderRoutes(routes, `/projects/${PROJECT_ID}/robots`);
    expect(await screen.findByText(/Add a payload, a reach or an application/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add requirements' })).toHaveAttribute('href', `/dashboard?edit=${PROJECT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Matching robots: Line 3 palletizing' })).toBeInTheDocument();
  });

  it('says plainly when the project does not exist (404)', async () => {
    stubMatches(() => errorResponse(404, 'NOT_FOUND', 'Project not found'));
    renderRoutes(routes, `/projects/${PROJECT_ID}/robots`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Project not found' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('tells a non-customer which portal the page belongs to (403)', async () => {
    stubApi(
      { 'GET /projects/:id/matches': () => errorResponse(403, 'FORBIDDEN', 'You do not have permission to do this') },
      { user: SUPPLIER },
    );
    renderRoutes(routes, `/projects/${PROJECT_ID}/robots`);
    expect(await screen.findByText(/belong to the Customer portal/, {}, { timeout: 5000 })).toHaveTextContent(
      'You are signed in as a Supplier.',
    );
    expect(screen.getByRole('link', { name: 'Sign in as Customer' })).toHaveAttribute(
      'href',
      `/auth/customer?redirect=${encodeURIComponent(`/projects/${PROJECT_ID}/robots`)}`,
    );
  });
});
