import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { buildRobot, stubApi } from '@/test/marketplace';
import { renderRoutes } from '@/test/render';
import { defined, nth } from '@/test/defined';

const shared = buildRobot({
  manufacturer: 'ABB',
  model: 'IRB 1200-7/0.7',
  repeatability_mm: null,
  weight_kg: null,
  applications: ['machine-tending', 'pick-and-place'],
  industries: ['electronics'],
  datasheet_source: 'ABB IRB 1200 product specification',
});
const similar = buildRobot({ manufacturer: 'FANUC', model: 'LR Mate 200iD/7L' });

function stubRobot(robot = shared) {
  return stubApi({
    'GET /api/robots/:id/similar': () => jsonResponse({ data: [similar] }),
    'GET /api/robots/:id': () => jsonResponse({ data: robot }),
  });
}

function specValue(label: string) {
  return within(defined(screen.getByRole('rowheader', { name: label }).closest('tr'))).getByRole('cell');
}

describe('/robots/:id', () => {
  it('shows every figure, a dash for unknown ones, and where the figures come from', async () => {
    stubRobot();
    renderRoutes(routes, `/robots/${shared.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'ABB IRB 1200-7/0.7' }, { timeout: 5000 })).toBeInTheDocument();
    expect(specValue('Rated payload')).toHaveTextContent('10 kg');
    expect(specValue('Reach')).toHaveTextContent('1,200 mm');
    expect(specValue('Axes')).toHaveTextContent('6');
    expect(within(specValue('Repeatability')).getByText('—')).toBeInTheDocument();
    expect(within(specValue('Weight')).getByText('—')).toBeInTheDocument();
    expect(specValue('Indicative price')).toHaveTextContent('$30,000–$40,000');
    expect(screen.getByText('Figures from: ABB IRB 1200 product specification')).toBeInTheDocument();
    expect(screen.getByText('From the makers’ datasheets')).toBeInTheDocument();
    expect(screen.getByText('Machine tending')).toBeInTheDocument();
    expect(screen.getByText('Electronics')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'FANUC LR Mate 200iD/7L' })).toHaveAttribute('href', `/robots/${similar.id}`);
    expect(screen.getByRole('link', { name: 'Compare with these' })).toHaveAttribute('href', `/compare?ids=${shared.id},${similar.id}`);
  });

  it('says "Listed by a supplier" for a supplier listing', async () => {
    stubRobot({ ...shared, owner_id: 'supplier-1' });
    renderRoutes(routes, `/robots/${shared.id}`);
    expect(await screen.findByText('Listed by a supplier', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('opens the assistant with the robot and page name robot_detail', async () => {
    const user = userEvent.setup();
    stubRobot();
    const listener = vi.fn();
    window.addEventListener('openChatWidget', listener);
    renderRoutes(routes, `/robots/${shared.id}`);
    await user.click(await screen.findByRole('button', { name: 'Ask the assistant' }, { timeout: 5000 }));
    window.removeEventListener('openChatWidget', listener);
    expect((nth(listener.mock.calls, 0)[0] as CustomEvent).detail).toEqual({ robotId: shared.id, page: 'robot_detail' });
  });

  it('shows a not-found message with a link back to the catalog on 404', async () => {
    stubApi({ 'GET /api/robots/:id': () => errorResponse(404, 'NOT_FOUND', 'Robot not found') });
    renderRoutes(routes, '/robots/00000000-0000-4000-8000-999999999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Robot not found' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the catalog' })).toHaveAttribute('href', '/catalog');
  });
});
