import { isApiError } from './api-client';

/** The text to show for a failed call: the server's own message, else the fallback. */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  // status 0: no answer at all; the client's message says to check the connection.
  return (error.fromServer || error.status === 0) && error.message ? error.message : fallback;
}

/** Reads an answer with its contract schema; a malformed answer is an error, not a crash later. */
export function parseAnswer<T>(schema: { parse: (value: unknown) => T }, answer: unknown): T {
  try {
    return schema.parse(answer);
  } catch (cause) {
    throw new Error('The server sent an answer this page cannot read.', { cause });
  }
}
