import type { RobotListResponse } from '@cellforge/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { loadAnswerSchemas } from './load-answer-schemas';

export type RobotsQuery = Record<string, string | number>;

/** GET /api/robots: one page of the catalog with disjunctive facet counts. */
export async function getRobots(query: RobotsQuery, signal?: AbortSignal): Promise<RobotListResponse> {
  const [answer, { robotListResponseSchema }] = await Promise.all([api.get('/api/robots', { query, signal, publicRead: true }), loadAnswerSchemas()]);
  return parseAnswer(robotListResponseSchema, answer);
}

export function robotsQueryOptions(query: RobotsQuery) {
  return queryOptions({
    queryKey: ['robots', 'list', query],
    queryFn: ({ signal }) => getRobots(query, signal),
    // A new filter keeps the previous page on screen (dimmed) instead of a blank list.
    placeholderData: keepPreviousData,
  });
}

export function useRobots(query: RobotsQuery) {
  return useQuery(robotsQueryOptions(query));
}
