/**
 * The pages whose code the server sends along with their HTML, by URL pattern (as in
 * router.tsx; `:name` is one path segment) and route module (src/app/routes/<module>.tsx).
 * The build writes each module's chunk and the chunks it imports to
 * dist/page-preloads.json (vite.config.ts); apps/api/src/web-app.ts adds them to the
 * page as <link rel="modulepreload">, so the page's code downloads alongside the app's
 * instead of after it (one round trip less before the page shows). Pages behind sign-in
 * are left out. router.test.tsx checks each pattern renders its module.
 */
export const preloadedPages: Readonly<Record<string, string>> = {
  '/': 'home',
  '/roi-calculator': 'roi-calculator',
  '/beta-signup': 'beta-signup',
  '/learn-how-it-works': 'learn-how-it-works',
  '/agent/:slug': 'agent',
  '/catalog': 'catalog',
  '/robots/:id': 'robot-detail',
  '/compare': 'compare',
  '/about': 'about',
  '/privacy': 'privacy',
  '/terms': 'terms',
  '/contact': 'contact',
  '/auth': 'auth',
  '/auth/:role': 'auth-portal',
  '/forgot-password': 'forgot-password',
  '/reset-password': 'reset-password',
};
