import type { Offer } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { loadAnswerSchemas } from './load-answer-schemas';

/** GET /api/robots/:id/offers: the active offers on a model, lowest price first. */
export async function getRobotOffers(id: string, signal?: AbortSignal): Promise<Offer[]> {
  const [answer, { offerListResponseSchema }] = await Promise.all([api.get(`/api/robots/${encodeURIComponent(id)}/offers`, { signal, publicRead: true }), loadAnswerSchemas()]);
  return parseAnswer(offerListResponseSchema, answer).data;
}

export function robotOffersQueryOptions(id: string) {
  return queryOptions({ queryKey: ['robots', 'offers', id], queryFn: ({ signal }) => getRobotOffers(id, signal) });
}

export function useRobotOffers(id: string, enabled: boolean) {
  return useQuery({ ...robotOffersQueryOptions(id), enabled });
}
