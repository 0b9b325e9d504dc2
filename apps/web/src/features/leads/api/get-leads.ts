import { leadListResponseSchema, type Lead } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

/** GET /api/supplier/leads (bearer, supplier): customers' messages about the supplier's listings, newest first. */
export async function getLeads(signal?: AbortSignal): Promise<Lead[]> {
  return parseAnswer(leadListResponseSchema, await api.get('/api/supplier/leads', { signal })).data;
}

export function leadsQueryOptions() {
  return queryOptions({ queryKey: ['supplier', 'leads'], queryFn: ({ signal }) => getLeads(signal) });
}

export function useLeads() {
  return useQuery(leadsQueryOptions());
}
