import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { RootLayout } from '@/components/layout/root-layout';
import { PageSpinner } from '@/components/ui/spinner';
import { ChatWidget } from '@/features/chat/lazy';
import { RequireAuth } from '@/lib/auth/require-auth';
import { lazyRoute } from '@/lib/lazy-route';

/**
 * A lazily loaded page: its chunk loads on first visit (keeps the home route's JS
 * small); while the first page loads, the header and footer already show.
 */
function page(importer: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return { lazy: lazyRoute(importer), hydrateFallbackElement: <PageSpinner /> };
}

/** The route table (docs/product.md §3.1). Paths mirror src/config/paths.ts. */
export const routes: RouteObject[] = [
  {
    path: '/',
    // The floating AI chat widget (docs/product.md §3.6), on every page: a small launcher; the chat loads on first open.
    element: <RootLayout overlay={<ChatWidget />} />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { index: true, ...page(() => import('./routes/home')) },
      { path: 'dashboard', ...page(() => import('./routes/dashboard')) },
      { path: 'agent/:slug', ...page(() => import('./routes/agent')) },
      { path: 'learn-how-it-works', ...page(() => import('./routes/learn-how-it-works')) },
      { path: 'catalog', ...page(() => import('./routes/catalog')) },
      { path: 'robots/:id', ...page(() => import('./routes/robot-detail')) },
      { path: 'compare', ...page(() => import('./routes/compare')) },
      { path: 'beta-signup', ...page(() => import('./routes/beta-signup')) },
      { path: 'about', ...page(() => import('./routes/about')) },
      { path: 'privacy', ...page(() => import('./routes/privacy')) },
      { path: 'terms', ...page(() => import('./routes/terms')) },
      { path: 'contact', ...page(() => import('./routes/contact')) },
      { path: 'auth', ...page(() => import('./routes/auth')) },
      { path: 'auth/:role', ...page(() => import('./routes/auth-portal')) },
      { path: 'forgot-password', ...page(() => import('./routes/forgot-password')) },
      { path: 'reset-password', ...page(() => import('./routes/reset-password')) },
      { path: 'roi-calculator', ...page(() => import('./routes/roi-calculator')) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'projects/:projectId/robots', ...page(() => import('./routes/project-robots')) },
          { path: 'messages', ...page(() => import('./routes/messages')) },
          { path: 'messages/:threadId', ...page(() => import('./routes/thread')) },
          { path: 'settings/api-keys', ...page(() => import('./routes/api-keys')) },
          { path: 'settings/webhooks', ...page(() => import('./routes/settings-webhooks')) },
        ],
      },
      {
        // allowedRoles is declared, not enforced on the client (docs/product.md §2.3).
        element: <RequireAuth allowedRoles={['integrator']} />,
        children: [{ path: 'integrator/dashboard', ...page(() => import('./routes/integrator-dashboard')) }],
      },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
