import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/fetch';
import { INTEGRATOR, stubApi } from '@/test/marketplace';
import { buildProject, CATALOG_STATS, catalogAnswer, OWN_ROBOT, PROJECT_STATS } from '@/test/integrator-fixtures';
import { renderDashboard } from '@/test/render-dashboard';

describe('Integrator dashboard', { timeout: 20_000 }, () => {
  it('keeps the selected tab in ?tab=, drops the other tab’s query, and works with the arrow keys', async () => {
    const user = userEvent.setup();
    stubApi(
      {
        'GET /api/integrator/catalog/robots': () => jsonResponse(catalogAnswer([OWN_ROBOT])),
        'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
        'GET /api/integrator/projects': () => jsonResponse({ data: [buildProject()] }),
        'GET /api/integrator/projects/stats': () => jsonResponse(PROJECT_STATS),
        'GET /api/integrator/analysis': () => jsonResponse({ data: [] }),
      },
      { user: INTEGRATOR },
    );
    const { router } = renderDashboard('?search=abb');
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrator Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Catalog', 'Projects', 'Upload and Analyze']);
    expect(screen.getByRole('tab', { name: 'Catalog' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Projects' }));
    expect(router.state.location.search).toBe('?tab=projects');
    expect(await screen.findByRole('article', { name: 'Line 3 palletizing' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Upload and Analyze' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=analyze');
    expect(await screen.findByLabelText('Video of the work cell')).toBeInTheDocument();

    await user.keyboard('{Home}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('tab', { name: 'Catalog' })).toHaveAttribute('aria-selected', 'true');
  });
});
