import { CellForgeError, createClient, type ApiRoutes, type CallAnswer, type CallInput, type OperationId } from '@cellforge/client';
import { env } from '@/config/env';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';
import { getAccessToken } from './storage';

/**
 * The published typed client (@cellforge/client, issue 17) as the web app uses it: the
 * session's token, the page's fetch (looked up per call, so tests' stubs apply), and its
 * refusals as the ApiError the forms and queries already read. Only for /api operations
 * (env.apiBase); it loads zod, so only lazily loaded features import it.
 */
const client = createClient({
  baseUrl: env.apiBase,
  token: () => getAccessToken(),
  fetch: (url, init) => globalThis.fetch(url, init),
});

export async function callApi<O extends OperationId>(operation: O, input: CallInput<ApiRoutes[O]>, init?: { signal?: AbortSignal }): Promise<CallAnswer<ApiRoutes[O]>> {
  try {
    return await client.call(operation, input, init);
  } catch (err) {
    if (!(err instanceof CellForgeError)) throw err;
    if (err.status === 0) throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
    throw new ApiError({ status: err.status, code: err.code, message: err.message, details: err.details, fromServer: err.code !== 'UNEXPECTED_ANSWER' });
  }
}
