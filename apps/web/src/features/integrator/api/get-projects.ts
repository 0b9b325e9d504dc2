import { projectListResponseSchema, type Project, type ProjectStatus } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from './query-keys';

export type ProjectFilter = ProjectStatus | 'all';

/** GET /api/integrator/projects?status=: the integrator's projects, all of them or one status. */
export async function getProjects(filter: ProjectFilter, signal?: AbortSignal): Promise<Project[]> {
  const answer = await api.get('/api/integrator/projects', { query: { status: filter === 'all' ? undefined : filter }, signal });
  return parseAnswer(projectListResponseSchema, answer).data;
}

export function projectsQueryOptions(filter: ProjectFilter = 'all') {
  return queryOptions({ queryKey: integratorKeys.projectList(filter), queryFn: ({ signal }) => getProjects(filter, signal) });
}

export function useProjects(filter: ProjectFilter = 'all') {
  return useQuery(projectsQueryOptions(filter));
}
