import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { ADA, authAnswer, bodyOf, errorResponse, jsonResponse, stubFetch } from '@/test/fetch';
import { useSession, type VerifyResult } from './session';

const credentials = { email: 'ada@example.com', password: 'correct horse', required_user_type: 'customer' as const };
const registration = {
  email: 'ada@example.com',
  password: 'correct horse',
  first_name: 'Ada',
  last_name: 'Lovelace',
  user_type: 'customer' as const,
};

/** Buttons that drive the session like the app's forms do. */
function Harness({ onVerified }: { onVerified?: (result: VerifyResult) => void }) {
  const session = useSession();
  const swallow = () => undefined;
  return (
    <div>
      <p data-testid="status">{session.status}</p>
      <p data-testid="email">{session.user?.email ?? ''}</p>
      <p data-testid="company">{String(session.user?.company_name ?? '')}</p>
      <button type="button" onClick={() => session.login(credentials).catch(swallow)}>
        login
      </button>
      <button type="button" onClick={() => session.register(registration).catch(swallow)}>
        register
      </button>
      <button type="button" onClick={() => session.logout()}>
        logout
      </button>
      <button type="button" onClick={() => session.updateProfile({ company_name: 'Analytical Engines' }).catch(swallow)}>
        update
      </button>
      <button type="button" onClick={() => void session.verifyToken().then(onVerified)}>
        verify
      </button>
    </div>
  );
}

function renderSession(props: { onVerified?: (result: VerifyResult) => void } = {}) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Harness {...props} />
    </AppProviders>,
  );
}

const status = () => screen.getByTestId('status').textContent;

function signIn() {
  window.localStorage.setItem('access_token', 'stored-token');
  window.localStorage.setItem('user_data', JSON.stringify(ADA));
}

describe('session start-up', () => {
  it('is anonymous without a stored token and makes no call', () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    renderSession();
    expect(status()).toBe('anonymous');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the profile with the stored token', async () => {
    signIn();
    const fetchMock = stubFetch(() => jsonResponse({ user: ADA }));
    renderSession();
    expect(status()).toBe('loading');
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(screen.getByTestId('email')).toHaveTextContent('ada@example.com');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/auth/me');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer stored-token');
  });

  it('reads the profile from data.user too', async () => {
    signIn();
    stubFetch(() => jsonResponse({ data: { user: { ...ADA, email: 'nested@example.com' } } }));
    renderSession();
    await waitFor(() => expect(screen.getByTestId('email')).toHaveTextContent('nested@example.com'));
  });

  it('clears the stored token and user data when /auth/me fails, without a toast', async () => {
    signIn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => errorResponse(401, 'TOKEN_INVALID', 'Token expired'));
    renderSession();
    await waitFor(() => expect(status()).toBe('anonymous'));
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(window.localStorage.getItem('user_data')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith('Failed to get profile', expect.anything());
    expect(screen.queryByText('Failed to get profile')).not.toBeInTheDocument();
    expect(screen.queryByText('Token expired')).not.toBeInTheDocument();
  });
});

describe('login', () => {
  it('stores token and user and greets by first name', async () => {
    const fetchMock = stubFetch(() => jsonResponse(authAnswer()));
    renderSession();
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(await screen.findByText('Welcome back, Ada')).toBeInTheDocument();
    expect(status()).toBe('authenticated');
    expect(window.localStorage.getItem('access_token')).toBe('token-123');
    expect(JSON.parse(window.localStorage.getItem('user_data') ?? '{}')).toMatchObject({ email: 'ada@example.com' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth/login');
    expect(bodyOf(fetchMock)).toEqual(credentials);
  });

  it('reads tokens.accessToken and greets "User" without a first name', async () => {
    stubFetch(() => jsonResponse({ data: { user: { id: 'u2', email: 'x@example.com' } }, tokens: { accessToken: 'nested' } }));
    renderSession();
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(await screen.findByText('Welcome back, User')).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBe('nested');
  });

  it('shows "Invalid response from server" when the answer holds no user', async () => {
    stubFetch(() => jsonResponse({ success: true, token: 'abc' }));
    renderSession();
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(await screen.findByText('Invalid response from server')).toBeInTheDocument();
    expect(status()).toBe('anonymous');
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });

  it('shows "Invalid response from server" when the user has no email', async () => {
    stubFetch(() => jsonResponse({ user: { id: 'u1' }, token: 'abc' }));
    renderSession();
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(await screen.findByText('Invalid response from server')).toBeInTheDocument();
  });

  it("shows the server's message on failure", async () => {
    stubFetch(() => errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid email or password'));
    renderSession();
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(status()).toBe('anonymous');
  });

  it('falls back to "Login failed. Please try again." without a server message', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }));
    renderSession();
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('falls back to "Login failed. Please try again." when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderSession();
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });
});

