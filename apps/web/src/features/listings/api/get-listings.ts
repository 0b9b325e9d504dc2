import { robotSchema, type Robot } from '@cellforge/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

const listingsAnswerSchema = z.object({ data: z.array(robotSchema) });

/**
 * GET /api/supplier/listings (bearer, supplier): the supplier's own listings, active and
 * inactive; `importId`: only those of one bulk import of theirs (the import's answer names it).
 */
export async function getListings(importId?: string, signal?: AbortSignal): Promise<Robot[]> {
  return parseAnswer(listingsAnswerSchema, await api.get('/api/supplier/listings', { query: { import_id: importId || undefined }, signal })).data;
}

export function listingsQueryOptions(importId?: string) {
  return queryOptions({
    queryKey: ['supplier', 'listings', importId || null],
    queryFn: ({ signal }) => getListings(importId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useListings(importId?: string) {
  return useQuery(listingsQueryOptions(importId));
}
