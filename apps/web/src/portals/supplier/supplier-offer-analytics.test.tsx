import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { offerAnalyticsResponseSchema } from '@cellforge/contracts';
import { routes } from '@/app/router';
import { jsonResponse } from '@/test/fetch';
import { callsTo, stubApi, SUPPLIER } from '@/test/marketplace';
import { renderRoutes } from '@/test/render';

const day = (date: string, views: number, requests: number, quotes: number, wins: number, win_rate: number | null) => ({ date, views, requests, quotes, wins, win_rate });
// Checked against the contract, so the stub cannot drift from the API's answer.
const answer = offerAnalyticsResponseSchema.parse({
  days: 30,
  data: [
    {
      offer_id: '30000000-0000-4000-8000-000000000001',
      robot: { id: 'r1', manufacturer: 'FANUC', model: 'CRX-10iA', category: 'collaborative' },
      condition: 'new',
      status: 'active',
      total_views: 1,
      total_requests: 1,
      total_quotes: 2,
      total_wins: 1,
      quoted_threads: 2,
      won_threads: 1,
      win_rate: 0.5,
      series: [day('2026-03-03', 0, 0, 0, 0, null), day('2026-03-04', 1, 1, 2, 0, 0), day('2026-03-05', 0, 0, 0, 1, 0.5)],
    },
    {
      offer_id: '30000000-0000-4000-8000-000000000002',
      robot: { id: 'r2', manufacturer: 'ABB', model: 'IRB 1300', category: 'industrial_arm' },
      condition: 'used',
      status: 'paused',
      total_views: 0,
      total_requests: 0,
      total_quotes: 0,
      total_wins: 0,
      quoted_threads: 0,
      won_threads: 0,
      win_rate: null,
      series: [day('2026-03-03', 0, 0, 0, 0, null)],
    },
  ],
});

function stubSupplier(analytics: unknown = answer) {
  return stubApi(
    {
      'GET /api/supplier/offers': () => jsonResponse({ data: [] }),
      'GET /api/supplier/figures': () => jsonResponse({ data: { active_offers: 0 } }),
      'GET /api/supplier/listings': () => jsonResponse({ data: [] }),
      'GET /api/supplier/leads': () => jsonResponse({ data: [] }),
      'GET /api/supplier/analytics': () => jsonResponse({ days: 30, data: [] }),
      'GET /api/supplier/offer-analytics': (url) => jsonResponse({ ...(analytics as object), days: Number(url.searchParams.get('days')) }),
    },
    { user: SUPPLIER },
  );
}

describe('Supplier offer analytics', () => {
  it('shows per offer the views, requests, quotes and win rate with singular words, a legend and the figures as a table', async () => {
    const user = userEvent.setup();
    stubSupplier();
    renderRoutes(routes, '/dashboard?tab=analytics');
    const card = await screen.findByRole('article', { name: 'FANUC CRX-10iA (New)' }, { timeout: 5000 });
    // "1 view · 1 request", never "1 views · 1 requests".
    expect(within(card).getByText('1 view · 1 request · 2 quotes sent · 1 won')).toBeInTheDocument();
    expect(within(card).getByText(/Quote-to-win rate:/).textContent).toBe('Quote-to-win rate: 50% (1 of 2 quoted)');
    expect(
      within(card).getByText(
        'In the last 30 days: 1 view of the model page, 1 request, 2 quotes sent, 1 quote accepted. Quote-to-win rate 50% (1 of 2 quoted conversations). Most views on Mar 4 (1).',
      ),
    ).toBeInTheDocument();
    const legend = within(card).getByRole('list', { name: 'Chart legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Views',
      'Requests',
      'Quotes sent',
      'Quote-to-win rate (%, right axis)',
    ]);
    // Each line of the legend is drawn with its own dash pattern (the solid line has none).
    const dashes = within(legend).getAllByRole('listitem').map((item) => item.querySelector('line')?.getAttribute('stroke-dasharray') ?? null);
    expect(new Set(dashes).size).toBe(4);

    // The table is reachable from the keyboard: Tab to its summary, Enter opens it.
    const summary = within(card).getByText('Show the figures as a table');
    summary.focus();
    await user.keyboard('{Enter}');
    const table = within(card).getByRole('table', { name: /per day for FANUC CRX-10iA \(New\)/ });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'DayViewsRequestsQuotes sentWonWin rate so far',
      'Mar 411200%',
      'Mar 5000150%',
    ]);

    const quiet = screen.getByRole('article', { name: /ABB IRB 1300 \(Used\)/ });
    expect(within(quiet).getByText('Paused')).toBeInTheDocument();
    expect(within(quiet).getByText('0 views · 0 requests · 0 quotes sent · 0 won')).toBeInTheDocument();
    expect(within(quiet).getByText(/Quote-to-win rate:/).textContent).toBe('Quote-to-win rate: no quotes yet');
  });

  it('asks for another period and says when there is nothing to measure', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSupplier({ days: 30, data: [] });
    renderRoutes(routes, '/dashboard?tab=analytics');
    expect(await screen.findByText('No offers to measure yet', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Period' })[0] as HTMLSelectElement, 'Last 90 days');
    await screen.findByText('No offers to measure yet');
    expect(callsTo(fetchMock, 'GET', '/api/supplier/offer-analytics').map((c) => c.url.searchParams.get('days'))).toContain('90');
  });
});
