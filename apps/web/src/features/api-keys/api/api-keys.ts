import type { ApiKey, ApiKeyCreated, CreateApiKeyInput } from '@cellforge/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/typed-api';

const apiKeysKey = ['me', 'api-keys'] as const;

/** GET /api/me/api-keys: the signed-in user's keys, newest first (never their secrets). */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  // Through the published typed client (@cellforge/client): the product's own tests exercise it.
  return (await callApi('apiKeys', {}, { signal })).data;
}

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: ({ signal }) => getApiKeys(signal) });
}

/** POST /api/me/api-keys: the new key and its secret, which the server never shows again. */
export async function createApiKey(input: CreateApiKeyInput): Promise<ApiKeyCreated> {
  return callApi('createApiKey', { body: input });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }) });
}

/** DELETE /api/me/api-keys/:id: the key stops working at once. */
export async function revokeApiKey(id: string): Promise<ApiKey> {
  return (await callApi('revokeApiKey', { params: { id } })).data;
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }) });
}
