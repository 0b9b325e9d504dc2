import type { Robot } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { loadAnswerSchemas } from './load-answer-schemas';

/** GET /api/robots/:id (the server records a view; the 5 min stale time keeps repeat visits from counting twice). */
export async function getRobot(id: string, signal?: AbortSignal): Promise<Robot> {
  const [answer, { robotDetailResponseSchema }] = await Promise.all([api.get(`/api/robots/${encodeURIComponent(id)}`, { signal, publicRead: true }), loadAnswerSchemas()]);
  return parseAnswer(robotDetailResponseSchema, answer).data;
}

export function robotQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['robots', 'detail', id],
    queryFn: ({ signal }) => getRobot(id, signal),
  });
}

export function useRobot(id: string) {
  return useQuery(robotQueryOptions(id));
}
