import { projectSchema, type Project, type ProjectStatus } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from './query-keys';

const projectAnswerSchema = z.object({ data: projectSchema });

export interface IntegratorProjectInput {
  project_name: string;
  customer_company: string | null;
  status: ProjectStatus;
}

/** POST /api/integrator/projects { project_name, customer_company, status } -> 201 { data }. */
export async function createProject(input: IntegratorProjectInput): Promise<Project> {
  return parseAnswer(projectAnswerSchema, await api.post('/api/integrator/projects', input)).data;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integratorKeys.projects }),
  });
}
