import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quoteRequestListSchema } from '@cellforge/contracts';
import { routes } from '@/app/router';
import { jsonResponse } from '@/test/fetch';
import { CUSTOMER, INTEGRATOR, stubApi, SUPPLIER } from '@/test/marketplace';
import { renderRoutes } from '@/test/render';
import { messagesLead, noConversationsText } from './messages-page';

const crx = { id: 'r1', manufacturer: 'FANUC', model: 'CRX-25iA' };
const openRequest = (id: string, over: Record<string, unknown>) => ({
  id,
  status: 'open',
  robot: crx,
  project: null,
  quantity: 1,
  timeline: 'exploring',
  notes: '',
  requirements: null,
  customer: { name: 'Ada Lovelace', company_name: 'Acme Foods' },
  conversations: 0,
  created_at: '2026-11-20T09:00:00.000Z',
  ...over,
});

function stubInbox(user: Record<string, unknown>, open: unknown[] = []) {
  const requests = quoteRequestListSchema.parse({ data: open });
  return stubApi(
    {
      'GET /api/threads': () => jsonResponse({ data: [], unread: 0, next_cursor: null }),
      'GET /api/quote-requests/open': () => jsonResponse(requests),
      'GET /api/quote-requests': () => jsonResponse({ data: [] }),
    },
    { user },
  );
}

describe('Messages page', { timeout: 20_000 }, () => {
  it("tells an integrator with an empty inbox what starts a conversation, without the suppliers' listings", async () => {
    stubInbox(INTEGRATOR);
    renderRoutes(routes, '/messages');
    const empty = await screen.findByText(noConversationsText('integrator'), undefined, { timeout: 5000 });
    expect(empty.textContent).toBe('When you answer an open request or express interest in a customer’s project, the conversation starts here.');
    expect(screen.queryByText(/listing/)).not.toBeInTheDocument();
    expect(screen.getByText(messagesLead('integrator'))).toBeInTheDocument();
  });

  it('tells a supplier that requests for quote and questions about their offers arrive here', async () => {
    stubInbox(SUPPLIER);
    renderRoutes(routes, '/messages');
    expect(
      await screen.findByText('When a customer asks you for a quote or about one of your offers, the conversation starts here.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Requests for quote and questions from customers, and your answers.')).toBeInTheDocument();
  });

  it('sends a customer with an empty inbox to the catalog', async () => {
    stubInbox(CUSTOMER);
    renderRoutes(routes, '/messages');
    const empty = await screen.findByText(/suppliers’ answers and quotes arrive here/, undefined, { timeout: 5000 });
    expect(within(empty).getByRole('link', { name: 'catalog' })).toHaveAttribute('href', '/catalog');
  });

  it('gives two open requests on the same model controls a screen reader tells apart (buyer, project, date)', async () => {
    stubInbox(INTEGRATOR, [
      openRequest('q1', { project: { id: 'p1', project_name: 'Case packing' } }),
      openRequest('q2', { customer: { name: 'Bo Buyer', company_name: null }, created_at: '2026-11-22T15:30:00.000Z' }),
      // The same buyer and model a second time, minutes later.
      openRequest('q3', { created_at: '2026-11-20T09:07:00.000Z' }),
    ]);
    renderRoutes(routes, '/messages');
    const region = await screen.findByRole('region', { name: 'Open requests' }, { timeout: 5000 });
    const cards = await within(region).findAllByRole('article');
    expect(cards).toHaveLength(3);
    const buttons = within(region).getAllByRole('button', { name: /^Answer with a quote for the FANUC CRX-25iA/ });
    const names = buttons.map((button) => button.textContent?.replace(/\s+/g, ' ').trim());
    expect(new Set(names).size).toBe(3);
    expect(new Set(cards.map((card) => card.getAttribute('aria-label'))).size).toBe(3);
    expect(names[0]).toMatch(/^Answer with a quote for the FANUC CRX-25iA from Acme Foods, project Case packing, sent 20 Nov 2026, \d\d:\d\d$/);
    expect(names[1]).toMatch(/^Answer with a quote for the FANUC CRX-25iA from Bo Buyer, sent 22 Nov 2026, \d\d:\d\d$/);
    expect(within(region).getByRole('button', { name: names[2] })).toBeInTheDocument();
  });
});
