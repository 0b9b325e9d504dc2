import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** docs/product.md §9: stale 5 min, kept 10 min, up to 3 retries, never on a 4xx. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;
export const MAX_QUERY_RETRIES = 3;

/** A 4xx answer will not change by asking again; network errors and 5xx may. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
      },
      // Writes are not idempotent: never repeat them behind the user's back.
      mutations: { retry: false },
    },
  });
}
