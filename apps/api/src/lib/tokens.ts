import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { userTypes, type UserType } from '@cellforge/contracts';

export interface AccessClaims {
  sub: string;
  user_type: UserType;
  email: string;
  /** The user's token version when the token was issued (0 for tokens issued before versions existed). */
  ver: number;
}

export interface TokenService {
  sign(claims: AccessClaims): string;
  verify(token: string): AccessClaims | null;
  /**
   * Whether a verified token is still honoured: the user exists and has not revoked
   * tokens since it was issued (sign-out, deletion). Without a version source every
   * verified token is current (tools and tests that have no database).
   */
  isCurrent(claims: AccessClaims): Promise<boolean>;
  /** Forget what is cached about a user (after their version changed in this process). */
  forget(userId: string): void;
  expiresInSeconds: number;
}

export interface TokenRevocation {
  /** The user's current token version; null when the user no longer exists. */
  currentVersion(userId: string): Promise<number | null>;
  /** How long a looked-up version is reused (ms); 0 looks it up on every request. */
  cacheMs: number;
}

/** Users whose version is cached at once, at most; the cache is emptied when full. */
const MAX_CACHED_USERS = 10_000;

/**
 * HS256 access tokens; the algorithm is pinned on verify so "none" or RS/HS confusion is
 * refused. The key is a KeyObject made once: with a string secret jsonwebtoken tries
 * createPublicKey, fails, then builds a secret key, on every request.
 */
export function createTokenService(secret: string, expiresInSeconds: number, revocation?: TokenRevocation): TokenService {
  const key: KeyObject = createSecretKey(Buffer.from(secret, 'utf8'));
  const cache = new Map<string, { version: number | null; at: number }>();

  async function versionOf(userId: string): Promise<number | null> {
    if (!revocation) return 0;
    const hit = cache.get(userId);
    if (hit && revocation.cacheMs > 0 && Date.now() - hit.at < revocation.cacheMs) return hit.version;
    const version = await revocation.currentVersion(userId);
    if (revocation.cacheMs > 0) {
      if (cache.size >= MAX_CACHED_USERS) cache.clear();
      cache.set(userId, { version, at: Date.now() });
    }
    return version;
  }

  return {
    expiresInSeconds,
    sign(claims) {
      return jwt.sign({ user_type: claims.user_type, email: claims.email, ver: claims.ver }, key, {
        algorithm: 'HS256',
        subject: claims.sub,
        expiresIn: expiresInSeconds,
      });
    },
    verify(token) {
      try {
        const payload = jwt.verify(token, key, { algorithms: ['HS256'] });
        if (typeof payload === 'string' || typeof payload.sub !== 'string') return null;
        const userType = payload.user_type as UserType;
        if (!userTypes.includes(userType)) return null;
        const ver: unknown = payload.ver === undefined ? 0 : payload.ver;
        if (typeof ver !== 'number' || !Number.isInteger(ver) || ver < 0) return null;
        return { sub: payload.sub, user_type: userType, email: String(payload.email ?? ''), ver };
      } catch {
        return null;
      }
    },
    async isCurrent(claims) {
      const version = await versionOf(claims.sub);
      return version !== null && version === claims.ver;
    },
    forget(userId) {
      cache.delete(userId);
    },
  };
}
