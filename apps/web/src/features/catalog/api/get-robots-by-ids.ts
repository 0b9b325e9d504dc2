import { robotCompareResponseSchema, type Robot } from '@cellforge/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

/** GET /api/robots/compare?ids=: the robots picked for comparison, in that order (names for the tray). */
export async function getRobotsByIds(ids: readonly string[], signal?: AbortSignal): Promise<Robot[]> {
  const answer = await api.get('/api/robots/compare', { query: { ids: ids.join(',') }, signal });
  return parseAnswer(robotCompareResponseSchema, answer).data;
}

export function robotsByIdsQueryOptions(ids: readonly string[]) {
  return queryOptions({
    // Same key as the compare page: both read the same answer.
    queryKey: ['robots', 'compare', [...ids]],
    queryFn: ({ signal }) => getRobotsByIds(ids, signal),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useRobotsByIds(ids: readonly string[]) {
  return useQuery(robotsByIdsQueryOptions(ids));
}
