import { robotSchema, type ListingInput, type Robot } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { invalidateListingQueries } from './invalidate';

const listingAnswerSchema = z.object({ data: robotSchema });

/** POST /api/supplier/listings (listingInputSchema): 201 { data }; 409 with details.model for a model already listed. */
export async function createListing(input: ListingInput): Promise<Robot> {
  return parseAnswer(listingAnswerSchema, await api.post('/api/supplier/listings', input)).data;
}

export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createListing, onSuccess: () => invalidateListingQueries(queryClient) });
}
