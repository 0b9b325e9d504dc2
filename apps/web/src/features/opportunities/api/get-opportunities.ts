import type { Opportunity } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { integratorKeys } from '@/lib/integrator-query-keys';
import { callApi } from '@/lib/typed-api';

export type { Opportunity };

/**
 * GET /api/integrator/opportunities (view_opportunities): customer projects shared with
 * integrators, newest first, each with `interest_expressed` for the signed-in integrator.
 */
export async function getOpportunities(signal?: AbortSignal): Promise<Opportunity[]> {
  // Through the published typed client (@cellforge/client), which checks the answer against the contract.
  return (await callApi('opportunities', {}, { signal })).data;
}

export function opportunitiesQueryOptions() {
  return queryOptions({ queryKey: integratorKeys.opportunities, queryFn: ({ signal }) => getOpportunities(signal) });
}

export function useOpportunities({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...opportunitiesQueryOptions(), enabled });
}
