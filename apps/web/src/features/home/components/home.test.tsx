import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

async function renderHome() {
  stubFetch(() => jsonResponse({}));
  const rendered = renderRoutes(routes, '/');
  await screen.findByRole('heading', { level: 1, name: 'CellForge' }, { timeout: 5000 });
  return rendered;
}

describe('Home', () => {
  it('shows the marketing figures', async () => {
    await renderHome();
    for (const figure of ['94% accuracy', '95% success', '30% faster']) {
      expect(screen.getByText((_, element) => element?.tagName === 'LI' && element.textContent === figure)).toBeInTheDocument();
    }
  });

  it('links the catalog, early access and the three portals', async () => {
    await renderHome();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute('href', '/catalog');
    const earlyAccess = main.getAllByRole('link', { name: 'Get Early Access' });
    expect(earlyAccess.map((link) => link.getAttribute('href'))).toEqual(['/beta-signup', '/beta-signup']);
    expect(main.getByRole('link', { name: 'Customer portal' })).toHaveAttribute('href', '/auth/customer');
    expect(main.getByRole('link', { name: 'Supplier portal' })).toHaveAttribute('href', '/auth/supplier');
    expect(main.getByRole('link', { name: 'System Integrator portal' })).toHaveAttribute('href', '/auth/integrator');
  });

  it('leads to every public tool', async () => {
    await renderHome();
    const tools = within(screen.getByRole('region', { name: 'Everything you need to decide on automation' }));
    expect(tools.getByRole('link', { name: 'Estimate your payback' })).toHaveAttribute('href', '/roi-calculator');
    expect(tools.getByRole('link', { name: 'Meet the advisor' })).toHaveAttribute('href', '/agent/robotics-advisor');
    expect(tools.getByRole('link', { name: 'See how it works' })).toHaveAttribute('href', '/learn-how-it-works#video-analysis');
    expect(screen.getByRole('link', { name: 'Learn how it works' })).toHaveAttribute('href', '/learn-how-it-works');
    expect(screen.getByRole('link', { name: 'Join the early-access list' })).toHaveAttribute('href', '/beta-signup');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('keeps a marked spot for the copilot chat', async () => {
    await renderHome();
    const slot = document.querySelector('[data-slot="copilot-chat"]');
    expect(slot).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Ask the robotics copilot' })).toBeInTheDocument();
  });

  it('remembers that the coming-soon banner was dismissed', async () => {
    const first = await renderHome();
    const banner = screen.getByRole('region', { name: 'Announcement' });
    expect(banner).toHaveTextContent('CellForge is coming soon.');
    expect(within(banner).getByRole('link', { name: 'Get Early Access' })).toHaveAttribute('href', '/beta-signup');
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('coming_soon_banner_dismissed')).toBe('true');

    first.unmount();
    await renderHome();
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
  });
});
