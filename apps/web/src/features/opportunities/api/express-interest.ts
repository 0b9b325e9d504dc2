import type { Lead } from '@cellforge/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { integratorKeys } from '@/lib/integrator-query-keys';
import { callApi } from '@/lib/typed-api';
import type { Opportunity } from './get-opportunities';

export interface ExpressInterestInput {
  projectId: string;
  message: string;
}

/**
 * POST /api/integrator/opportunities/:projectId/interest { message } -> 201 { data: lead }:
 * a lead to the customer with the integrator's profile. 409 when already sent, 404 when
 * the project is no longer shared.
 */
export async function expressInterest({ projectId, message }: ExpressInterestInput): Promise<Lead> {
  return (await callApi('expressInterest', { params: { projectId }, body: { message } })).data;
}

/** A 409: this integrator's interest in the project is already with the customer. */
export function isInterestAlreadySent(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

function markInterestSent(queryClient: QueryClient, projectId: string) {
  queryClient.setQueryData<Opportunity[]>(integratorKeys.opportunities, (list) =>
    list?.map((opportunity) => (opportunity.id === projectId ? { ...opportunity, interest_expressed: true } : opportunity)),
  );
}

export function useExpressInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: expressInterest,
    // The card changes at once; the list is then read again (the server's flag survives a reload).
    onSuccess: (_lead, { projectId }) => {
      markInterestSent(queryClient, projectId);
      void queryClient.invalidateQueries({ queryKey: integratorKeys.opportunities });
    },
    onError: (error, { projectId }) => {
      if (isInterestAlreadySent(error)) markInterestSent(queryClient, projectId);
      // 409 (already sent) or 404 (no longer shared): the list on screen is out of date.
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: integratorKeys.opportunities });
      }
    },
  });
}
