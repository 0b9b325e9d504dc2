import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /projects/:id (bearer): 204. */
export async function deleteProject(id: string): Promise<void> {
  await api.delete(`/projects/${encodeURIComponent(id)}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
