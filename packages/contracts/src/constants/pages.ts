import { portalRoles } from './roles';

/**
 * Every page of the web app (its router's paths; `:name` is one path segment). The API
 * serves the app for these whatever the Accept header, and answers any other GET that
 * asks for HTML with the app's not-found page and status 404.
 */
export const pagePaths = [
  '/',
  '/dashboard',
  '/agent/:slug',
  '/learn-how-it-works',
  '/catalog',
  '/robots/:id',
  '/compare',
  '/beta-signup',
  '/about',
  '/privacy',
  '/terms',
  '/contact',
  '/auth',
  '/auth/:role',
  '/forgot-password',
  '/reset-password',
  '/roi-calculator',
  '/projects/:projectId/robots',
  '/integrator/dashboard',
  '/messages',
  '/messages/:threadId',
  '/settings/api-keys',
  '/settings/webhooks',
] as const;

/** Segments whose values are a closed list: any other value is an unknown page. */
const segmentValues: Record<string, readonly string[]> = { ':role': portalRoles };

const patterns = pagePaths.map((p) => p.split('/').filter(Boolean));

/** The page pattern a path belongs to, or null when no page of the app has that path. */
export function matchPagePath(pathname: string): (typeof pagePaths)[number] | null {
  const parts = pathname.split('/').filter(Boolean);
  const i = patterns.findIndex(
    (segments) =>
      segments.length === parts.length &&
      segments.every((s, k) => (s.startsWith(':') ? (segmentValues[s]?.some((value) => value === parts[k]) ?? parts[k] !== '') : s === parts[k])),
  );
  return pagePaths[i] ?? null;
}
