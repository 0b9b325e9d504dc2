import { integratorRobotDetailResponseSchema, type IntegratorRobotDetail, type ListingInput } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';

/**
 * PUT /api/integrator/catalog/robots/:id with every field (listingInputSchema); own robots
 * only (can_edit). 400 names the fields in details, 409 CONFLICT has details.model when the
 * catalog already holds that manufacturer and model, 403 for the shared catalog, 404 else.
 */
export async function updateCatalogRobot({ id, input }: { id: string; input: ListingInput }): Promise<IntegratorRobotDetail> {
  return parseAnswer(
    integratorRobotDetailResponseSchema,
    await api.put(`/api/integrator/catalog/robots/${encodeURIComponent(id)}`, input),
  ).data;
}

export function useUpdateCatalogRobot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCatalogRobot,
    onSuccess: (robot) => {
      queryClient.setQueryData(integratorKeys.catalogRobot(robot.id), robot);
      // The card's specs, the category count and the active/inactive figures may all change.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: integratorKeys.catalogRobotLists }),
        queryClient.invalidateQueries({ queryKey: integratorKeys.catalogStats }),
      ]);
    },
  });
}
