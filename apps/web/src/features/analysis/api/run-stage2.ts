import { stage2ResultsSchema, stageAcceptedResponseSchema } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';
import { postWithTimeout } from '../utils/post-with-timeout';
import { updateJobCache } from './update-job-cache';

/** 202: the stage is queued (the job is then polled); 200 (?wait=N answered in time): the results. */
const stage2AnswerSchema = z.union([stageAcceptedResponseSchema, z.object({ success: z.boolean(), job_id: z.string(), data: stage2ResultsSchema })]);
export type Stage2Answer = z.infer<typeof stage2AnswerSchema>;

/** POST /api/integrator/analysis/:jobId/stage2: queues robot configurations from the catalog (409 NOT_CONFIRMED before confirm). */
export async function runStage2(jobId: string): Promise<Stage2Answer> {
  return parseAnswer(stage2AnswerSchema, await postWithTimeout(`/api/integrator/analysis/${encodeURIComponent(jobId)}/stage2`));
}

export function useRunStage2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runStage2,
    onSuccess: (answer, jobId) =>
      'run' in answer
        ? // Queued: the job is fetched now (a fast stage may be done) and then polled while it runs.
          updateJobCache(queryClient, jobId, { status: 'stage2_running', run: answer.run }).then(() =>
            queryClient.invalidateQueries({ queryKey: integratorKeys.analysisJob(jobId) }),
          )
        : updateJobCache(queryClient, jobId, { status: 'stage2_done', stage2_results: answer.data }),
    onError: (_error, jobId) => queryClient.invalidateQueries({ queryKey: integratorKeys.analysisJob(jobId) }),
  });
}
