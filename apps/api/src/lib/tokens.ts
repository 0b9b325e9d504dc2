import jwt from 'jsonwebtoken';
import { userTypes, type UserType } from '@cellforge/contracts';

export interface AccessClaims {
  sub: string;
  user_type: UserType;
  email: string;
}

export interface TokenService {
  sign(claims: AccessClaims): string;
  verify(token: string): AccessClaims | null;
  expiresInSeconds: number;
}

/** HS256 access tokens; the algorithm is pinned on verify so "none" or RS/HS confusion is refused. */
export function createTokenService(secret: string, expiresInSeconds: number): TokenService {
  return {
    expiresInSeconds,
    sign(claims) {
      return jwt.sign({ user_type: claims.user_type, email: claims.email }, secret, {
        algorithm: 'HS256',
        subject: claims.sub,
        expiresIn: expiresInSeconds,
      });
    },
    verify(token) {
      try {
        const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
        if (typeof payload === 'string' || typeof payload.sub !== 'string') return null;
        const userType = payload.user_type as UserType;
        if (!userTypes.includes(userType)) return null;
        return { sub: payload.sub, user_type: userType, email: String(payload.email ?? '') };
      } catch {
        return null;
      }
    },
  };
}
