import { projectStatsSchema, type ProjectStats } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const statsAnswerSchema = z.object({ data: projectStatsSchema });

/** GET /projects/stats/overview (bearer). Spec section 7: null on any failure (the cards then show a dash). */
export async function getProjectStats(signal?: AbortSignal): Promise<ProjectStats | null> {
  try {
    return statsAnswerSchema.parse(await api.get('/projects/stats/overview', { signal })).data;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return null;
  }
}

export function projectStatsQueryOptions() {
  return queryOptions({
    queryKey: ['projects', 'stats'],
    queryFn: ({ signal }) => getProjectStats(signal),
  });
}

export function useProjectStats() {
  return useQuery(projectStatsQueryOptions());
}
