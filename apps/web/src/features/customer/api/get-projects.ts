import { customerProjectSchema, type CustomerProject } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

const projectListAnswerSchema = z.object({ data: z.array(customerProjectSchema) });

/** GET /projects (bearer): the signed-in customer's projects with their requirements. */
export async function getProjects(signal?: AbortSignal): Promise<CustomerProject[]> {
  return parseAnswer(projectListAnswerSchema, await api.get('/projects', { signal })).data;
}

export function projectsQueryOptions() {
  return queryOptions({
    queryKey: ['projects', 'list'],
    queryFn: ({ signal }) => getProjects(signal),
  });
}

export function useProjects({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...projectsQueryOptions(), enabled });
}
