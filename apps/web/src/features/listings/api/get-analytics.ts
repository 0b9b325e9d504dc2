import { supplierAnalyticsResponseSchema } from '@cellforge/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

export type SupplierAnalytics = z.infer<typeof supplierAnalyticsResponseSchema>;
export type ListingAnalytics = SupplierAnalytics['data'][number];

/** GET /api/supplier/analytics?days=: views and leads per listing per day (days without activity included). */
export async function getAnalytics(days: number, signal?: AbortSignal): Promise<SupplierAnalytics> {
  return parseAnswer(supplierAnalyticsResponseSchema, await api.get('/api/supplier/analytics', { query: { days }, signal }));
}

export function analyticsQueryOptions(days: number) {
  return queryOptions({
    queryKey: ['supplier', 'analytics', days],
    queryFn: ({ signal }) => getAnalytics(days, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(days: number) {
  return useQuery(analyticsQueryOptions(days));
}
