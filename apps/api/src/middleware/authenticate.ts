import type { RequestHandler } from 'express';
import { normalizeRole } from '@cellforge/contracts';
import { AppError } from '../lib/errors';
import type { TokenService } from '../lib/tokens';

function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || null;
}

/**
 * Reads the bearer token. A token that is present but invalid, expired or revoked is
 * always a 401 (the client must sign in again); a missing token is a 401 only when required.
 */
export function authenticate(tokens: TokenService, options: { required: boolean }): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerOf(req.headers.authorization);
    if (!token) {
      if (options.required) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
      return next();
    }
    const claims = tokens.verify(token);
    // A signed token of a deleted account, or one issued before its user signed out, is no longer honoured.
    if (!claims || !(await tokens.isCurrent(claims))) {
      throw new AppError('TOKEN_INVALID', 'Your session has expired or is invalid. Please sign in again.');
    }
    req.auth = { userId: claims.sub, userType: claims.user_type, role: normalizeRole(claims.user_type), email: claims.email };
    next();
  };
}
