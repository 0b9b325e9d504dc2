import type { PortalRole } from '@cellforge/contracts';

/**
 * Every route of the web app. `path` is the router pattern, `getHref` builds a link.
 * Keep in sync with src/app/router.tsx.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  agent: { path: '/agent/:slug', getHref: (slug: string) => `/agent/${encodeURIComponent(slug)}` },
  learn: { path: '/learn-how-it-works', getHref: () => '/learn-how-it-works' },
  catalog: { path: '/catalog', getHref: () => '/catalog' },
  robot: { path: '/robots/:id', getHref: (id: string) => `/robots/${encodeURIComponent(id)}` },
  compare: {
    path: '/compare',
    getHref: (ids: readonly string[] = []) =>
      ids.length ? `/compare?ids=${ids.map(encodeURIComponent).join(',')}` : '/compare',
  },
  betaSignup: { path: '/beta-signup', getHref: () => '/beta-signup' },
  about: { path: '/about', getHref: () => '/about' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  contact: { path: '/contact', getHref: () => '/contact' },
  auth: {
    path: '/auth',
    getHref: (redirect?: string | null) => withRedirect('/auth', redirect),
  },
  authPortal: {
    path: '/auth/:role',
    getHref: (role: PortalRole, redirect?: string | null) => withRedirect(`/auth/${role}`, redirect),
  },
  forgotPassword: {
    path: '/forgot-password',
    getHref: (email?: string | null) => (email ? `/forgot-password?${new URLSearchParams({ email }).toString()}` : '/forgot-password'),
  },
  resetPassword: { path: '/reset-password', getHref: (token: string) => `/reset-password?${new URLSearchParams({ token }).toString()}` },
  roiCalculator: { path: '/roi-calculator', getHref: () => '/roi-calculator' },
  projectRobots: {
    path: '/projects/:projectId/robots',
    getHref: (projectId: string) => `/projects/${encodeURIComponent(projectId)}/robots`,
  },
  integratorDashboard: { path: '/integrator/dashboard', getHref: () => '/integrator/dashboard' },
  messages: { path: '/messages', getHref: () => '/messages' },
  apiKeys: { path: '/settings/api-keys', getHref: () => '/settings/api-keys' },
  thread: { path: '/messages/:threadId', getHref: (threadId: string) => `/messages/${encodeURIComponent(threadId)}` },
  settingsWebhooks: { path: '/settings/webhooks', getHref: () => '/settings/webhooks' },
  notFound: { path: '*' },
} as const;

function withRedirect(pathname: string, redirect?: string | null): string {
  return redirect ? `${pathname}?${new URLSearchParams({ redirect }).toString()}` : pathname;
}

/** True on /auth and /auth/... (the Portals menu is hidden there). */
export function isAuthPath(pathname: string): boolean {
  return pathname === '/auth' || pathname.startsWith('/auth/');
}
