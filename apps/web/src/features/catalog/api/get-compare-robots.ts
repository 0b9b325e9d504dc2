import type { Robot } from '@cellforge/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { loadAnswerSchemas } from './load-answer-schemas';

/**
 * GET /api/robots/compare?ids=a,b,c (at most 4): the robots in that order; 404 names any
 * unknown id. One query for the compare page and the catalog's compare tray (its names):
 * both read the same cached answer.
 */
export async function getCompareRobots(ids: readonly string[], signal?: AbortSignal): Promise<Robot[]> {
  const [answer, { robotCompareResponseSchema }] = await Promise.all([api.get('/api/robots/compare', { query: { ids: ids.join(',') }, signal, publicRead: true }), loadAnswerSchemas()]);
  return parseAnswer(robotCompareResponseSchema, answer).data;
}

export function compareRobotsQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: ['robots', 'compare', [...ids]],
    queryFn: ({ signal }) => getCompareRobots(ids, signal),
    enabled: ids.length > 0,
    // Removing a robot shows the rest at once (filtered) while the new answer loads.
    placeholderData: keepPreviousData,
  });
}

export function useCompareRobots(ids: readonly string[]) {
  return useQuery(compareRobotsQueryOptions(ids));
}
