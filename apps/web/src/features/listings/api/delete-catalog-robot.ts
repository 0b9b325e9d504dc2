import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { integratorKeys } from '@/lib/integrator-query-keys';

/** DELETE /api/integrator/catalog/robots/:id: 204; own robots only (403 for the shared catalog, 404 else). */
export async function deleteCatalogRobot(id: string): Promise<void> {
  await api.delete(`/api/integrator/catalog/robots/${encodeURIComponent(id)}`);
}

export function useDeleteCatalogRobot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCatalogRobot,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: integratorKeys.catalogRobot(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: integratorKeys.catalogRobotLists }),
        queryClient.invalidateQueries({ queryKey: integratorKeys.catalogStats }),
      ]);
    },
  });
}
