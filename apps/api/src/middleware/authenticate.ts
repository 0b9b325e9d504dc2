import type { Request, RequestHandler } from 'express';
import { API_KEY_PREFIX, normalizeRole, type ApiKeyScope } from '@cellforge/contracts';
import { AppError } from '../lib/errors';
import type { TokenService } from '../lib/tokens';

function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || null;
}

/** A bearer that starts with `cfk_` is an API key (issue 17), never a session token. */
const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/**
 * Reads the bearer token. A token that is present but invalid, expired or revoked is
 * always a 401 (the client must sign in again); a missing token is a 401 only when required.
 * A request already authenticated by an API key (authenticateApiKey, mounted before the
 * routers) passes as its user.
 */
export function authenticate(tokens: TokenService, options: { required: boolean }): RequestHandler {
  return async (req, _res, next) => {
    if (req.apiKey && req.auth) return next();
    const token = bearerOf(req.headers.authorization);
    if (!token) {
      if (options.required) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
      return next();
    }
    // A key that authenticateApiKey did not accept (it is not mounted in front of this router).
    if (isApiKey(token)) throw new AppError('API_KEY_INVALID', 'This API key is not valid. Check that it was copied whole.');
    const claims = tokens.verify(token);
    // A signed token of a deleted account, or one issued before its user signed out, is no longer honoured.
    if (!claims || !(await tokens.isCurrent(claims))) {
      throw new AppError('TOKEN_INVALID', 'Your session has expired or is invalid. Please sign in again.');
    }
    req.auth = { userId: claims.sub, userType: claims.user_type, role: normalizeRole(claims.user_type), email: claims.email };
    next();
  };
}

/** A presented API key that works: the key and the user it acts as. */
export interface ApiKeyIdentity {
  id: string;
  scopes: ApiKeyScope[];
  user: NonNullable<Request['auth']>;
}

/**
 * API keys (`Authorization: Bearer cfk_...`), mounted once in front of every router:
 * a key is looked up by its hash (`verify` throws a 401 AppError for an unknown,
 * malformed, revoked or expired key) and the request goes on as the key's user, with
 * `req.apiKey` saying which key and scopes. Other requests pass untouched.
 */
export function authenticateApiKey(verify: (secret: string) => Promise<ApiKeyIdentity>): RequestHandler {
  return async function apiKeyAuthentication(req, _res, next) {
    const token = bearerOf(req.headers.authorization);
    if (!token || !isApiKey(token)) return next();
    const key = await verify(token);
    req.auth = key.user;
    req.apiKey = { id: key.id, scopes: key.scopes };
    next();
  };
}
