import { integratorRobotDetailResponseSchema, type IntegratorRobotDetail } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';

/**
 * GET /api/integrator/catalog/robots/:id: one robot with every field (the list has only
 * the specs) and can_edit / permission_level; 404 for an id that is not in the catalog.
 */
export async function getCatalogRobot(id: string, signal?: AbortSignal): Promise<IntegratorRobotDetail> {
  return parseAnswer(
    integratorRobotDetailResponseSchema,
    await api.get(`/api/integrator/catalog/robots/${encodeURIComponent(id)}`, { signal }),
  ).data;
}

export function catalogRobotQueryOptions(id: string) {
  return queryOptions({
    queryKey: integratorKeys.catalogRobot(id),
    queryFn: ({ signal }) => getCatalogRobot(id, signal),
    // The edit form is filled from this answer: always start from what the server has now.
    staleTime: 0,
  });
}

export function useCatalogRobot(id: string) {
  return useQuery(catalogRobotQueryOptions(id));
}
