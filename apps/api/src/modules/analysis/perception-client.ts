import { errorBodySchema, errorCodes, type ErrorCode } from '@cellforge/contracts';
import { AppError } from '../../lib/errors';

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export interface PerceptionClient {
  /** `signal` stops the call early (a cancelled job); the 5-minute limit applies either way. */
  post(path: '/stage1' | '/confirm' | '/stage2', body: unknown, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/**
 * Calls the perception service. Its own errors (4xx with a JSON body) pass through with
 * their code and message; an unreachable service is 503 and a timeout 504, so the
 * Analysis tab can say which it was.
 */
export function createPerceptionClient(baseUrl: string, timeoutMs: number, fetchImpl: typeof fetch = fetch): PerceptionClient {
  return {
    async post(path, body, options = {}) {
      let res: Response;
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        res = await fetchImpl(new URL(path, baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
        });
      } catch (err) {
        if (options.signal?.aborted) throw new AppError('CONFLICT', 'The analysis was cancelled.');
        const name = (err as { name?: string }).name;
        if (name === 'TimeoutError' || name === 'AbortError') {
          throw new AppError('UPSTREAM_TIMEOUT', `The analysis did not finish within ${Math.round(timeoutMs / 1000)} seconds.`);
        }
        throw new AppError('SERVICE_UNAVAILABLE', 'The video analysis service is not reachable. Try again in a moment.');
      }
      const text = await res.text();
      const json = parseJson(text);
      if (res.ok) return json;
      const parsed = errorBodySchema.safeParse(json);
      const code = parsed.success && parsed.data.code in errorCodes ? (parsed.data.code as ErrorCode) : null;
      if (parsed.success && code && res.status < 500) {
        throw new AppError(code, parsed.data.message, parsed.data.details);
      }
      if (parsed.success && code === 'ANALYSIS_TIMEOUT') throw new AppError('ANALYSIS_TIMEOUT', parsed.data.message);
      throw new AppError(
        'UPSTREAM_FAILED',
        parsed.success ? `The analysis failed: ${parsed.data.message}` : `The analysis service answered ${res.status}.`,
      );
    },
  };
}
