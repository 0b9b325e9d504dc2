import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_DISPLAY_LENGTH,
  API_KEY_MAX_ACTIVE,
  API_KEY_PREFIX,
  apiKeyScopes,
  normalizeRole,
  userTypes,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
  type CreateApiKeyRequest,
  type UserType,
} from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/db-values';
import type { Logger } from '../../lib/logger';
import type { ApiKeyIdentity } from '../../middleware/authenticate';
import { countActiveApiKeys, findApiKeyByHash, insertApiKey, listApiKeys, revokeApiKey, touchApiKey, type ApiKeyRow } from './api-keys.repository';

/** `cfk_` and 32 random bytes in base64url (43 characters). */
const SECRET_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);
/** Remembered last-use writes at most; the map is emptied when full (a few extra writes, no harm). */
const MAX_REMEMBERED = 10_000;

/** The stored form of a secret: its sha256 (the secret is 256 random bits, so no slow hash is needed). */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

function statusOf(row: ApiKeyRow, now: Date): ApiKey['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

const knownScopes = (scopes: readonly string[]): ApiKeyScope[] => scopes.filter((s): s is ApiKeyScope => (apiKeyScopes as readonly string[]).includes(s));

function toDto(row: ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: knownScopes(row.scopes),
    status: statusOf(row, now),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export interface ApiKeysServiceDeps {
  db: Database;
  logger: Logger;
  /** A key's last use is written at most this often (ms), per key and instance. */
  lastUsedEveryMs?: number;
}

/** API keys (issue 17): create, list, revoke, and check a presented key. */
export function createApiKeysService(deps: ApiKeysServiceDeps) {
  const { db, logger } = deps;
  const lastUsedEveryMs = deps.lastUsedEveryMs ?? 60_000;
  const lastWritten = new Map<string, number>();

  async function recordUse(id: string, now: Date): Promise<void> {
    const at = lastWritten.get(id);
    if (at !== undefined && now.getTime() - at < lastUsedEveryMs) return;
    if (lastWritten.size >= MAX_REMEMBERED) lastWritten.clear();
    lastWritten.set(id, now.getTime());
    // A failed write loses one last-use time, not the request.
    await touchApiKey(db, id, now, lastUsedEveryMs).catch((err: unknown) => logger.warn({ err, apiKeyId: id }, 'could not record an API key use'));
  }

  return {
    async list(userId: string): Promise<ApiKey[]> {
      const now = new Date();
      return (await listApiKeys(db, userId)).map((row) => toDto(row, now));
    },

    async create(userId: string, input: CreateApiKeyRequest): Promise<ApiKeyCreated> {
      const now = new Date();
      if ((await countActiveApiKeys(db, userId, now)) >= API_KEY_MAX_ACTIVE) {
        throw new AppError('CONFLICT', `You already have ${API_KEY_MAX_ACTIVE} active API keys. Revoke one you no longer use first.`);
      }
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await insertApiKey(db, {
        userId,
        name: input.name,
        prefix: secret.slice(0, API_KEY_DISPLAY_LENGTH),
        secretHash: hashApiKeySecret(secret),
        scopes: apiKeyScopes.filter((s) => input.scopes.includes(s)),
        expiresAt: input.expires_in_days === null ? null : new Date(now.getTime() + input.expires_in_days * 86_400_000),
      });
      return { data: toDto(row, now), secret };
    },

    async revoke(userId: string, id: string): Promise<ApiKey> {
      const row = isUuid(id) ? await revokeApiKey(db, userId, id, new Date()) : undefined;
      if (!row) throw notFound('API key');
      return toDto(row, new Date());
    },

    /** The key a request presented, or an AppError (401) saying why it is refused. */
    async verify(secret: string): Promise<ApiKeyIdentity> {
      if (!SECRET_PATTERN.test(secret)) throw new AppError('API_KEY_INVALID', 'This API key is not valid. Check that it was copied whole.');
      const found = await findApiKeyByHash(db, hashApiKeySecret(secret));
      if (!found) throw new AppError('API_KEY_INVALID', 'This API key is not valid. Check that it was copied whole.');
      const now = new Date();
      const status = statusOf(found.key, now);
      if (status === 'revoked') throw new AppError('API_KEY_REVOKED', 'This API key has been revoked. Create a new key in your settings.');
      if (status === 'expired') throw new AppError('API_KEY_EXPIRED', 'This API key has expired. Create a new key in your settings.');
      const userType = found.user.userType as UserType;
      if (!userTypes.includes(userType)) throw new AppError('API_KEY_INVALID', 'This API key is not valid. Check that it was copied whole.');
      await recordUse(found.key.id, now);
      return {
        id: found.key.id,
        scopes: knownScopes(found.key.scopes),
        user: { userId: found.user.id, userType, role: normalizeRole(userType), email: found.user.email },
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
