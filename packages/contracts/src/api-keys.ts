import { z } from 'zod';

/**
 * API keys (issue 17): a signed-in user's keys for integrations, sent as
 * `Authorization: Bearer cfk_...`. A key acts as its user (same role, same ownership)
 * and reaches only the routes its scopes allow (the `apiKey` field of each route's entry in ./routes.ts).
 * The scope names are stable: clients store them.
 */
export const apiKeyScopes = ['catalog:read', 'offers:write', 'requests:write', 'imports:write', 'analysis:write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** What each scope lets a key do, for the settings page and docs/api-keys.md. */
export const apiKeyScopeInfo: Record<ApiKeyScope, { label: string; description: string }> = {
  'catalog:read': { label: 'Read catalog', description: 'Search and read robots, offers and the integrator catalog.' },
  'offers:write': { label: 'Manage offers', description: 'List, create, change and remove your offers, listings and catalog robots.' },
  'requests:write': { label: 'Read and answer requests', description: 'Read requests for quote, leads and conversations; answer, quote and reply.' },
  'imports:write': { label: 'Import robots', description: 'Upload, validate and import robot files (bulk upload).' },
  'analysis:write': { label: 'Run analysis', description: 'Upload videos and run the video analysis.' },
};

/** Every key's secret starts with this, so a leaked key is easy to recognise (secret scanners). */
export const API_KEY_PREFIX = 'cfk_';
/** How many characters of the secret are kept and shown to tell keys apart (`cfk_` and 8 more). */
export const API_KEY_DISPLAY_LENGTH = 12;
/** Keys a user may have that are not revoked or expired. */
export const API_KEY_MAX_ACTIVE = 25;
/** The longest expiry a key may have (days). */
export const API_KEY_MAX_DAYS = 1825;

export const apiKeyStatuses = ['active', 'expired', 'revoked'] as const;

/** POST /api/me/api-keys */
export const createApiKeySchema = z
  .object({
    name: z.string({ message: 'Name the key' }).trim().min(1, { message: 'Name the key' }).max(80, { message: 'Name must be at most 80 characters' }),
    scopes: z
      .array(z.enum(apiKeyScopes, { message: `Scopes must be among ${apiKeyScopes.join(', ')}` }), { message: 'Choose at least one scope' })
      .min(1, { message: 'Choose at least one scope' })
      .max(apiKeyScopes.length)
      .refine((s) => new Set(s).size === s.length, { message: 'A scope is listed twice' }),
    /** Days until the key stops working; null (the default) for a key that does not expire. */
    expires_in_days: z
      .number({ message: 'Expiry must be a number of days' })
      .int({ message: 'Expiry must be a whole number of days' })
      .min(1, { message: 'Expiry must be at least 1 day' })
      .max(API_KEY_MAX_DAYS, { message: `Expiry must be at most ${API_KEY_MAX_DAYS} days` })
      .nullable()
      .default(null),
  })
  .strict();
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
export type CreateApiKeyRequest = z.output<typeof createApiKeySchema>;

/** A key as listed: never its secret. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret (`cfk_` and 8 more). */
  prefix: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  status: z.enum(apiKeyStatuses),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** GET /api/me/api-keys: newest first, revoked and expired ones included. */
export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** POST /api/me/api-keys (201): the secret, shown this once; only its hash is kept. */
export const apiKeyCreatedSchema = z.object({ data: apiKeySchema, secret: z.string().startsWith(API_KEY_PREFIX) });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** DELETE /api/me/api-keys/:id: the key, revoked (revoking twice answers the same). */
export const apiKeyResponseSchema = z.object({ data: apiKeySchema });
export type ApiKeyResponse = z.infer<typeof apiKeyResponseSchema>;
