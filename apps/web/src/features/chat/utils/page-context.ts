import { CHAT_FILTER_VALUE_MAX, catalogFilterKeys, type ChatPage } from '@cellforge/contracts/constants';

/**
 * docs/product.md §7.4: the page name of a route. / homepage, /catalog catalog, /robots/:id
 * robot_detail, /compare compare, /roi-calculator roi_calculator, /dashboard and
 * /integrator/dashboard dashboard, /auth... auth, anything else general.
 */
export function pageNameFor(pathname: string): ChatPage {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '') return 'homepage';
  if (path === '/catalog') return 'catalog';
  if (/^\/robots\/[^/]+$/.test(path)) return 'robot_detail';
  if (path === '/compare') return 'compare';
  if (path === '/roi-calculator') return 'roi_calculator';
  if (path === '/dashboard' || path === '/integrator/dashboard') return 'dashboard';
  if (path === '/auth' || path.startsWith('/auth/')) return 'auth';
  return 'general';
}

/** The robot of a /robots/:id page, else null. */
export function robotIdFor(pathname: string): string | null {
  const match = /^\/robots\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * docs/product.md §7.4: the catalog filters present in a query string, as the chat sends
 * them (empty values left out; cut to the length the server accepts).
 */
export function filtersFrom(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const filters: Record<string, string> = {};
  for (const key of catalogFilterKeys) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value.slice(0, CHAT_FILTER_VALUE_MAX);
  }
  return filters;
}
