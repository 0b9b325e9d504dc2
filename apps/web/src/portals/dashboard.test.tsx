import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { ADA, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

function signInAs(user: Record<string, unknown>) {
  window.localStorage.setItem('access_token', 'stored-token');
  stubFetch(() => jsonResponse({ user }));
  renderRoutes(routes, '/dashboard');
}

describe('/dashboard', () => {
  it('is a public page with sign-in links when signed out', async () => {
    stubFetch(() => jsonResponse({}));
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in as Customer' })).toHaveAttribute('href', '/auth/customer');
    expect(screen.getByRole('link', { name: 'Sign in as Supplier' })).toHaveAttribute('href', '/auth/supplier');
    expect(screen.getByRole('link', { name: 'Sign in as System Integrator' })).toHaveAttribute('href', '/auth/integrator');
  });

  it('shows the Customer Dashboard to a customer, greeting by first name', async () => {
    signInAs(ADA);
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ada.')).toBeInTheDocument();
  });

  it.each(['integrator', 'system_integrator'])('shows the Integrator Dashboard to %s', async (userType) => {
    signInAs({ ...ADA, user_type: userType, role: userType, first_name: 'Grace' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrator Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Grace.')).toBeInTheDocument();
    // The dashboard itself, not a link to it (docs/product.md §3.8).
    for (const tab of ['Catalog', 'Projects', 'Upload and Analyze']) {
      expect(screen.getByRole('tab', { name: new RegExp(tab) })).toBeInTheDocument();
    }
  });

  it('shows the general dashboard, the Supplier Dashboard, to a supplier', async () => {
    signInAs({ ...ADA, user_type: 'supplier', role: 'supplier', first_name: 'Linus' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Supplier Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Linus.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in as Customer' })).not.toBeInTheDocument();
  });

  it('reads the role from `role` when user_type is missing', async () => {
    const { user_type: _ignored, ...withoutType } = { ...ADA, role: 'integrator' };
    signInAs(withoutType);
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrator Dashboard' })).toBeInTheDocument();
  });
});
