import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { callsTo, INTEGRATOR, stubApi } from '@/test/marketplace';
import { CATALOG_STATS, catalogAnswer, OWN_ROBOT, SHARED_ROBOT } from '../testing/fixtures';
import { renderDashboard } from '../testing/render-dashboard';

function statValue(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling;
}

describe('Integrator dashboard: Catalog tab', { timeout: 20_000 }, () => {
  it('shows the stat cards and the robot cards with specs, permission and can_edit', async () => {
    stubApi(
      {
        'GET /api/integrator/catalog/robots': () => jsonResponse(catalogAnswer([OWN_ROBOT, SHARED_ROBOT])),
        'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
      },
      { user: INTEGRATOR },
    );
    renderDashboard();
    const own = await screen.findByRole('article', { name: 'CellForge Robotics CF-10 Arm' }, { timeout: 5000 });
    expect(screen.getByRole('tab', { name: 'Catalog' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(statValue('Total Robots')).toHaveTextContent('212'));
    expect(statValue('Active Robots')).toHaveTextContent('210');
    expect(statValue('Inactive')).toHaveTextContent('2');
    expect(statValue('Categories')).toHaveTextContent('3');

    expect(within(own).getByRole('heading', { name: 'CF-10 Arm' })).toBeInTheDocument();
    expect(within(own).getByText('10 kg')).toBeInTheDocument();
    expect(within(own).getByText('1,300 mm')).toBeInTheDocument();
    expect(within(own).getByText('Owner · can edit')).toBeInTheDocument();
    const shared = screen.getByRole('article', { name: 'ABB IRB 1200' });
    expect(within(shared).getByText('Read only')).toBeInTheDocument();
    // An unknown reach is a dash, never 0.
    expect(within(shared).getByText('Reach').nextElementSibling).toHaveTextContent('—');
    expect(screen.getByText('Showing 1–2 of 2 robots')).toBeInTheDocument();
  });

  it('shows a loading state while the robots load', async () => {
    stubApi(
      {
        'GET /api/integrator/catalog/robots': () => new Promise<Response>(() => {}),
        'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
      },
      { user: INTEGRATOR },
    );
    renderDashboard();
    expect(await screen.findByRole('status', { name: 'Loading catalog' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the connection message with Retry on a network error, and loads again on Retry', async () => {
    const user = userEvent.setup();
    let offline = true;
    const fetchMock = stubApi(
      {
        'GET /api/integrator/catalog/robots': () => {
          if (offline) throw new TypeError('Failed to fetch');
          return jsonResponse(catalogAnswer([OWN_ROBOT]));
        },
        'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
      },
      { user: INTEGRATOR },
    );
    renderDashboard();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Failed to load catalog data. Please check your connection.');
    offline = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'CellForge Robotics CF-10 Arm' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots')).toHaveLength(2);
  });

  it('shows "No Entry" for any other failure and for an empty catalog', async () => {
    stubApi(
      {
        'GET /api/integrator/catalog/robots': () => errorResponse(500, 'INTERNAL', 'The catalog is unavailable.'),
        'GET /api/integrator/catalog/stats': () => errorResponse(500, 'INTERNAL', 'Boom'),
      },
      { user: INTEGRATOR },
    );
    const first = renderDashboard();
    expect(await screen.findByRole('heading', { name: 'No Entry' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load catalog data. Please check your connection.')).not.toBeInTheDocument();
    await waitFor(() => expect(statValue('Total Robots')).toHaveTextContent('—'));
    first.unmount();

    stubApi(
      {
        'GET /api/integrator/catalog/robots': () => jsonResponse(catalogAnswer([])),
        'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
      },
      { user: INTEGRATOR },
    );
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'No Entry' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('runs the search on Enter and on the Search button, from page 1', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(
      {
        'GET /api/integrator/catalog/robots': (url) =>
          jsonResponse(catalogAnswer([OWN_ROBOT], { page: Number(url.searchParams.get('page')), total: 45 })),
        'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
      },
      { user: INTEGRATOR },
    );
    const { router } = renderDashboard();
    await screen.findByRole('article', { name: 'CellForge Robotics CF-10 Arm' }, { timeout: 5000 });
    const first = callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots')[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ page: '1', limit: '20' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));

    const box = screen.getByRole('searchbox', { name: 'Search the catalog' });
    await user.type(box, 'fanuc{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=fanuc'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots').at(-1)!.url.searchParams.get('search')).toBe('fanuc'),
    );
    expect(callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots').at(-1)!.url.searchParams.get('page')).toBe('1');

    await user.clear(box);
    await user.type(box, 'abb');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=abb'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots').at(-1)!.url.searchParams.get('search')).toBe('abb'),
    );
  });
});
