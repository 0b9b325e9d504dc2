/**
 * docs/product.md §6: tolerant readers of auth answers. The user may be in `user`,
 * `data.user`, or be the top-level object when it has an id; the token may be in
 * `token`, `tokens.accessToken` or `access_token`.
 */
type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readUser(answer: unknown): Loose | null {
  if (!isObject(answer)) return null;
  if (isObject(answer.user)) return answer.user;
  if (isObject(answer.data) && isObject(answer.data.user)) return answer.data.user;
  if (answer.id !== undefined && answer.id !== null) return answer;
  return null;
}

export function readToken(answer: unknown): string | null {
  if (!isObject(answer)) return null;
  if (typeof answer.token === 'string' && answer.token) return answer.token;
  if (isObject(answer.tokens) && typeof answer.tokens.accessToken === 'string' && answer.tokens.accessToken)
    return answer.tokens.accessToken;
  if (typeof answer.access_token === 'string' && answer.access_token) return answer.access_token;
  return null;
}

/** A login/register answer is usable only when it holds a user with an email. */
export function readAuthAnswer(answer: unknown): { user: Loose & { email: string }; token: string | null } | null {
  const user = readUser(answer);
  if (!user || typeof user.email !== 'string' || !user.email) return null;
  return { user: user as Loose & { email: string }, token: readToken(answer) };
}

/** The server's error text of a failed answer, if it has one. */
export function readErrorMessage(answer: unknown): string | null {
  if (!isObject(answer)) return null;
  if (typeof answer.message === 'string' && answer.message) return answer.message;
  if (typeof answer.error === 'string' && answer.error) return answer.error;
  return null;
}
