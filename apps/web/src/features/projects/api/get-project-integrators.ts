import { integratorCardSchema } from '@cellforge/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

const integratorListSchema = z.object({ data: z.array(integratorCardSchema) });
export type IntegratorCard = z.infer<typeof integratorCardSchema>;
export interface IntegratorFilters {
  city: string;
  industry: string;
}

/** GET /projects/:id/integrators?city&industry (bearer, find_integrators). */
export async function getProjectIntegrators(id: string, filters: IntegratorFilters, signal?: AbortSignal): Promise<IntegratorCard[]> {
  const answer = await api.get(`/projects/${encodeURIComponent(id)}/integrators`, {
    query: { city: filters.city.trim(), industry: filters.industry.trim() },
    signal,
  });
  return parseAnswer(integratorListSchema, answer).data;
}

export function projectIntegratorsQueryOptions(id: string, filters: IntegratorFilters) {
  return queryOptions({
    queryKey: ['projects', 'integrators', id, filters],
    queryFn: ({ signal }) => getProjectIntegrators(id, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProjectIntegrators(id: string, filters: IntegratorFilters) {
  return useQuery(projectIntegratorsQueryOptions(id, filters));
}
