import { readErrorMessage } from '@cellforge/contracts';
import { env } from '@/config/env';
import { getAccessToken } from './storage';
import { takeEarlyRead } from './early-read';

/** A failed call: HTTP status (0 = no answer), stable code and the server's message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** Field -> messages, from a VALIDATION_FAILED answer. */
  readonly details: Record<string, string[]> | undefined;
  /** True when `message` is the server's own text (not a generic fallback). */
  readonly fromServer: boolean;
  readonly body: unknown;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: Record<string, string[]>;
    fromServer?: boolean;
    body?: unknown;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.fromServer = init.fromServer ?? false;
    this.body = init.body;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const NETWORK_ERROR_MESSAGE = 'Unable to reach the server. Check your connection and try again.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON (FormData is sent as is). */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Send the stored access token as a Bearer header (default: when one is stored). */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A read anyone may make (a robot page): when the stored token is refused (401, an
   * expired or revoked session) the request is made again without it, so a stale token
   * never hides a public page. The session itself is cleared by its own check.
   */
  publicRead?: boolean;
}

/**
 * Which base a path belongs to (docs/product.md §7.1): /api/* goes to the product API,
 * everything else (/auth, /projects, /ai) to the hosted API.
 */
export function baseFor(path: string): string {
  return path === '/api' || path.startsWith('/api/') ? env.apiBase : env.aiBase;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  let url = `${baseFor(path)}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const search = params.toString();
    if (search) url += `${url.includes('?') ? '&' : '?'}${search}`;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function readDetails(value: unknown): Record<string, string[]> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const details: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = Array.isArray(messages) ? messages : [messages];
    const texts = list.filter((message): message is string => typeof message === 'string' && message !== '');
    if (texts.length > 0) details[field] = texts;
  }
  return Object.keys(details).length > 0 ? details : undefined;
}

/**
 * Reads the API's error body `{ message, error, code, details? }` (errorBodySchema
 * in @cellforge/contracts) by hand: the shell must not load zod before a form needs it.
 */
function errorFromAnswer(status: number, body: unknown): ApiError {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message = readErrorMessage(body);
  return new ApiError({
    status,
    code: typeof fields.code === 'string' && fields.code ? fields.code : `HTTP_${status}`,
    message: message ?? `Request failed (${status})`,
    details: readDetails(fields.details),
    fromServer: message !== null,
    body,
  });
}

/** JSON fetch wrapper: resolves with the parsed answer, rejects with ApiError. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth, signal, headers: extraHeaders } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = auth === false ? null : getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = buildUrl(path, query);
  const init: RequestInit = { method, headers, body: body === undefined ? undefined : isForm ? body : JSON.stringify(body), signal };
  // The same anonymous GET already sent by index.html (early-read.ts): its answer, once; if it failed, a request of our own.
  const early = method === 'GET' && !token && !extraHeaders ? takeEarlyRead(url) : undefined;

  let response: Response;
  try {
    response = await (early ? early.catch(() => fetch(url, init)) : fetch(url, init));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }

  const answer = await readBody(response);
  if (response.status === 401 && token && options.publicRead) return apiRequest<T>(path, { ...options, auth: false });
  if (!response.ok) throw errorFromAnswer(response.status, answer);
  return answer as T;
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
