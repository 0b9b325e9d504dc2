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
  /**
   * Forget what is cached about a user (after their version changed), here and, with a
   * channel, on every instance; resolves once the notice is sent (never rejects).
   */
  forget(userId: string): Promise<void>;
  expiresInSeconds: number;
}

export interface TokenRevocation {
  /** The user's current token version; null when the user no longer exists. */
  currentVersion(userId: string): Promise<number | null>;
  /** How long a looked-up version is reused (ms); 0 looks it up on every request. */
  cacheMs: number;
  /**
   * Several API instances on one database (lib/revocation-channel.ts): forget() is
   * announced to all, each forgets what it cached on the notice, and while notices may be
   * missed (the listener is down) nothing cached is trusted.
   */
  channel?: {
    publish(userId: string): Promise<void>;
    subscribe(listener: (userId: string | null) => void): void;
    listening(): boolean;
  };
  /** Told when announcing a revocation failed (the other instances then rely on cacheMs). */
  onPublishError?: (err: unknown) => void;
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
  /** Counts forgets: a version read while one happened is not cached (it may be the old one). */
  let forgets = 0;
  const forgetLocally = (userId: string | null) => {
    forgets += 1;
    if (userId === null) cache.clear();
    else cache.delete(userId);
  };
  revocation?.channel?.subscribe(forgetLocally);
  const cacheUsable = () => Boolean(revocation && revocation.cacheMs > 0 && (!revocation.channel || revocation.channel.listening()));

  async function versionOf(userId: string): Promise<number | null> {
    if (!revocation) return 0;
    const hit = cache.get(userId);
    if (hit && cacheUsable() && Date.now() - hit.at < revocation.cacheMs) return hit.version;
    const before = forgets;
    const version = await revocation.currentVersion(userId);
    if (cacheUsable() && forgets === before) {
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
    async forget(userId) {
      forgetLocally(userId);
      await revocation?.channel?.publish(userId).catch((err: unknown) => revocation.onPublishError?.(err));
    },
  };
}
