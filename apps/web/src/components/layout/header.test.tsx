import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { ADA, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { PORTAL_MENU_CLOSE_DELAY_MS } from './portals-menu';
import { RootLayout } from './root-layout';

const testRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <h1>Home page</h1> },
      { path: 'auth', element: <h1>Chooser</h1> },
      { path: 'auth/:role', element: <h1>Portal page</h1> },
      { path: 'catalog', element: <h1>Catalog page</h1> },
    ],
  },
];

afterEach(() => {
  vi.useRealTimers();
});

function header() {
  return within(screen.getByRole('banner'));
}

async function renderSignedIn(path = '/') {
  window.localStorage.setItem('access_token', 'stored-token');
  const fetchMock = stubFetch(() => jsonResponse({ user: ADA }));
  const rendered = renderRoutes(testRoutes, path);
  await screen.findByRole('button', { name: 'Logout' });
  fetchMock.mockClear();
  return { ...rendered, fetchMock };
}

describe('Header', () => {
  it('has the logo link, main links, Portals and Sign In when signed out', () => {
    stubFetch(() => jsonResponse({}));
    renderRoutes(testRoutes, '/');
    expect(header().getByRole('link', { name: 'CellForge home' })).toHaveAttribute('href', '/');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Robot Catalog' })).toHaveAttribute('href', '/catalog');
    expect(nav.getByRole('link', { name: 'ROI Calculator' })).toHaveAttribute('href', '/roi-calculator');
    expect(nav.getByRole('button', { name: 'Portals' })).toHaveAttribute('aria-expanded', 'false');
    expect(header().getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/customer');
    expect(header().queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
  });

  it('shows Dashboard and Logout when signed in; Logout clears the session and goes home', async () => {
    const { router, fetchMock } = await renderSignedIn('/catalog');
    expect(header().getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(header().getByRole('link', { name: 'Integrations' })).toHaveAttribute('href', '/settings/api-keys');
    expect(header().queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    await userEvent.click(header().getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem('access_token')).toBeNull();
    // Logging out calls nothing (the header's unread count may have been asked for while signed in).
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => !url.includes('/api/threads/unread'))).toEqual([]);
    expect(header().getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it.each(['/auth', '/auth/customer', '/auth/integrator?redirect=%2Fdashboard'])('hides Portals on %s', (path) => {
    stubFetch(() => jsonResponse({}));
    renderRoutes(testRoutes, path);
    expect(screen.queryByRole('button', { name: 'Portals' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Robot Catalog' })).toBeInTheDocument();
  });

  it('footer links to About, Privacy, Terms and Contact', () => {
    stubFetch(() => jsonResponse({}));
    renderRoutes(testRoutes, '/');
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }));
    expect(footer.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['About', '/about'],
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Contact', '/contact'],
    ]);
  });
});

describe('Portals menu', () => {
  it('lists Customer, Supplier and System Integrator', async () => {
    stubFetch(() => jsonResponse({}));
    renderRoutes(testRoutes, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Portals' }));
    const menu = screen.getByRole('menu', { name: 'Portals' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Customer',
      'Supplier',
      'System Integrator',
    ]);
    expect(screen.getByRole('button', { name: 'Portals' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('a click after hovering keeps the menu open; the next click closes it', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({}));
    renderRoutes(testRoutes, '/');
    const button = screen.getByRole('button', { name: 'Portals' });
    await user.hover(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs the signed-in user out before going to /auth/{role}, without any call', async () => {
    const { router, fetchMock } = await renderSignedIn('/catalog');
    await userEvent.click(screen.getByRole('button', { name: 'Portals' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Supplier' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/supplier'));
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(window.localStorage.getItem('user_data')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(header().getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('goes straight to the portal when nobody is signed in', async () => {
    stubFetch(() => jsonResponse({}));
    const { router } = renderRoutes(testRoutes, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Portals' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'System Integrator' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/integrator'));
    expect(screen.queryByText('Logged out successfully')).not.toBeInTheDocument();
  });

  it(`opens on hover and closes ${PORTAL_MENU_CLOSE_DELAY_MS} ms after the pointer leaves`, () => {
    expect(PORTAL_MENU_CLOSE_DELAY_MS).toBe(150);
    vi.useFakeTimers();
    stubFetch(() => jsonResponse({}));
    renderRoutes(testRoutes, '/');
    const button = screen.getByRole('button', { name: 'Portals' });
    const widget = button.parentElement as HTMLElement;

    fireEvent.pointerEnter(widget, { pointerType: 'mouse' });
    expect(screen.getByRole('menu', { name: 'Portals' })).toBeInTheDocument();

    fireEvent.pointerLeave(widget, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(PORTAL_MENU_CLOSE_DELAY_MS - 1));
    expect(screen.getByRole('menu', { name: 'Portals' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open when the pointer comes back within the delay', () => {
    vi.useFakeTimers();
    stubFetch(() => jsonResponse({}));
    renderRoutes(testRoutes, '/');
    const widget = screen.getByRole('button', { name: 'Portals' }).parentElement as HTMLElement;
    fireEvent.pointerEnter(widget, { pointerType: 'mouse' });
    fireEvent.pointerLeave(widget, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerEnter(widget, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('menu', { name: 'Portals' })).toBeInTheDocument();
  });

  it('works with the keyboard: arrows move, Tab reaches items, Escape closes', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({}));
    renderRoutes(testRoutes, '/');
    const button = screen.getByRole('button', { name: 'Portals' });
    button.focus();

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Customer' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Supplier' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'System Integrator' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu', { name: 'Portals' })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('menuitem', { name: 'Customer' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('menuitem', { name: 'Supplier' })).toHaveFocus();
  });
});

describe('Mobile menu', () => {
  it('mirrors the header entries and closes with Escape', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({}));
    renderRoutes(testRoutes, '/');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(mobile.getByRole('link', { name: 'Robot Catalog' })).toHaveAttribute('href', '/catalog');
    expect(mobile.getByRole('link', { name: 'ROI Calculator' })).toHaveAttribute('href', '/roi-calculator');
    expect(mobile.getByRole('button', { name: 'Customer' })).toBeInTheDocument();
    expect(mobile.getByRole('button', { name: 'Supplier' })).toBeInTheDocument();
    expect(mobile.getByRole('button', { name: 'System Integrator' })).toBeInTheDocument();
    expect(mobile.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/customer');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('closes after following a link', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({}));
    const { router } = renderRoutes(testRoutes, '/');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Robot Catalog' }));
    expect(router.state.location.pathname).toBe('/catalog');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });
});
