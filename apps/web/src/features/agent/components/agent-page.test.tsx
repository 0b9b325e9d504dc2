import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

describe('Agent page', () => {
  it('presents the robotics advisor with a spot for its chat and example questions', async () => {
    stubFetch(() => jsonResponse({}));
    renderRoutes(routes, '/agent/robotics-advisor');
    await screen.findByRole('heading', { level: 1, name: 'Robotics Advisor' }, { timeout: 5000 });
    const slot = document.querySelector('[data-slot="agent-chat"]');
    expect(slot).toHaveAttribute('data-agent-slug', 'robotics-advisor');
    expect(within(slot as HTMLElement).getByRole('heading', { name: 'Chat with the Robotics Advisor' })).toBeInTheDocument();
    const examples = within(screen.getByRole('region', { name: 'Questions to start with' })).getAllByRole('listitem');
    expect(examples).toHaveLength(6);
    expect(examples[2]).toHaveTextContent('My FANUC robot shows SRVO-050. What should I check first?');
  });

  it('shows not-found for any other slug', async () => {
    stubFetch(() => jsonResponse({}));
    renderRoutes(routes, '/agent/sales-bot');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
