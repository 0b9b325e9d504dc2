import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { buildRobot, stubApi } from '@/test/marketplace';
import { renderRoutes } from '@/test/render';
import { defined, nth } from '@/test/defined';

const light = buildRobot({ manufacturer: 'Universal Robots', model: 'UR5e', payload_kg: 5, reach_mm: 850, weight_kg: 20.6, repeatability_mm: 0.03, price_min_usd: 35000, price_max_usd: 45000 });
const heavy = buildRobot({ manufacturer: 'FANUC', model: 'M-20iD/25', payload_kg: 25, reach_mm: 1831, weight_kg: 210, repeatability_mm: 0.02, price_min_usd: null, price_max_usd: null });
const mid = buildRobot({ manufacturer: 'KUKA', model: 'KR 10', payload_kg: 10, reach_mm: 1101, weight_kg: null, repeatability_mm: 0.02, price_min_usd: 30000, price_max_usd: 40000 });
const all = [light, heavy, mid];

function stubCompare() {
  return stubApi({
    'GET /api/robots/compare': (url) => {
      const ids = defined(url.searchParams.get('ids')).split(',');
      return jsonResponse({ data: ids.map((id) => all.find((r) => r.id === id)) });
    },
  });
}

function cellsOf(rowName: string) {
  const header = screen.getByRole('rowheader', { name: new RegExp(`^${rowName}`) });
  return within(defined(header.closest('tr'))).getAllByRole('cell');
}

