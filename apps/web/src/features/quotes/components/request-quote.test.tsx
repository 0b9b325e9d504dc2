import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ThreadDetail } from '@cellforge/contracts';
import { routes } from '@/app/router';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { buildRobot, callsTo, CUSTOMER, stubApi, SUPPLIER, type ApiRoutes } from '@/test/marketplace';
import { renderRoutes } from '@/test/render';
import { defined } from '@/test/defined';

const datasheet = buildRobot({ manufacturer: 'FANUC', model: 'CRX-25iA', owner_id: null });
const project = {
  id: '10000000-0000-4000-8000-000000000001',
  project_name: 'Case packing',
  customer_company: null,
  status: 'Draft',
  owner_id: CUSTOMER.id,
  description: '',
  requirements: { application: 'packaging', industry: null, payload_kg: 8, reach_mm: 1200, cycle_time_s: null, budget_usd: 60000 },
  shared_with_integrators: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const request = {
  id: '20000000-0000-4000-8000-000000000001',
  status: 'open',
  robot: { id: datasheet.id, manufacturer: 'FANUC', model: 'CRX-25iA' },
  project: { id: project.id, project_name: 'Case packing' },
  quantity: 2,
  timeline: 'asap',
  notes: 'Delivery to Lyon.',
  requirements: { application: 'packaging', payload_kg: 8, reach_mm: 1200, budget_usd: 60000 },
  customer: { name: 'Ada Lovelace', company_name: 'Acme Foods' },
  conversations: 0,
  created_at: '2026-11-26T08:00:00.000Z',
};

function robotRoutes(extra: ApiRoutes = {}): ApiRoutes {
  return {
    'GET /api/robots/:id/similar': () => jsonResponse({ data: [] }),
    'GET /api/robots/:id': () => jsonResponse({ data: datasheet }),
    'GET /projects': () => jsonResponse({ data: [project] }),
    'GET /api/threads/unread': () => jsonResponse({ unread: 0 }),
    ...extra,
  };
}

async function openRobot() {
  return screen.findByRole('heading', { level: 1, name: 'FANUC CRX-25iA' }, { timeout: 5000 });
}

describe('Request a quote', () => {
  it("lets a customer ask for a price on a datasheet robot nobody lists, with a project's requirements", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(
      robotRoutes({
        'POST /api/quote-requests': () =>
          jsonResponse(
            {
              data: request,
              sent_to: 0,
              message: 'No supplier lists the FANUC CRX-25iA yet, so your request is open to every supplier and integrator on CellForge. Their answers and quotes will appear in your messages.',
            },
            { status: 201 },
          ),
      }),
      { user: CUSTOMER },
    );
    renderRoutes(routes, `/robots/${datasheet.id}`);
    await openRobot();
    // A datasheet robot: no "Contact supplier", but a quote can be asked for.
    expect(screen.queryByRole('button', { name: 'Contact supplier' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Request a quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a quote' });

    const quantity = within(dialog).getByRole('spinbutton', { name: /Quantity/ });
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('At least 1 robot')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/quote-requests')).toHaveLength(0);

    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /When do you need them/ }), 'As soon as possible');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Case packing' })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Project/ }), 'Case packing');
    await user.type(within(dialog).getByRole('textbox', { name: /Notes/ }), 'Delivery to Lyon.');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await within(dialog).findByText(/your request is open to every supplier and integrator/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open your messages' })).toHaveAttribute('href', '/messages');
    const [call] = callsTo(fetchMock, 'POST', '/api/quote-requests');
    expect(JSON.parse(String(defined(call).init.body))).toEqual({
      robot_id: datasheet.id,
      quantity: 2,
      timeline: 'asap',
      notes: 'Delivery to Lyon.',
      project_id: project.id,
    });
  }, 20_000);

  it('opens the form at once from an "Ask for a price" link (?quote=1), and keeps it through sign-in', async () => {
    stubApi(robotRoutes(), { user: CUSTOMER });
    renderRoutes(routes, `/robots/${datasheet.id}?quote=1`);
    await openRobot();
    expect(await screen.findByRole('dialog', { name: 'Request a quote' }, { timeout: 5000 })).toBeInTheDocument();
  }, 20_000);

  it('sends a visitor from an "Ask for a price" link to sign in and back to the open form', async () => {
    stubApi(robotRoutes());
    renderRoutes(routes, `/robots/${datasheet.id}?quote=1`);
    await openRobot();
    expect(screen.getByRole('link', { name: 'Sign in to request a quote' })).toHaveAttribute(
      'href',
      `/auth/customer?redirect=${encodeURIComponent(`/robots/${datasheet.id}?quote=1`)}`,
    );
  }, 20_000);

  it("shows the server's refusal of a second request with the way to the first", async () => {
    const user = userEvent.setup();
    const message = 'You already asked for a price on the FANUC CRX-25iA. Its answers are in your messages.';
    stubApi(robotRoutes({ 'POST /api/quote-requests': () => errorResponse(409, 'CONFLICT', message) }), { user: CUSTOMER });
    renderRoutes(routes, `/robots/${datasheet.id}`);
    await openRobot();
    await user.click(await screen.findByRole('button', { name: 'Request a quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a quote' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('link', { name: 'See your messages' })).toHaveAttribute('href', '/messages');
  });
});

const thread: ThreadDetail = {
  id: '30000000-0000-4000-8000-000000000001',
  kind: 'quote_request',
  status: 'quoted',
  role: 'buyer',
  robot: { id: datasheet.id, manufacturer: 'FANUC', model: 'CRX-25iA' },
  project: { id: project.id, project_name: 'Case packing' },
  quote_request: { id: request.id, quantity: 2, timeline: 'asap', requirements: { payload_kg: 8, reach_mm: 1200 } },
  counterpart: { id: SUPPLIER.id, name: 'Linus Seller', company_name: 'RoboSource', email: 'linus@example.com', phone: null },
  last_message: { kind: 'quote', body: 'Per robot, with teach pendant.', mine: false },
  last_message_at: '2026-11-26T09:00:00.000Z',
  unread: true,
  latest_quote: { price: 41000, currency: 'EUR', valid_until: '2099-01-01', notes: 'Per robot, with teach pendant.', created_at: '2026-11-26T09:00:00.000Z', expired: false },
  created_at: '2026-11-26T08:00:00.000Z',
  messages: [
    { id: 'm0', kind: 'message', body: '<b>Delivery</b> to Lyon.', author: { id: CUSTOMER.id, name: 'Ada Lovelace' }, mine: true, quote: null, created_at: '2026-11-26T08:00:00.000Z' },
    { id: 'm1', kind: 'message', body: 'We can deliver both in six weeks.', author: { id: SUPPLIER.id, name: 'Linus Seller' }, mine: false, quote: null, created_at: '2026-11-26T08:30:00.000Z' },
    {
      id: 'm2',
      kind: 'quote',
      body: 'Per robot, with teach pendant.',
      author: { id: SUPPLIER.id, name: 'Linus Seller' },
      mine: false,
      quote: { price: 41000, currency: 'EUR', valid_until: '2099-01-01', notes: 'Per robot, with teach pendant.', expired: false },
      created_at: '2026-11-26T09:00:00.000Z',
    },
  ],
  can: { reply: true, quote: false, accept: true, decline: true, close: true },
};

describe('Messages', () => {
  it('lists conversations with the unread one marked and its quote, then opens it and accepts the quote', async () => {
    const user = userEvent.setup();
    const { messages: _messages, can: _can, ...row } = thread;
    let current = thread;
    const fetchMock = stubApi(
      {
        'GET /api/threads/unread': () => jsonResponse({ unread: 1 }),
        'GET /api/threads': () => jsonResponse({ data: [row], unread: 1, next_cursor: null }),
        'GET /api/threads/:id': () => jsonResponse({ data: current }),
        'GET /api/quote-requests': () => jsonResponse({ data: [{ ...request, conversations: 1 }] }),
        'POST /api/threads/:id/accept': () => {
          current = {
            ...thread,
            status: 'accepted',
            can: { reply: true, quote: false, accept: false, decline: false, close: true },
            messages: [...thread.messages, { id: 'm3', kind: 'status', body: 'Quote accepted', author: { id: CUSTOMER.id, name: 'Ada Lovelace' }, mine: true, quote: null, created_at: '2026-11-26T10:00:00.000Z' }],
          };
          return jsonResponse({ data: current });
        },
      },
      { user: CUSTOMER },
    );
    renderRoutes(routes, '/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /Unread:\s*FANUC CRX-25iA/ }, { timeout: 5000 });
    expect(link).toHaveTextContent('With RoboSource (Linus Seller)');
    expect(link).toHaveTextContent('€41,000');
    expect(link).toHaveAttribute('href', `/messages/${thread.id}`);
    expect(await screen.findByText('1 unread conversation.')).toBeInTheDocument();
    const requests = screen.getByRole('region', { name: 'Your requests for quote' });
    expect(within(requests).getByText('Open to all sellers')).toBeInTheDocument();
    expect(within(requests).getByText('1 conversation')).toBeInTheDocument();

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'FANUC CRX-25iA' }, { timeout: 5000 })).toBeInTheDocument();
    const messages = screen.getByRole('list', { name: 'Messages' });
    // Text is shown as text, never as markup.
    expect(within(messages).getByText('<b>Delivery</b> to Lyon.')).toBeInTheDocument();
    expect(within(messages).getByText('€41,000')).toBeInTheDocument();
    expect(screen.getByText('€41,000 per robot, valid until 1 Jan 2099.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText(/Quote accepted ·/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/threads/${thread.id}/accept`)).toHaveLength(1);
  }, 20_000);

  it('a seller with more than one page of conversations shows older ones on request, each once', async () => {
    const user = userEvent.setup();
    const { messages: _messages, can: _can, ...row } = thread;
    const asSeller = { ...row, role: 'seller' as const, unread: false };
    const conversation = (n: number) => ({ ...asSeller, id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, robot: { id: `r${n}`, manufacturer: 'ABB', model: `IRB ${n}` } });
    const cursor = '2026-11-20T08:00:00.000Z_00000000-0000-4000-8000-000000000050';
    const fetchMock = stubApi(
      {
        'GET /api/threads/unread': () => jsonResponse({ unread: 0 }),
        'GET /api/threads': (url) =>
          url.searchParams.get('before') === cursor
            ? jsonResponse({ data: [conversation(51), conversation(52)], unread: 0, next_cursor: null })
            : jsonResponse({ data: Array.from({ length: 50 }, (_, i) => conversation(i + 1)), unread: 0, next_cursor: cursor }),
        'GET /api/quote-requests/open': () => jsonResponse({ data: [] }),
      },
      { user: SUPPLIER },
    );
    renderRoutes(routes, '/messages');
    expect(await screen.findByRole('link', { name: /ABB IRB 50(?!\d)/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /ABB IRB 51(?!\d)/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older conversations' }));
    expect(await screen.findByRole('link', { name: /ABB IRB 52(?!\d)/ }, { timeout: 5000 })).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Conversations' });
    expect(within(list).getAllByRole('link')).toHaveLength(52);
    expect(screen.queryByRole('button', { name: 'Show older conversations' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/threads').map(({ url }) => url.searchParams.get('before'))).toEqual([null, cursor]);
  }, 20_000);
});
