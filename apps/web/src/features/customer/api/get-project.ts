import { customerProjectSchema, type CustomerProject } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

const projectAnswerSchema = z.object({ data: customerProjectSchema });

/** GET /projects/:id (bearer): one of the user's projects; 404 for anyone else's. */
export async function getProject(id: string, signal?: AbortSignal): Promise<CustomerProject> {
  return parseAnswer(projectAnswerSchema, await api.get(`/projects/${encodeURIComponent(id)}`, { signal })).data;
}

export function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['projects', 'detail', id],
    queryFn: ({ signal }) => getProject(id, signal),
  });
}

export function useProject(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...projectQueryOptions(id), enabled });
}
