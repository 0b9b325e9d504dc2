import { stage1ResultsSchema, stageAcceptedResponseSchema } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';
import { postWithTimeout } from '../utils/post-with-timeout';
import { updateJobCache } from './update-job-cache';

/** 202: the stage is queued (the job is then polled); 200 (?wait=N answered in time): the results. */
const stage1AnswerSchema = z.union([stageAcceptedResponseSchema, z.object({ success: z.boolean(), job_id: z.string(), data: stage1ResultsSchema })]);
export type Stage1Answer = z.infer<typeof stage1AnswerSchema>;

/**
 * POST /api/integrator/analysis/:jobId/stage1: queues entity extraction from the uploaded
 * video (a worker runs it; the job is polled until it ends). 409 when a stage already runs.
 */
export async function runStage1(jobId: string): Promise<Stage1Answer> {
  return parseAnswer(stage1AnswerSchema, await postWithTimeout(`/api/integrator/analysis/${encodeURIComponent(jobId)}/stage1`));
}

export function useRunStage1() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runStage1,
    onSuccess: (answer, jobId) =>
      'run' in answer
        ? // Queued: the job is fetched now (a fast stage may be done) and then polled while it runs.
          updateJobCache(queryClient, jobId, { status: 'stage1_running', run: answer.run }).then(() =>
            queryClient.invalidateQueries({ queryKey: integratorKeys.analysisJob(jobId) }),
          )
        : updateJobCache(queryClient, jobId, {
            status: 'stage1_done',
            stage1_results: answer.data,
            confirmed_data: null,
            confirmed_at: null,
            stage2_results: null,
          }),
    onError: (_error, jobId) => queryClient.invalidateQueries({ queryKey: integratorKeys.analysisJob(jobId) }),
  });
}