describe('/compare', () => {
  it('marks the best value of each row with text and an icon, and shows unknown values as a dash', async () => {
    stubCompare();
    renderRoutes(routes, `/compare?ids=${all.map((r) => r.id).join(',')}`);
    expect(await screen.findByRole('columnheader', { name: /UR5e/ }, { timeout: 5000 })).toBeInTheDocument();

    const best = (row: string) => cellsOf(row).map((cell) => within(cell).queryByText('Best') !== null);
    expect(best('Rated payload')).toEqual([false, true, false]);
    expect(best('Reach')).toEqual([false, true, false]);
    // Lower is better: the lightest arm, the cheapest band (unknown price not counted).
    expect(best('Weight')).toEqual([true, false, false]);
    expect(best('Indicative price')).toEqual([false, false, true]);
    // A tie for the tightest repeatability: both marked.
    expect(best('Repeatability')).toEqual([false, true, true]);
    expect(best('Axes')).toEqual([false, false, false]);

    expect(within(nth(cellsOf('Weight'), 2)).getByText('—')).toBeInTheDocument();
    expect(within(nth(cellsOf('Indicative price'), 1)).getByText('—')).toBeInTheDocument();
    expect(nth(cellsOf('Weight'), 2).querySelector('[data-bar]')).toBeNull();
  });

  it('shows what suppliers offer for each robot, marks the lowest offer, and says when nobody offers one', async () => {
    const offered = { ...light, offers: { count: 3, lowest_price: 31000, lowest_price_currency: 'USD' as const, price_min_usd: 31000, price_max_usd: 44000, lead_time_weeks_min: 2, conditions: ['new', 'used'] as Array<'new' | 'used'> } };
    const cheaper = { ...mid, offers: { count: 1, lowest_price: 27500, lowest_price_currency: 'USD' as const, price_min_usd: 27500, price_max_usd: 27500, lead_time_weeks_min: null, conditions: ['refurbished'] as Array<'refurbished'> } };
    stubApi({ 'GET /api/robots/compare': () => jsonResponse({ data: [offered, { ...heavy, offers: null }, cheaper] }) });
    renderRoutes(routes, `/compare?ids=${light.id},${heavy.id},${mid.id}`);
    await screen.findByRole('columnheader', { name: /UR5e/ }, { timeout: 5000 });
    const cells = cellsOf('Supplier offers');
    expect(cells.map((c) => c.textContent)).toEqual([expect.stringContaining('3 offers from $31,000'), expect.stringContaining('No offers yet'), expect.stringContaining('1 offer from $27,500')]);
    expect(cells.map((cell) => within(cell).queryByText('Best') !== null)).toEqual([false, false, true]);
  });

  it('scales the bars per row in the right direction', async () => {
    stubCompare();
    renderRoutes(routes, `/compare?ids=${light.id},${heavy.id}`);
    await screen.findByRole('columnheader', { name: /UR5e/ }, { timeout: 5000 });
    const bars = (row: string) => cellsOf(row).map((cell) => Number(cell.querySelector('[data-bar]')?.getAttribute('data-bar')));
    expect(bars('Rated payload')).toEqual([0.2, 1]);
    // Weight: lower is better, so the lighter robot has the full bar.
    expect(bars('Weight')[0]).toBe(1);
    expect(bars('Weight')[1]).toBeCloseTo(20.6 / 210, 3);
  });

  it('removes a robot from the comparison (and the URL)', async () => {
    const user = userEvent.setup();
    stubCompare();
    const { router } = renderRoutes(routes, `/compare?ids=${all.map((r) => r.id).join(',')}`);
    await screen.findByRole('columnheader', { name: /UR5e/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Remove FANUC M-20iD/25 from the comparison' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /M-20iD/ })).not.toBeInTheDocument());
    expect(new URLSearchParams(router.state.location.search).get('ids')).toBe(`${light.id},${mid.id}`);
  });

  it('asks for a price on any compared robot: the robot page opens with its request form', async () => {
    const user = userEvent.setup();
    stubCompare();
    const { router } = renderRoutes(routes, `/compare?ids=${all.map((r) => r.id).join(',')}`);
    await screen.findByRole('columnheader', { name: /UR5e/ }, { timeout: 5000 });
    // One per robot, each naming its robot (the makers' datasheet rows too, not only listed ones).
    expect(screen.getAllByRole('link', { name: /^Request a quote for the / })).toHaveLength(3);
    await user.click(screen.getByRole('link', { name: 'Request a quote for the FANUC M-20iD/25' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/robots/${heavy.id}`));
    expect(router.state.location.search).toBe('?quote=1');
  });

  it('asks the assistant with the page name "compare"', async () => {
    const user = userEvent.setup();
    stubCompare();
    const listener = vi.fn();
    window.addEventListener('openChatWidget', listener);
    renderRoutes(routes, `/compare?ids=${light.id},${mid.id}`);
    await user.click(await screen.findByRole('button', { name: 'Ask the assistant' }, { timeout: 5000 }));
    window.removeEventListener('openChatWidget', listener);
    expect((nth(listener.mock.calls, 0)[0] as CustomEvent).detail).toEqual({ page: 'compare', robotIds: [light.id, mid.id] });
  });

  it('says which robot is unknown when the API answers 404', async () => {
    stubApi({ 'GET /api/robots/compare': () => errorResponse(404, 'NOT_FOUND', 'Robot 123 not found') });
    renderRoutes(routes, `/compare?ids=${light.id}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Robot 123 not found');
    expect(within(alert).getByRole('link', { name: 'Add or change robots' })).toHaveAttribute('href', `/catalog?compare=${light.id}`);
  });

  it('explains how to pick robots when there are none', async () => {
    stubApi({});
    renderRoutes(routes, '/compare');
    expect(await screen.findByRole('heading', { name: 'No robots to compare yet' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('on a phone, steps between robots with Previous / Next and says which one is shown', async () => {
    const user = userEvent.setup();
    stubCompare();
    renderRoutes(routes, `/compare?ids=${all.map((r) => r.id).join(',')}`);
    await screen.findByRole('columnheader', { name: /UR5e/ }, { timeout: 5000 });
    expect(screen.getByRole('region', { name: 'Comparison table' })).toHaveAttribute('tabindex', '0');
    const previous = screen.getByRole('button', { name: 'Previous robot' });
    const next = screen.getByRole('button', { name: 'Next robot' });
    expect(screen.getByText(/^Robot 1 of 3/)).toHaveTextContent('Robot 1 of 3: Universal Robots UR5e');
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(screen.getByText(/^Robot \d of 3/)).toHaveTextContent('Robot 2 of 3: FANUC M-20iD/25');
    await user.click(next);
    expect(screen.getByText(/^Robot \d of 3/)).toHaveTextContent('Robot 3 of 3: KUKA KR 10');
    // At the last robot Next does nothing (and keeps the focus).
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(screen.getByText(/^Robot \d of 3/)).toHaveTextContent('Robot 3 of 3');
    expect(next).toHaveFocus();
  });
});
