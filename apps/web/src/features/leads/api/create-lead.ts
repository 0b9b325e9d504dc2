import { leadSchema, type Lead } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

const leadAnswerSchema = z.object({ data: leadSchema });

export interface CreateLeadInput {
  robot_id: string;
  project_id?: string | null;
  message: string;
}

/**
 * POST /api/leads (bearer, customers only): a message to the supplier who lists the
 * robot. 409 with a message for a shared-catalog robot or one already asked about.
 */
export async function createLead(input: CreateLeadInput): Promise<Lead> {
  return parseAnswer(leadAnswerSchema, await api.post('/api/leads', input)).data;
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['leads'] }),
  });
}
