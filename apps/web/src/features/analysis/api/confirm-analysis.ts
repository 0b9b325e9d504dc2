import { confirmResponseSchema, type Stage1Results } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { updateJobCache } from './update-job-cache';

export type ConfirmAnswer = z.infer<typeof confirmResponseSchema>;

export interface ConfirmAnalysisInput {
  jobId: string;
  /** The user's corrections; the lists sent replace stage 1's lists. */
  updatedData: Partial<Pick<Stage1Results, 'extracted_activities' | 'extracted_payloads' | 'extracted_workstations'>>;
  message?: string;
}

/** POST /api/integrator/analysis/:jobId/confirm { confirmed: true, updated_data, message? }: stage 2 reads only confirmed data. */
export async function confirmAnalysis({ jobId, updatedData, message }: ConfirmAnalysisInput): Promise<ConfirmAnswer> {
  const body = { confirmed: true, updated_data: updatedData, ...(message ? { message } : {}) };
  return parseAnswer(confirmResponseSchema, await api.post(`/api/integrator/analysis/${encodeURIComponent(jobId)}/confirm`, body));
}

export function useConfirmAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAnalysis,
    onSuccess: (answer, { jobId }) =>
      updateJobCache(queryClient, jobId, {
        status: 'confirmed',
        confirmed_data: answer.confirmed_data,
        confirmed_at: answer.confirmed_at ?? new Date().toISOString(),
        stage2_results: null,
      }),
  });
}
