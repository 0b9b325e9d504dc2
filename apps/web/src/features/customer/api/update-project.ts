import { customerProjectSchema, type CreateProjectInput, type CustomerProject } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

const projectAnswerSchema = z.object({ data: customerProjectSchema });

/** PATCH /projects/:id (bearer): the changed fields (updateProjectSchema). */
export async function updateProject({ id, changes }: { id: string; changes: Partial<CreateProjectInput> }): Promise<CustomerProject> {
  return parseAnswer(projectAnswerSchema, await api.patch(`/projects/${encodeURIComponent(id)}`, changes)).data;
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    // Requirements drive the matches; status drives the stats.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
