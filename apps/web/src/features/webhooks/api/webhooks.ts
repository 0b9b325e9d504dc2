import {
  webhookDeliveryAnswerSchema,
  webhookDeliveryListSchema,
  webhookEndpointAnswerSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookSecretSchema,
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
} from '@cellforge/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

const keys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
};
const at = (id: string) => `/api/webhooks/endpoints/${encodeURIComponent(id)}`;

/** GET /api/webhooks/endpoints: the user's endpoints with their health. */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: keys.endpoints,
    queryFn: async ({ signal }): Promise<WebhookEndpoint[]> => parseAnswer(webhookEndpointListSchema, await api.get('/api/webhooks/endpoints', { signal })).data,
    refetchInterval: 30_000,
  });
}

/** GET …/deliveries: the latest 50 deliveries of one endpoint (refreshed while shown). */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: keys.deliveries(endpointId),
    queryFn: async ({ signal }): Promise<WebhookDelivery[]> => parseAnswer(webhookDeliveryListSchema, await api.get(`${at(endpointId)}/deliveries`, { signal })).data,
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
    mutationFn: async (input: CreateWebhookEndpoint): Promise<WebhookEndpointCreated> => parseAnswer(webhookEndpointCreatedSchema, await api.post('/api/webhooks/endpoints', input)),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhookEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateWebhookEndpoint }): Promise<WebhookEndpoint> =>
      parseAnswer(webhookEndpointAnswerSchema, await api.patch(at(id), input)).data,
    onSuccess: invalidate,
  });
}

export function useDeleteWebhookEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: async (id: string) => void (await api.delete(at(id))), onSuccess: invalidate });
}

/** POST …/secret (reveal) or …/secret/rotate (a new one). */
export function useWebhookSecret() {
  return useMutation({
    mutationFn: async ({ id, rotate }: { id: string; rotate: boolean }): Promise<string> =>
      parseAnswer(webhookSecretSchema, await api.post(`${at(id)}/secret${rotate ? '/rotate' : ''}`)).secret,
  });
}

export function useSendTestEvent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string): Promise<WebhookDelivery> => parseAnswer(webhookDeliveryAnswerSchema, await api.post(`${at(id)}/ping`)).data,
    onSuccess: invalidate,
  });
}

export function useReplayDelivery() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }): Promise<WebhookDelivery> =>
      parseAnswer(webhookDeliveryAnswerSchema, await api.post(`${at(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`)).data,
    onSuccess: invalidate,
  });
}
