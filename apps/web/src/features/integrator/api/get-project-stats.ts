import { projectStatsSchema, type ProjectStats } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from './query-keys';

const statsAnswerSchema = z.object({ data: projectStatsSchema });

/** GET /api/integrator/projects/stats: total, active (In Progress), completed and draft projects. */
export async function getProjectStats(signal?: AbortSignal): Promise<ProjectStats> {
  return parseAnswer(statsAnswerSchema, await api.get('/api/integrator/projects/stats', { signal })).data;
}

export function projectStatsQueryOptions() {
  return queryOptions({ queryKey: integratorKeys.projectStats, queryFn: ({ signal }) => getProjectStats(signal) });
}

export function useProjectStats() {
  return useQuery(projectStatsQueryOptions());
}
