import {
  createOfferResponseSchema,
  offerListResponseSchema,
  offerResponseSchema,
  robotListResponseSchema,
  type CreateOfferInput,
  type CreateOfferResponse,
  type Offer,
  type OfferInput,
  type Robot,
} from '@cellforge/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { invalidateSupplierSales } from '@/lib/supplier-queries';

/** An offer changed: a listing may stand for it, so everything the supplier sells is read again. */
const invalidateOfferQueries = invalidateSupplierSales;

/** GET /api/supplier/offers (bearer, supplier): the supplier's offers, newest first. */
export async function getMyOffers(signal?: AbortSignal): Promise<Offer[]> {
  return parseAnswer(offerListResponseSchema, await api.get('/api/supplier/offers', { signal })).data;
}

export function myOffersQueryOptions() {
  return queryOptions({ queryKey: ['supplier', 'offers'], queryFn: ({ signal }) => getMyOffers(signal) });
}

export function useMyOffers() {
  return useQuery(myOffersQueryOptions());
}

/** The model search of the offer form: the public catalog search (typo-tolerant, "Fanuc CRX 10iA" finds FANUC CRX-10iA). */
export async function searchModels(q: string, signal?: AbortSignal): Promise<Robot[]> {
  const answer = await api.get('/api/robots', { signal, publicRead: true, query: { q, limit: 8 } });
  return parseAnswer(robotListResponseSchema, answer).data;
}

export function useModelSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['robots', 'model-search', text],
    queryFn: ({ signal }) => searchModels(text, signal),
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateOfferInput): Promise<CreateOfferResponse> =>
      parseAnswer(createOfferResponseSchema, await api.post('/api/supplier/offers', input)),
    onSuccess: () => invalidateOfferQueries(queryClient),
  });
}

export function useUpdateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: OfferInput }): Promise<Offer> =>
      parseAnswer(offerResponseSchema, await api.put(`/api/supplier/offers/${encodeURIComponent(id)}`, input)).data,
    onSuccess: () => invalidateOfferQueries(queryClient),
  });
}

export function useSetOfferStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: 'active' | 'paused' }): Promise<Offer> =>
      parseAnswer(offerResponseSchema, await api.patch(`/api/supplier/offers/${encodeURIComponent(id)}/status`, { status })).data,
    onSuccess: () => invalidateOfferQueries(queryClient),
  });
}

export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await api.delete(`/api/supplier/offers/${encodeURIComponent(id)}`);
    },
    onSuccess: () => invalidateOfferQueries(queryClient),
  });
}
