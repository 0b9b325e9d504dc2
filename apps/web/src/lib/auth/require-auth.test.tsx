import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { ADA, jsonResponse, stubFetch, stubPendingFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /auth with the requested path and search', async () => {
    stubFetch(() => jsonResponse({}));
    const { router } = renderRoutes(routes, '/projects/42/robots?tab=matches');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/projects/42/robots?tab=matches');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    // The chooser keeps the redirect on every portal link.
    expect(screen.getByRole('link', { name: /Sign in as Customer/ })).toHaveAttribute(
      'href',
      '/auth/customer?redirect=%2Fprojects%2F42%2Frobots%3Ftab%3Dmatches',
    );
  });

  it('shows a Loading spinner while the session is being checked', async () => {
    window.localStorage.setItem('access_token', 'stored-token');
    stubPendingFetch();
    const { router } = renderRoutes(routes, '/integrator/dashboard');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/integrator/dashboard');
    expect(screen.queryByRole('heading', { name: 'Integrator Dashboard' })).not.toBeInTheDocument();
  });

  it('lets a signed-in user through, whatever the role (allowedRoles is not enforced on the client)', async () => {
    window.localStorage.setItem('access_token', 'stored-token');
    stubFetch(() => jsonResponse({ user: ADA }));
    const { router } = renderRoutes(routes, '/integrator/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrator Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/integrator/dashboard');
    expect(screen.getByText(/This dashboard belongs to the System Integrator portal/)).toBeInTheDocument();
  });
});
