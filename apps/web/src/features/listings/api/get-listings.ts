import { robotSchema, type Robot } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

const listingsAnswerSchema = z.object({ data: z.array(robotSchema) });

/** GET /api/supplier/listings (bearer, supplier): the supplier's own listings, active and inactive. */
export async function getListings(signal?: AbortSignal): Promise<Robot[]> {
  return parseAnswer(listingsAnswerSchema, await api.get('/api/supplier/listings', { signal })).data;
}

export function listingsQueryOptions() {
  return queryOptions({ queryKey: ['supplier', 'listings'], queryFn: ({ signal }) => getListings(signal) });
}

export function useListings() {
  return useQuery(listingsQueryOptions());
}
