import { CATALOG_DEFAULT_LIMIT, integratorCatalogResponseSchema, type IntegratorCatalogResponse } from '@cellforge/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';

export interface CatalogRobotsQuery {
  page: number;
  search: string;
  /** Only the robots of one bulk import (the import's answer names it). */
  importId?: string;
}

/** GET /api/integrator/catalog/robots?page=&limit=20&search=: own robots (owner) first, then the shared catalog (read). */
export async function getCatalogRobots({ page, search, importId }: CatalogRobotsQuery, signal?: AbortSignal): Promise<IntegratorCatalogResponse> {
  const answer = await api.get('/api/integrator/catalog/robots', {
    query: { page, limit: CATALOG_DEFAULT_LIMIT, search: search.trim() || undefined, import_id: importId || undefined },
    signal,
  });
  return parseAnswer(integratorCatalogResponseSchema, answer);
}

export function catalogRobotsQueryOptions(query: CatalogRobotsQuery) {
  return queryOptions({
    queryKey: [...integratorKeys.catalogRobots(query.page, query.search.trim()), query.importId ?? null],
    queryFn: ({ signal }) => getCatalogRobots(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCatalogRobots(query: CatalogRobotsQuery) {
  return useQuery(catalogRobotsQueryOptions(query));
}
