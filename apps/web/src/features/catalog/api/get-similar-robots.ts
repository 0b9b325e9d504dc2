import type { Robot } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { loadAnswerSchemas } from './load-answer-schemas';

/** GET /api/robots/:id/similar: robots of a similar kind and size. */
export async function getSimilarRobots(id: string, signal?: AbortSignal): Promise<Robot[]> {
  const [answer, { robotCompareResponseSchema }] = await Promise.all([api.get(`/api/robots/${encodeURIComponent(id)}/similar`, { signal, publicRead: true }), loadAnswerSchemas()]);
  return parseAnswer(robotCompareResponseSchema, answer).data;
}

export function similarRobotsQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['robots', 'similar', id],
    queryFn: ({ signal }) => getSimilarRobots(id, signal),
  });
}

export function useSimilarRobots(id: string, enabled = true) {
  return useQuery({ ...similarRobotsQueryOptions(id), enabled });
}
