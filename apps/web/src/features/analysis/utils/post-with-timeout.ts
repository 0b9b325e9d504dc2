import { PERCEPTION_TIMEOUT_MS } from '@cellforge/contracts';
import { api, ApiError } from '@/lib/api-client';

export const ANALYSIS_TIMEOUT_MESSAGE =
  'No answer after 5 minutes. The analysis may still finish: open it again from Previous analyses in a moment.';

/** POST that gives up after the 5 minutes of docs/product.md §9 for perception calls. */
export async function postWithTimeout(path: string, body?: unknown, timeoutMs = PERCEPTION_TIMEOUT_MS): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await api.post(path, body, { signal: controller.signal });
  } catch (error) {
    // Status 0: no answer reached us (the server may still be working).
    if (controller.signal.aborted) throw new ApiError({ status: 0, code: 'ANALYSIS_TIMEOUT', message: ANALYSIS_TIMEOUT_MESSAGE });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
