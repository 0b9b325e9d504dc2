import { stage2ResultsSchema, type Stage2Results } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';
import { postWithTimeout } from '../utils/post-with-timeout';
import { updateJobCache } from './update-job-cache';

const stage2AnswerSchema = z.object({ success: z.boolean(), job_id: z.string(), data: stage2ResultsSchema });

/** POST /api/integrator/analysis/:jobId/stage2: robot configurations from the catalog (409 NOT_CONFIRMED before confirm). */
export async function runStage2(jobId: string): Promise<Stage2Results> {
  return parseAnswer(stage2AnswerSchema, await postWithTimeout(`/api/integrator/analysis/${encodeURIComponent(jobId)}/stage2`)).data;
}

export function useRunStage2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runStage2,
    onSuccess: (results, jobId) => updateJobCache(queryClient, jobId, { status: 'stage2_done', stage2_results: results }),
    onError: (_error, jobId) => queryClient.invalidateQueries({ queryKey: integratorKeys.analysisJob(jobId) }),
  });
}
