import {
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeyResponseSchema,
  type ApiKey,
  type ApiKeyCreated,
  type CreateApiKeyInput,
} from '@cellforge/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

const apiKeysKey = ['me', 'api-keys'] as const;

/** GET /api/me/api-keys: the signed-in user's keys, newest first (never their secrets). */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return parseAnswer(apiKeyListSchema, await api.get('/api/me/api-keys', { signal })).data;
}

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: ({ signal }) => getApiKeys(signal) });
}

/** POST /api/me/api-keys: the new key and its secret, which the server never shows again. */
export async function createApiKey(input: CreateApiKeyInput): Promise<ApiKeyCreated> {
  return parseAnswer(apiKeyCreatedSchema, await api.post('/api/me/api-keys', input));
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }) });
}

/** DELETE /api/me/api-keys/:id: the key stops working at once. */
export async function revokeApiKey(id: string): Promise<ApiKey> {
  return parseAnswer(apiKeyResponseSchema, await api.delete(`/api/me/api-keys/${encodeURIComponent(id)}`)).data;
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }) });
}
