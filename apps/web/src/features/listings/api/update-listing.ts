import { robotSchema, type ListingInput, type Robot } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { invalidateListingQueries } from './invalidate';

const listingAnswerSchema = z.object({ data: robotSchema });

/** PUT /api/supplier/listings/:id: the whole listing (listingInputSchema). */
export async function updateListing({ id, input }: { id: string; input: ListingInput }): Promise<Robot> {
  return parseAnswer(listingAnswerSchema, await api.put(`/api/supplier/listings/${encodeURIComponent(id)}`, input)).data;
}

export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateListing, onSuccess: () => invalidateListingQueries(queryClient) });
}
