import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { bodyOf, errorResponse, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

const SENT = 'If an account exists for that e-mail address, we have sent it a link to choose a new password. The link works for 60 minutes.';
const TOKEN = 'a'.repeat(43);

describe('Forgot password (issue 13)', () => {
  it('is linked from the sign-in form', async () => {
    stubFetch(() => jsonResponse({}));
    const { router } = renderRoutes(routes, '/auth/customer');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it('checks the e-mail before calling, then sends it and shows the answer', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, message: SENT }, { status: 202 }));
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address'));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(email, 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.getByText('Check your inbox').closest('[role="status"]')).not.toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth/forgot-password');
    expect(bodyOf(fetchMock)).toEqual({ email: 'ada@example.com' });
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try another e-mail' }));
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it("shows the server's refusal, e.g. too many requests", async () => {
    const message = 'Too many password reset requests. Please wait a few minutes and try again.';
    stubFetch(() => errorResponse(429, 'RATE_LIMITED', message));
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('Reset password (issue 13)', () => {
  async function fill(password: string, confirm = password) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), password);
    await user.type(screen.getByLabelText(/^Repeat the new password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    return user;
  }

  it('takes the token out of the address bar, sends it with the new password, and offers to sign in', async () => {
    const done = 'Your password has been changed and every device signed in to your account was signed out. Sign in with your new password.';
    const fetchMock = stubFetch(() => jsonResponse({ success: true, message: done }));
    const { router } = renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/reset-password');

    await fill('amber lantern over quiet hills');
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth/reset-password');
    expect(bodyOf(fetchMock)).toEqual({ token: TOKEN, password: 'amber lantern over quiet hills' });
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('checks the two passwords before calling', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    await fill('amber lantern over quiet hills', 'amber lantern over quiet hill');
    await waitFor(() => expect(screen.getByLabelText(/^Repeat the new password/)).toHaveAccessibleDescription('The two passwords are not the same'));
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's password rule on the field", async () => {
    const weak = 'This password is too easy to guess. Use a longer phrase of several unrelated words.';
    stubFetch(() => errorResponse(400, 'VALIDATION_FAILED', weak, { password: [weak] }));
    renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    await fill('password1234');
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(expect.stringContaining(weak)));
  });

  it.each([
    ['RESET_TOKEN_EXPIRED', 'This password reset link has expired. Ask for a new link.'],
    ['RESET_TOKEN_USED', 'This password reset link has already been used. Ask for a new link if you still need one.'],
    ['RESET_TOKEN_INVALID', 'This password reset link is not valid. Ask for a new link.'],
  ])('explains a link that no longer works (%s) and offers a new one', async (code, message) => {
    stubFetch(() => errorResponse(400, code, message));
    const { router } = renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    await fill('amber lantern over quiet hills');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('says so when the link has no token, without calling', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    renderRoutes(routes, '/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(/not complete/);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
