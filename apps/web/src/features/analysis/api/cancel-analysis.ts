import { analysisRunSchema } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';
import { analysisStatuses } from './analysis-job';
import { updateJobCache } from './update-job-cache';

const cancelAnswerSchema = z.object({ success: z.boolean(), job_id: z.string(), status: z.enum(analysisStatuses), run: analysisRunSchema });

/**
 * POST /api/integrator/analysis/:jobId/cancel: stops the queued or running stage (the
 * server aborts the perception call); the job goes back to where it was before the stage.
 * 409 when nothing runs (it ended meanwhile).
 */
export async function cancelAnalysis(jobId: string) {
  return parseAnswer(cancelAnswerSchema, await api.post(`/api/integrator/analysis/${encodeURIComponent(jobId)}/cancel`));
}

export function useCancelAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAnalysis,
    onSuccess: (answer, jobId) => updateJobCache(queryClient, jobId, { status: answer.status, run: answer.run }),
    onSettled: (_answer, _error, jobId) => queryClient.invalidateQueries({ queryKey: integratorKeys.analysisJob(jobId) }),
  });
}
