import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quoteRequestListSchema, threadListSchema } from '@cellforge/contracts';
import { routes } from '@/app/router';
import { jsonResponse } from '@/test/fetch';
import { CUSTOMER, stubApi } from '@/test/marketplace';
import { renderRoutes } from '@/test/render';
import { nth } from '@/test/defined';

const robot = (id: string, manufacturer: string, model: string) => ({ id, manufacturer, model });
const request = (id: string, model: ReturnType<typeof robot>, status: 'open' | 'sent' | 'closed', conversations: number) => ({
  id,
  status,
  robot: model,
  project: { id: 'p1', project_name: 'Case packing' },
  quantity: 2,
  timeline: '1_3_months',
  notes: '',
  requirements: null,
  customer: { name: 'Ada Lovelace', company_name: 'Acme Foods' },
  conversations,
  created_at: '2026-03-01T10:00:00.000Z',
});
const party = (id: string, name: string, company_name: string | null) => ({ id, name, company_name, email: `${id}@example.com`, phone: null });
const thread = (over: Record<string, unknown>) => ({
  id: 't0',
  kind: 'quote_request',
  status: 'new',
  role: 'buyer',
  robot: null,
  project: null,
  quote_request: null,
  counterpart: party('s1', 'Sam Seller', 'RoboSource'),
  last_message: { kind: 'message', body: 'Hello', mine: false },
  last_message_at: '2026-03-02T10:00:00.000Z',
  unread: false,
  latest_quote: null,
  created_at: '2026-03-01T10:00:00.000Z',
  ...over,
});
const crx = robot('r1', 'FANUC', 'CRX-10iA');
const gofa = robot('r2', 'ABB', 'GoFa CRB 15000');
const ur = robot('r3', 'Universal Robots', 'UR10e');
const quoteOn = (id: string) => ({ id, quantity: 2, timeline: '1_3_months', requirements: null });
const quote = (price: number, expired = false) => ({ price, currency: 'EUR', valid_until: '2026-12-31', notes: '', created_at: '2026-03-02T10:00:00.000Z', expired });

// Both answers are checked against the contract: the stub is what the API would answer.
const requests = quoteRequestListSchema.parse({
  data: [request('q1', crx, 'sent', 2), request('q2', gofa, 'open', 0), request('q3', ur, 'closed', 1)],
});
const threads = threadListSchema.parse({
  data: [
    thread({ id: 't1', status: 'quoted', robot: crx, quote_request: quoteOn('q1'), latest_quote: quote(41000) }),
    thread({ id: 't2', status: 'declined', robot: crx, quote_request: quoteOn('q1'), counterpart: party('s2', 'Bo Beta', 'Beta Automation'), latest_quote: quote(45000, true) }),
    thread({ id: 't3', status: 'accepted', robot: ur, quote_request: quoteOn('q3'), counterpart: party('s3', 'Cy Cobot', null), latest_quote: quote(52000) }),
    thread({ id: 't4', kind: 'integrator_interest', status: 'new', project: { id: 'p1', project_name: 'Case packing' }, counterpart: party('i1', 'Ivy Integrator', 'CellWorks') }),
  ],
  unread: 0,
  next_cursor: null,
});

function stubCustomer(answers: { requests: unknown; threads: unknown }) {
  return stubApi(
    {
      'GET /projects': () => jsonResponse({ data: [] }),
      'GET /projects/stats/overview': () => jsonResponse({ data: { total: 0, by_status: {} } }),
      'GET /api/quote-requests': () => jsonResponse(answers.requests),
      'GET /api/threads': () => jsonResponse(answers.threads),
      'GET /api/threads/unread': () => jsonResponse({ unread: 0 }),
    },
    { user: CUSTOMER },
  );
}

describe('Customer dashboard: requests, quotes and interests', () => {
  it('lists each request with where it stands and links to its conversations', async () => {
    stubCustomer({ requests, threads });
    renderRoutes(routes, '/dashboard');
    const section = await screen.findByRole('region', { name: 'Your requests' }, { timeout: 5000 });
    const items = await within(section).findAllByRole('listitem');
    const cards = items.filter((item) => item.parentElement?.parentElement === section.lastElementChild);
    expect(cards.map((card) => [nth(card.querySelectorAll('p'), 0).textContent, within(card).getAllByText(/^(New|Quoted|Accepted|Declined|Closed)$/)[0]?.textContent])).toEqual([
      ['FANUC CRX-10iA', 'Quoted'],
      ['ABB GoFa CRB 15000', 'New'],
      ['Universal Robots UR10e', 'Accepted'],
    ]);
    const first = nth(cards, 0);
    expect(within(first).getByRole('link', { name: /^Conversation with RoboSource about the FANUC CRX-10iA, .*sent .*, Quoted$/ })).toHaveAttribute('href', '/messages/t1');
    expect(within(first).getByRole('link', { name: /^Conversation with Beta Automation about the FANUC CRX-10iA, .*sent .*, Declined$/ })).toHaveAttribute('href', '/messages/t2');
    // Nobody answered the open request yet: it says so and leads to Messages.
    expect(nth(cards, 1)).toHaveTextContent('No answer yet.');
    expect(within(nth(cards, 1)).getByRole('link', { name: 'See it in Messages' })).toHaveAttribute('href', '/messages');
  });

  it('lists the quotes received with price, seller, status and a link, and the integrators interested', async () => {
    stubCustomer({ requests, threads });
    renderRoutes(routes, '/dashboard');
    const quotes = await screen.findByRole('region', { name: 'Quotes received' }, { timeout: 5000 });
    const quoteCards = await within(quotes).findAllByRole('listitem');
    expect(quoteCards.map((card) => card.textContent)).toEqual([
      expect.stringMatching(/^FANUC CRX-10iAQuoted€41,000 from RoboSource · valid until/),
      expect.stringMatching(/^FANUC CRX-10iADeclined€45,000 from Beta Automation · expired/),
      expect.stringMatching(/^Universal Robots UR10eAccepted€52,000 from Cy Cobot · valid until/),
    ]);
    expect(within(nth(quoteCards, 0)).getByRole('link', { name: /^Open the quote from RoboSource, .*sent .* for the FANUC CRX-10iA$/ })).toHaveAttribute('href', '/messages/t1');

    const interests = screen.getByRole('region', { name: 'Integrators’ interest' });
    const interest = nth(within(interests).getAllByRole('listitem'), 0);
    expect(interest).toHaveTextContent('CellWorks');
    expect(interest).toHaveTextContent('New');
    expect(interest).toHaveTextContent('About Case packing');
    expect(within(interest).getByRole('link', { name: /^Open the conversation with CellWorks, .*sent / })).toHaveAttribute('href', '/messages/t4');
  });

  it('says what will appear when there is nothing yet', async () => {
    stubCustomer({ requests: { data: [] }, threads: { data: [], unread: 0, next_cursor: null } });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('No requests yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('No quotes yet')).toBeInTheDocument();
    expect(screen.getByText('No integrator interest yet')).toBeInTheDocument();
    expect(screen.getByText(/Press “Request a quote” on a robot’s page/)).toBeInTheDocument();
  });
});
