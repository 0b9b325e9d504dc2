/**
 * A typed client of the CellForge API (issue 17). Every operation of the contracts' route
 * table (`@cellforge/contracts/routes`, the table /api/openapi.json is generated from) is a
 * call by its operation id: the path parameters, query, body and answer are typed from the
 * entry's zod schemas, and the answer is checked against the schema of its status (a
 * server that answers something else is an error, not a silently wrong value).
 *
 *   const api = createClient({ baseUrl: 'https://cellforge.example.com', token: process.env.CELLFORGE_KEY });
 *   const { data } = await api.call('searchRobots', { query: { q: 'palletizer', minPayload: 40 } });
 */
import { apiErrorSchema } from '@cellforge/contracts';
import { apiRoutes, isMediaAnswer, type ApiRoutes, type OperationId, type RouteSpec } from '@cellforge/contracts/routes';
import type { z } from 'zod';

type Schema<T> = T extends z.ZodType ? T : never;

/** What a call sends: `params` when the path has some, `query`, `body` (JSON) or `form` (multipart). */
export type CallInput<R extends RouteSpec> = (R['params'] extends z.ZodType ? { params: z.input<Schema<R['params']>> } : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: Partial<z.input<Schema<R['query']>>> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: z.input<Schema<R['body']>> } : { body?: undefined }) &
  (R['multipart'] extends object ? { form: FormData } : { form?: undefined });

type SuccessAnswer<A> = A extends z.ZodType ? z.output<A> : A extends null ? undefined : Response;
/** What a call answers: the JSON of any documented success status, undefined for 204, the Response for a file. */
export type CallAnswer<R extends RouteSpec> = {
  [S in keyof R['responses']]: S extends 200 | 201 | 202 | 204 ? SuccessAnswer<R['responses'][S]> : never;
}[keyof R['responses']];

/** A refused call: the HTTP status (0: no answer), the stable code and the server's message. */
export class CellForgeError extends Error {
  override readonly name = 'CellForgeError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export interface ClientOptions {
  /** Where the API is: 'https://cellforge.example.com' (no trailing slash needed). */
  baseUrl: string;
  /** A session token or an API key (`cfk_...`), or a function giving the current one. */
  token?: string | null | (() => string | null | undefined);
  fetch?: typeof fetch;
  /** Check each JSON answer against its documented schema (default true). */
  validate?: boolean;
  headers?: Record<string, string>;
}

export interface CellForgeClient {
  call<O extends OperationId>(operation: O, input: CallInput<ApiRoutes[O]>, init?: { signal?: AbortSignal }): Promise<CallAnswer<ApiRoutes[O]>>;
  /** The method and path a call goes to (for logs and tests). */
  urlOf<O extends OperationId>(operation: O, input: CallInput<ApiRoutes[O]>): { method: string; url: string };
}

type Scalar = string | number | boolean;
/** A query or path value as text: scalars as they are, lists comma-joined (the API's list form). */
function text(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => text(v)).join(',');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value satisfies Scalar);
  if (value instanceof Date) return value.toISOString();
  throw new TypeError(`cannot send ${typeof value} as a query or path value`);
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, text(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function createClient(options: ClientOptions): CellForgeClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const validate = options.validate ?? true;
  const tokenOf = () => (typeof options.token === 'function' ? options.token() : options.token);

  const urlOf = (operation: OperationId, input: { params?: Record<string, unknown>; query?: Record<string, unknown> }) => {
    const spec: RouteSpec = apiRoutes[operation];
    const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = input.params?.[name];
      if (value === undefined || value === null || value === '') throw new TypeError(`${operation}: the path parameter "${name}" is missing`);
      return encodeURIComponent(text(value));
    });
    return { method: spec.method.toUpperCase(), url: `${base}${path}${queryString(input.query)}` };
  };

  return {
    urlOf: (operation, input) => urlOf(operation, input as never),
    async call(operation, input, init) {
      const spec: RouteSpec = apiRoutes[operation];
      const sent = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; form?: FormData };
      const { method, url } = urlOf(operation, sent);
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      const token = tokenOf();
      if (token) headers.authorization = `Bearer ${token}`;
      let body: RequestInit['body'];
      if (sent.form) body = sent.form;
      else if (sent.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(sent.body);
      }
      let res: Response;
      try {
        res = await doFetch(url, { method, headers, body, signal: init?.signal });
      } catch (err) {
        if ((err as Error).name === 'AbortError') throw err;
        throw new CellForgeError(0, 'NETWORK', `${method} ${url} got no answer: ${(err as Error).message}`);
      }
      if (!res.ok) {
        const text = await res.text();
        let parsed: ReturnType<typeof apiErrorSchema.safeParse> | undefined;
        try {
          parsed = apiErrorSchema.safeParse(JSON.parse(text));
        } catch {
          parsed = undefined;
        }
        if (parsed?.success) throw new CellForgeError(res.status, parsed.data.code, parsed.data.message, parsed.data.details);
        throw new CellForgeError(res.status, 'UNEXPECTED_ANSWER', `${method} ${url} answered ${res.status}`);
      }
      const answer = (spec.responses as Record<number, unknown>)[res.status];
      if (answer === undefined) throw new CellForgeError(res.status, 'UNEXPECTED_ANSWER', `${method} ${url} answered ${res.status}, which ${operation} does not document`);
      if (answer === null || res.status === 204) return undefined as never;
      if (isMediaAnswer(answer as never)) return res as never;
      const json: unknown = await res.json();
      if (!validate) return json as never;
      const checked = (answer as z.ZodType).safeParse(json);
      if (!checked.success) throw new CellForgeError(res.status, 'UNEXPECTED_ANSWER', `${method} ${url}: the answer does not match the documented schema (${checked.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')})`);
      return checked.data as never;
    },
  };
}

export type { ApiRoutes, OperationId } from '@cellforge/contracts/routes';
