import { leadSchema, type Lead, type sellerLeadStatuses } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

const leadAnswerSchema = z.object({ data: leadSchema });
/** The statuses a supplier sets by hand (quoted, accepted and declined follow the conversation). */
export type LeadStatus = (typeof sellerLeadStatuses)[number];

/** PATCH /api/supplier/leads/:id { status: new | contacted | closed }. */
export async function updateLeadStatus({ id, status }: { id: string; status: LeadStatus }): Promise<Lead> {
  return parseAnswer(leadAnswerSchema, await api.patch(`/api/supplier/leads/${encodeURIComponent(id)}`, { status })).data;
}

export function useUpdateLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLeadStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['supplier', 'leads'] }),
  });
}
