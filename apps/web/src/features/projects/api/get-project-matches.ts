import { projectMatchesResponseSchema } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

export type ProjectMatchesAnswer = z.infer<typeof projectMatchesResponseSchema>;

/**
 * GET /projects/:id/matches (bearer, view_matches): robots ranked by fit score with
 * the reasons. 400 when the project has no requirement yet, 403 for non-customers.
 */
export async function getProjectMatches(id: string, signal?: AbortSignal): Promise<ProjectMatchesAnswer> {
  const answer = await api.get(`/projects/${encodeURIComponent(id)}/matches`, { signal });
  const parsed = parseAnswer(projectMatchesResponseSchema, answer);
  return { ...parsed, data: [...parsed.data].sort((a, b) => b.fit_score - a.fit_score) };
}

export function projectMatchesQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['projects', 'matches', id],
    queryFn: ({ signal }) => getProjectMatches(id, signal),
  });
}

export function useProjectMatches(id: string) {
  return useQuery(projectMatchesQueryOptions(id));
}
