import { opportunitySchema } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';

export type Opportunity = z.infer<typeof opportunitySchema>;
const opportunityListSchema = z.object({ data: z.array(opportunitySchema) });

/**
 * GET /api/integrator/opportunities (view_opportunities): customer projects shared with
 * integrators, newest first, each with `interest_expressed` for the signed-in integrator.
 */
export async function getOpportunities(signal?: AbortSignal): Promise<Opportunity[]> {
  return parseAnswer(opportunityListSchema, await api.get('/api/integrator/opportunities', { signal })).data;
}

export function opportunitiesQueryOptions() {
  return queryOptions({ queryKey: integratorKeys.opportunities, queryFn: ({ signal }) => getOpportunities(signal) });
}

export function useOpportunities({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...opportunitiesQueryOptions(), enabled });
}
