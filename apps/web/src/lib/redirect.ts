import type { Role } from '@cellforge/contracts';
import { paths } from '@/config/paths';

/**
 * The `redirect` query value if it is a same-site path: it must start with "/" but
 * not "//" or "/\" (both mean another host to a browser), and hold no control
 * characters. Returns null otherwise.
 */
export function sanitizeRedirect(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // Browsers strip tabs/newlines from URLs, so "/\t/evil.com" would become "//evil.com".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const base = 'https://cellforge.invalid';
    if (new URL(value, base).origin !== base) return null;
  } catch {
    return null;
  }
  return value;
}

/** Where a role lands after sign-in. */
export function roleHomePath(role: Role): string {
  return role === 'integrator' ? paths.integratorDashboard.getHref() : paths.dashboard.getHref();
}

/** After sign-in: the sanitized `redirect` param, else the role's home. */
export function postAuthDestination(redirect: string | null | undefined, role: Role): string {
  const safe = sanitizeRedirect(redirect);
  // Going back to a sign-in page after signing in would only loop.
  if (safe && safe !== '/auth' && !safe.startsWith('/auth/') && !safe.startsWith('/auth?')) return safe;
  return roleHomePath(role);
}
