import { isApiError } from '@/lib/api-client';

/** No answer at all (fetch TypeError, dropped connection): asking again may help. */
export function isConnectionError(error: unknown): boolean {
  return (isApiError(error) && error.status === 0) || error instanceof TypeError;
}

/** The server's own text for a failure (or the client's "no answer" text), else null. */
export function serverMessageOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return (error.fromServer || error.status === 0) && error.message ? error.message : null;
}
