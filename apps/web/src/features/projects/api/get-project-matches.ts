import { projectMatchesResponseSchema } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

export type ProjectMatchesAnswer = z.infer<typeof projectMatchesResponseSchema>;

/**
 * GET /projects/:id/matches (bearer, view_matches): robots in the server's order (the one fit
 * order the chat and the catalog search use; issue 12), each with its 0-100 fit score (read
 * from that order: it never rises down the list) and reasons. The order is kept as sent. 400 when the project has no
 * requirement yet, 403 for non-customers.
 */
export async function getProjectMatches(id: string, signal?: AbortSignal): Promise<ProjectMatchesAnswer> {
  const answer = await api.get(`/projects/${encodeURIComponent(id)}/matches`, { signal });
  return parseAnswer(projectMatchesResponseSchema, answer);
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