describe('register', () => {
  it('welcomes the new user: "Welcome to CellForge, Ada"', async () => {
    const fetchMock = stubFetch(() => jsonResponse(authAnswer(), { status: 201 }));
    renderSession();
    await userEvent.click(screen.getByRole('button', { name: 'register' }));
    expect(await screen.findByText('Welcome to CellForge, Ada')).toBeInTheDocument();
    expect(status()).toBe('authenticated');
    expect(window.localStorage.getItem('access_token')).toBe('token-123');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth/register');
    expect(bodyOf(fetchMock)).toEqual(registration);
  });

  it("shows the server's message, e.g. for a taken email", async () => {
    stubFetch(() => errorResponse(409, 'EMAIL_TAKEN', 'An account with this email already exists'));
    renderSession();
    await userEvent.click(screen.getByRole('button', { name: 'register' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
  });

  it('falls back to "Registration failed. Please try again."', async () => {
    stubFetch(() => new Response(null, { status: 500 }));
    renderSession();
    await userEvent.click(screen.getByRole('button', { name: 'register' }));
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
  });
});

describe('logout, profile and verify', () => {
  it('logs out without any call and says so', async () => {
    signIn();
    const fetchMock = stubFetch(() => jsonResponse({ user: ADA }));
    renderSession();
    await waitFor(() => expect(status()).toBe('authenticated'));
    fetchMock.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(status()).toBe('anonymous');
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(window.localStorage.getItem('user_data')).toBeNull();
  });

  it('PATCHes the profile and merges the change into the stored user', async () => {
    signIn();
    const fetchMock = stubFetch((url, init) =>
      init.method === 'PATCH' ? jsonResponse({ user: { ...ADA, company_name: 'Analytical Engines' } }) : jsonResponse({ user: ADA }),
    );
    renderSession();
    await waitFor(() => expect(status()).toBe('authenticated'));
    await userEvent.click(screen.getByRole('button', { name: 'update' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(screen.getByTestId('company')).toHaveTextContent('Analytical Engines');
    expect(JSON.parse(window.localStorage.getItem('user_data') ?? '{}')).toMatchObject({
      email: 'ada@example.com',
      company_name: 'Analytical Engines',
    });
    const patchCall = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patchCall?.[0]).toBe('/auth/me');
    expect(JSON.parse(String(patchCall?.[1]?.body))).toEqual({ company_name: 'Analytical Engines' });
  });

  it('says "Profile update failed" when the PATCH fails', async () => {
    signIn();
    stubFetch((url, init) => (init.method === 'PATCH' ? errorResponse(400, 'VALIDATION_FAILED', 'Bad') : jsonResponse({ user: ADA })));
    renderSession();
    await waitFor(() => expect(status()).toBe('authenticated'));
    await userEvent.click(screen.getByRole('button', { name: 'update' }));
    expect(await screen.findByText('Profile update failed')).toBeInTheDocument();
    expect(screen.getByTestId('company')).toHaveTextContent('');
  });

  it('reports "Token verification failed" when /auth/verify fails', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch((url) => (url === '/auth/verify' ? new Response(null, { status: 503 }) : jsonResponse({ user: ADA })));
    const onVerified = vi.fn();
    renderSession({ onVerified });
    await waitFor(() => expect(status()).toBe('authenticated'));
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'verify' }));
    });
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(onVerified).toHaveBeenCalledWith({ valid: false, user: null, error: 'Token verification failed' });
  });
});
