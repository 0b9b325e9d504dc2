import { offerAnalyticsResponseSchema, type OfferAnalyticsResponse } from '@cellforge/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

/** GET /api/supplier/offer-analytics?days=: views, requests, quotes and quote-to-win rate per offer and day. */
export async function getOfferAnalytics(days: number, signal?: AbortSignal): Promise<OfferAnalyticsResponse> {
  return parseAnswer(offerAnalyticsResponseSchema, await api.get('/api/supplier/offer-analytics', { query: { days }, signal }));
}

/** Under ['supplier', 'analytics']: an offer change reloads it with the listing analytics. */
export function offerAnalyticsQueryOptions(days: number) {
  return queryOptions({
    queryKey: ['supplier', 'analytics', 'offers', days],
    queryFn: ({ signal }) => getOfferAnalytics(days, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOfferAnalytics(days: number) {
  return useQuery(offerAnalyticsQueryOptions(days));
}
