import { robotListResponseSchema } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

export interface CatalogVocabulary {
  applications: string[];
  industries: string[];
}

/**
 * The application and industry words the catalog uses (its facets), so a project's
 * requirements use the same words the matching compares. GET /api/robots?limit=1.
 */
export async function getCatalogVocabulary(signal?: AbortSignal): Promise<CatalogVocabulary> {
  const answer = parseAnswer(robotListResponseSchema, await api.get('/api/robots', { query: { limit: 1 }, signal }));
  const values = (list: Array<{ value: string }>) => list.map((f) => f.value).sort((a, b) => a.localeCompare(b));
  return { applications: values(answer.facets.application), industries: values(answer.facets.industry) };
}

export function catalogVocabularyQueryOptions() {
  return queryOptions({
    queryKey: ['robots', 'vocabulary'],
    queryFn: ({ signal }) => getCatalogVocabulary(signal),
  });
}

export function useCatalogVocabulary() {
  return useQuery(catalogVocabularyQueryOptions());
}
