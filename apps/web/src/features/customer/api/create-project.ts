import { customerProjectSchema, type CreateProjectInput, type CustomerProject } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

const projectAnswerSchema = z.object({ data: customerProjectSchema });

/** POST /projects (bearer, create_projects): 201 { data }. */
export async function createProject(input: CreateProjectInput): Promise<CustomerProject> {
  return parseAnswer(projectAnswerSchema, await api.post('/projects', input)).data;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    // The list and the stat cards both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
