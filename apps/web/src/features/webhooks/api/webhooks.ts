import type { CreateWebhookEndpoint, UpdateWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated } from '@cellforge/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/typed-api';

// Every call goes through the published typed client (@cellforge/client): operation ids and
// inputs are checked by TypeScript against the route table, answers against its schemas.

const keys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
};

/** GET /api/webhooks/endpoints: the user's endpoints with their health. */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: keys.endpoints,
    queryFn: async ({ signal }): Promise<WebhookEndpoint[]> => (await callApi('webhookEndpoints', {}, { signal })).data,
    refetchInterval: 30_000,
  });
}

/** GET …/deliveries: the latest 50 deliveries of one endpoint (refreshed while shown). */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: keys.deliveries(endpointId),
    queryFn: async ({ signal }): Promise<WebhookDelivery[]> => (await callApi('webhookDeliveries', { params: { id: endpointId } }, { signal })).data,
    refetchInterval: 10_000,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

export function useCreateWebhookEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CreateWebhookEndpoint): Promise<WebhookEndpointCreated> => callApi('createWebhookEndpoint', { body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhookEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateWebhookEndpoint }): Promise<WebhookEndpoint> => (await callApi('updateWebhookEndpoint', { params: { id }, body: input })).data,
    onSuccess: invalidate,
  });
}

export function useDeleteWebhookEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: async (id: string) => void (await callApi('deleteWebhookEndpoint', { params: { id } })), onSuccess: invalidate });
}

/** POST …/secret (reveal) or …/secret/rotate (a new one). */
export function useWebhookSecret() {
  return useMutation({
    mutationFn: async ({ id, rotate }: { id: string; rotate: boolean }): Promise<string> =>
      (rotate ? await callApi('rotateWebhookSecret', { params: { id } }) : await callApi('revealWebhookSecret', { params: { id } })).secret,
  });
}

export function useSendTestEvent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string): Promise<WebhookDelivery> => (await callApi('pingWebhookEndpoint', { params: { id } })).data,
    onSuccess: invalidate,
  });
}

export function useReplayDelivery() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }): Promise<WebhookDelivery> =>
      (await callApi('replayWebhookDelivery', { params: { id: endpointId, deliveryId } })).data,
    onSuccess: invalidate,
  });
}
