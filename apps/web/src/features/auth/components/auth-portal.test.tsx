import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { ADA, authAnswer, bodyOf, errorResponse, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

async function openPortal(path: string) {
  const rendered = renderRoutes(routes, path);
  await screen.findByRole('tab', { name: 'Sign in' });
  return rendered;
}

async function fillLogin(email = 'ada@example.com', password = 'correct horse') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('/auth/:role sign in', () => {
  it('names the portal and offers Sign in / Create account tabs', async () => {
    stubFetch(() => jsonResponse({}));
    await openPortal('/auth/integrator');
    expect(screen.getByRole('heading', { level: 1, name: 'System Integrator portal' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'false');
  });

  it('shows field errors under the fields without calling the server', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await openPortal('/auth/customer');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends required_user_type of the portal and follows a safe redirect', async () => {
    const fetchMock = stubFetch(() => jsonResponse(authAnswer({ ...ADA, user_type: 'integrator', role: 'integrator' })));
    const { router } = await openPortal('/auth/integrator?redirect=%2Fprojects%2F9%2Frobots%3Fx%3D1');
    await fillLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/9/robots'));
    expect(router.state.location.search).toBe('?x=1');
    expect(bodyOf(fetchMock)).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      required_user_type: 'integrator',
    });
    expect(await screen.findByText('Welcome back, Ada')).toBeInTheDocument();
  });

  it('ignores an off-site redirect and goes to the role home', async () => {
    stubFetch(() => jsonResponse(authAnswer({ ...ADA, user_type: 'integrator', role: 'integrator' })));
    const { router } = await openPortal('/auth/integrator?redirect=%2F%2Fevil.com');
    await fillLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrator/dashboard'));
  });

  it('sends customers and suppliers to /dashboard', async () => {
    stubFetch(() => jsonResponse(authAnswer({ ...ADA, user_type: 'supplier', role: 'supplier' })));
    const { router } = await openPortal('/auth/supplier');
    await fillLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Supplier Dashboard' })).toBeInTheDocument();
  });

  it("keeps the server's message on screen, e.g. a portal mismatch", async () => {
    const message = 'This account belongs to the Supplier portal. Sign in there instead.';
    stubFetch(() => errorResponse(403, 'ROLE_MISMATCH', message));
    const { router } = await openPortal('/auth/customer');
    await fillLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/auth/customer');
  });

  it('shows "Login failed. Please try again." when the server gives no message', async () => {
    stubFetch(() => new Response(null, { status: 500 }));
    await openPortal('/auth/customer');
    await fillLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });
});

describe('/auth/:role registration', () => {
  async function openRegister(path = '/auth/supplier') {
    const rendered = await openPortal(path);
    await userEvent.click(screen.getByRole('tab', { name: 'Create account' }));
    await screen.findByRole('button', { name: 'Create account' });
    return rendered;
  }

  it('has a labelled control for every registration field', async () => {
    stubFetch(() => jsonResponse({}));
    await openRegister();
    const form = within(screen.getByRole('form', { name: 'Create account' }));
    for (const label of ['First name', 'Last name', 'Email', 'Password', 'Company name', 'Job title', 'Industry']) {
      expect(form.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    expect(form.getByLabelText(/^Phone/)).toHaveAttribute('type', 'tel');
    expect(form.getByLabelText(/^Website/)).toHaveAttribute('type', 'url');
    const size = form.getByLabelText(/^Company size/);
    expect(size.tagName).toBe('SELECT');
    expect(within(size).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select company size',
      '1-10 employees',
      '11-50 employees',
      '51-200 employees',
      '201-1000 employees',
      '1000+ employees',
    ]);
  });

  it('registers with user_type from the portal and welcomes the user', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse(authAnswer({ ...ADA, user_type: 'supplier', role: 'supplier' }), { status: 201 }),
    );
    const { router } = await openRegister('/auth/supplier');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ADA@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.type(screen.getByLabelText(/^Company name/), 'Analytical Engines');
    await user.type(screen.getByLabelText(/^Phone/), '+44 20 7946 0000');
    await user.selectOptions(screen.getByLabelText(/^Company size/), '11-50');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Welcome to CellForge, Ada')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth/register');
    expect(bodyOf(fetchMock)).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      first_name: 'Ada',
      last_name: 'Lovelace',
      user_type: 'supplier',
      company_name: 'Analytical Engines',
      phone: '+44 20 7946 0000',
      job_title: null,
      website: null,
      company_size: '11-50',
      industry: null,
    });
  });

  it("maps the server's field details onto the fields", async () => {
    stubFetch(() =>
      errorResponse(400, 'VALIDATION_FAILED', 'Some fields are invalid', {
        website: ['Enter a valid URL'],
        last_name: ['Last name is too long'],
      }),
    );
    await openRegister();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.type(screen.getByLabelText(/^Website/), 'not a site');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const website = screen.getByLabelText(/^Website/);
    await waitFor(() => expect(website).toHaveAttribute('aria-invalid', 'true'));
    expect(website).toHaveAccessibleDescription('Enter a valid URL');
    expect(screen.getByLabelText(/^Last name/)).toHaveAccessibleDescription('Last name is too long');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields are invalid');
  });

  it('puts a taken email on the email field', async () => {
    stubFetch(() => errorResponse(409, 'EMAIL_TAKEN', 'An account with this email already exists'));
    await openRegister('/auth/customer');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('An account with this email already exists'),
    );
  });

  it('keeps the tab in the URL', async () => {
    stubFetch(() => jsonResponse({}));
    const { router } = await openRegister('/auth/customer?redirect=%2Fdashboard');
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('register');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/dashboard');
  });
});
