import { stage1ResultsSchema, stageAcceptedResponseSchema, type RegionOfInterest } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';
import { postWithTimeout } from '../utils/post-with-timeout';
import { updateJobCache } from './update-job-cache';

/** 202: the stage is queued (the job is then polled); 200 (?wait=N answered in time): the results. */
const stage1AnswerSchema = z.union([stageAcceptedResponseSchema, z.object({ success: z.boolean(), job_id: z.string(), data: stage1ResultsSchema })]);
export type Stage1Answer = z.infer<typeof stage1AnswerSchema>;

/** What one Stage 1 run is asked for: the job, and the part of the picture to measure (none: the whole picture). */
export interface Stage1Run {
  jobId: string;
  region?: RegionOfInterest | null;
}

/**
 * POST /api/integrator/analysis/:jobId/stage1: queues entity extraction from the uploaded
 * video (a worker runs it; the job is polled until it ends). 409 when a stage already runs.
 * With a region, motion is measured inside it only.
 */
export async function runStage1({ jobId, region }: Stage1Run): Promise<Stage1Answer> {
  const path = `/api/integrator/analysis/${encodeURIComponent(jobId)}/stage1`;
  return parseAnswer(stage1AnswerSchema, await postWithTimeout(path, region ? { region_of_interest: region } : undefined));
}

export function useRunStage1() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runStage1,
    onSuccess: (answer, { jobId }) =>
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
    onError: (_error, { jobId }) => queryClient.invalidateQueries({ queryKey: integratorKeys.analysisJob(jobId) }),
  });
}
