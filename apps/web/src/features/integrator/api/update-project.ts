import { projectSchema, type Project } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import type { IntegratorProjectInput } from './create-project';
import { integratorKeys } from './query-keys';

const projectAnswerSchema = z.object({ data: projectSchema });

/** PATCH /api/integrator/projects/:id with the changed fields. */
export async function updateProject({ id, changes }: { id: string; changes: Partial<IntegratorProjectInput> }): Promise<Project> {
  return parseAnswer(projectAnswerSchema, await api.patch(`/api/integrator/projects/${encodeURIComponent(id)}`, changes)).data;
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    // The status drives the filters and the stats.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integratorKeys.projects }),
  });
}
