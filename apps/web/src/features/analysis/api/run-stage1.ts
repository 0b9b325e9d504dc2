import { stage1ResultsSchema, type Stage1Results } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';
import { postWithTimeout } from '../utils/post-with-timeout';
import { updateJobCache } from './update-job-cache';

const stage1AnswerSchema = z.object({ success: z.boolean(), job_id: z.string(), data: stage1ResultsSchema });

/**
 * POST /api/integrator/analysis/:jobId/stage1: entity extraction from the uploaded video.
 * Can take minutes (5 minute limit); 503 analysis service down, 504 timeout, 422 unreadable video.
 */
export async function runStage1(jobId: string): Promise<Stage1Results> {
  return parseAnswer(stage1AnswerSchema, await postWithTimeout(`/api/integrator/analysis/${encodeURIComponent(jobId)}/stage1`)).data;
}

export function useRunStage1() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runStage1,
    onSuccess: (results, jobId) =>
      updateJobCache(queryClient, jobId, {
        status: 'stage1_done',
        stage1_results: results,
        confirmed_data: null,
        confirmed_at: null,
        stage2_results: null,
      }),
    onError: (_error, jobId) => queryClient.invalidateQueries({ queryKey: integratorKeys.analysisJob(jobId) }),
  });
}
