import { robotSchema, type Robot } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { invalidateListingQueries } from './invalidate';

const listingAnswerSchema = z.object({ data: robotSchema });

/** PATCH /api/supplier/listings/:id/status { status }: an inactive listing leaves the public catalog. */
export async function setListingStatus({ id, status }: { id: string; status: 'active' | 'inactive' }): Promise<Robot> {
  const answer = await api.patch(`/api/supplier/listings/${encodeURIComponent(id)}/status`, { status });
  return parseAnswer(listingAnswerSchema, answer).data;
}

export function useSetListingStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setListingStatus, onSuccess: () => invalidateListingQueries(queryClient) });
}
