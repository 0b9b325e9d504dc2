import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { pagePaths } from '@cellforge/contracts/constants';
import type { RouteObject } from 'react-router-dom';
import { jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { defined } from '@/test/defined';
import { preloadedPages } from './preloaded-pages';
import { routes } from './router';

describe('routes', () => {
  it.each([
    ['/catalog', 'Robot Catalog'],
    ['/roi-calculator', 'ROI Calculator'],
    ['/beta-signup', 'Get Early Access'],
    ['/learn-how-it-works', 'How CellForge works'],
    ['/robots/r-1', 'Robot details'],
    ['/agent/robotics-advisor', 'Robotics Advisor'],
    ['/about', 'About CellForge'],
    ['/privacy', 'Privacy'],
    ['/terms', 'Terms'],
    ['/contact', 'Contact'],
    ['/auth', 'Sign in'],
    ['/auth/customer', 'Customer portal'],
    ['/auth/supplier', 'Supplier portal'],
    ['/auth/integrator', 'System Integrator portal'],
    ['/dashboard', 'Dashboard'],
    ['/', 'CellForge'],
  ])('%s shows the heading "%s" (and only one h1)', async (path, heading) => {
    stubFetch(() => jsonResponse({}));
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each(['/no-such-page', '/auth/admin', '/robots', '/integrator', '/agent/copilot'])('%s shows the not-found page', async (path) => {
    stubFetch(() => jsonResponse({}));
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it.each(Object.entries(preloadedPages))('%s renders routes/%s.tsx, the chunk the server preloads for it', async (pattern, module) => {
    const leaf = matchRoutes(routes, pattern.replace(/:\w+/g, 'sample'))?.at(-1)?.route;
    expect(leaf?.path ?? (leaf?.index ? '/' : undefined), pattern).toBe(pattern === '/' ? '/' : pattern.slice(1));
    const load = leaf?.lazy as (() => Promise<{ Component: ComponentType }>) | undefined;
    const { Component } = await defined(load)();
    const expected = (await import(`./routes/${module}.tsx`)) as { default: ComponentType };
    expect(Component).toBe(expected.default);
  });

  it('sets the document title per page', async () => {
    stubFetch(() => jsonResponse({}));
    renderRoutes(routes, '/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms' });
    await waitFor(() => expect(document.title).toBe('Terms of use · CellForge'));
  });

  it('shows the global error screen when a page chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({}));
    const { lazyRoute } = await import('@/lib/lazy-route');
    const { RouteErrorBoundary } = await import('@/components/errors/route-error-boundary');
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    renderRoutes(
      [{ path: '/', errorElement: <RouteErrorBoundary />, hydrateFallbackElement: <p>Loading</p>, lazy: lazyRoute(failing) }],
      '/',
    );
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(/Part of the app could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
    // The boundary logs from an effect, which may run after the screen is shown.
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Route error', expect.objectContaining({ name: 'ChunkLoadError' })));
  });
});

/** Every path of the route table, joined from nested routes (pathless layout routes add nothing). */
function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((r) => {
    const here = r.index ? parent || '/' : r.path ? `${parent.replace(/\/$/, '')}/${r.path.replace(/^\//, '')}` : parent;
    const own = r.index || (r.path && r.path !== '*') ? [here] : [];
    return [...own, ...(r.children ? routePaths(r.children, here) : [])];
  });
}

describe('page table', () => {
  it('matches the pages the API serves (contracts pagePaths), so a real page is never answered 404', () => {
    expect([...new Set(routePaths(routes))].sort()).toEqual([...pagePaths].sort());
  });
});
