import { catalogStatsResponseSchema, type CatalogStats } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';

/** GET /api/integrator/catalog/stats: total, active and inactive robots and the categories. */
export async function getCatalogStats(signal?: AbortSignal): Promise<CatalogStats> {
  return parseAnswer(catalogStatsResponseSchema, await api.get('/api/integrator/catalog/stats', { signal })).data;
}

export function catalogStatsQueryOptions() {
  return queryOptions({ queryKey: integratorKeys.catalogStats, queryFn: ({ signal }) => getCatalogStats(signal) });
}

export function useCatalogStats() {
  return useQuery(catalogStatsQueryOptions());
}
