import type { Robot } from '@cellforge/contracts';
import { ADA, errorResponse, jsonResponse, stubFetch } from './fetch';

/** Marketplace fixtures and a fetch stub that answers by method and path. */

let counter = 0;
/** A robot as GET /api/robots answers it; ids are uuids like the real ones. */
export function buildRobot(overrides: Partial<Robot> = {}): Robot {
  counter += 1;
  const suffix = String(counter).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${suffix}`,
    manufacturer: 'ABB',
    model: `IRB ${counter}`,
    category: 'articulated',
    payload_kg: 10,
    reach_mm: 1200,
    dof: 6,
    repeatability_mm: 0.03,
    weight_kg: 50,
    price_min_usd: 30000,
    price_max_usd: 40000,
    applications: ['welding'],
    industries: ['automotive'],
    description: 'A six-axis arm.',
    datasheet_source: 'ABB product specification',
    ip_rating: null,
    cleanroom_iso_class: null,
    food_grade: null,
    mounting: null,
    max_speed_mm_s: null,
    environment_source: null,
    maker_country: null,
    status: 'active',
    owner_id: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function listAnswer(robots: Robot[], extra: { page?: number; limit?: number; total?: number } = {}) {
  return {
    data: robots,
    page: extra.page ?? 1,
    limit: extra.limit ?? 20,
    total: extra.total ?? robots.length,
    facets: {
      category: [{ value: 'articulated', count: 120 }, { value: 'collaborative', count: 40 }],
      manufacturer: [{ value: 'ABB', count: 30 }, { value: 'FANUC', count: 25 }],
      application: [{ value: 'welding', count: 50 }, { value: 'pick-and-place', count: 70 }],
      industry: [{ value: 'automotive', count: 60 }],
    },
  };
}

export const CUSTOMER = ADA;
export const SUPPLIER = { ...ADA, id: 'u2', user_id: 'u2', email: 'linus@example.com', first_name: 'Linus', firstName: 'Linus', user_type: 'supplier', role: 'supplier' };
export const INTEGRATOR = { ...ADA, id: 'u3', user_id: 'u3', email: 'grace@example.com', first_name: 'Grace', firstName: 'Grace', user_type: 'integrator', role: 'integrator' };

export type ApiHandler = (url: URL, init: RequestInit) => Response | Promise<Response>;
export type ApiRoutes = Record<string, ApiHandler>;

/**
 * Stubs fetch with handlers keyed "METHOD /path" (path without query; `:id` matches
 * one segment). With `user`, a stored token is set and GET /auth/me answers that user.
 * Anything unhandled answers 404, so a missing stub shows up as a failure.
 */
export function stubApi(routes: ApiRoutes, { user }: { user?: Record<string, unknown> | null } = {}) {
  if (user) window.localStorage.setItem('access_token', 'stored-token');
  const compiled = Object.entries(routes).map(([key, handler]) => {
    const [method, path = ''] = key.split(' ');
    const pattern = new RegExp(`^${path.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
    return { method, pattern, handler };
  });
  return stubFetch((raw, init) => {
    const url = new URL(raw, 'http://localhost');
    const method = init.method ?? 'GET';
    if (user && url.pathname === '/auth/me') return jsonResponse({ user });
    const match = compiled.find((route) => route.method === method && route.pattern.test(url.pathname));
    if (match) return match.handler(url, init);
    return errorResponse(404, 'NOT_FOUND', `Route not found: ${method} ${url.pathname}`);
  });
}

/** The calls made to one path (method and parsed URL), for assertions. */
export function callsTo(mock: { mock: { calls: unknown[][] } }, method: string, pathname: string) {
  return mock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init: (init ?? {}) as RequestInit }))
    .filter(({ url, init }) => (init.method ?? 'GET') === method && url.pathname === pathname);
}
