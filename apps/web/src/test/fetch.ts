import { vi } from 'vitest';

/** A real Response with a JSON body. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/** The API's error shape: { message, error, code, details? }. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  details?: Record<string, string[]>,
): Response {
  return jsonResponse({ message, error: message, code, ...(details ? { details } : {}) }, { status });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Stubs global fetch; each call goes to `handler`. Returns the mock to assert on. */
export function stubFetch(handler: Handler) {
  const mock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(typeof input === 'string' ? input : input.toString(), init)),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** A fetch that never answers (for loading states). */
export function stubPendingFetch() {
  const mock = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The parsed JSON body of the n-th fetch call. */
export function bodyOf(mock: { mock: { calls: unknown[][] } }, index = 0): unknown {
  const init = mock.mock.calls[index]?.[1] as RequestInit | undefined;
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

export const ADA = {
  id: 'u1',
  user_id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  firstName: 'Ada',
  last_name: 'Lovelace',
  user_type: 'customer',
  role: 'customer',
  company_name: null,
  phone: null,
  job_title: null,
  website: null,
  company_size: null,
  industry: null,
  preferences: {},
  created_at: '2025-01-01T00:00:00.000Z',
};

export function authAnswer(user: Record<string, unknown> = ADA, token = 'token-123') {
  return { success: true, message: 'ok', user, token, access_token: token, expires_in: 3600 };
}
