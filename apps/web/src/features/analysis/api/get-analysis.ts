import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';
import { analysisJobSchema, RUNNING_STATUSES, type AnalysisJob } from './analysis-job';
import { followAnalysis, liveAnalysisStreams } from './follow-analysis';

const jobAnswerSchema = z.object({ data: analysisJobSchema });
/** A queued stage is followed at this pace until it ends (survives reloads: the job is the state). */
const POLL_MS = 2000;

/** GET /api/integrator/analysis/:jobId: status, error and the results of each stage. */
export async function getAnalysis(jobId: string, signal?: AbortSignal): Promise<AnalysisJob> {
  return parseAnswer(jobAnswerSchema, await api.get(`/api/integrator/analysis/${encodeURIComponent(jobId)}`, { signal })).data;
}

export function analysisQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: integratorKeys.analysisJob(jobId),
    queryFn: ({ signal }) => getAnalysis(jobId, signal),
    // A stage started elsewhere (or before a reload) is followed until it ends: by its event
    // stream (useAnalysis), or by polling when no stream is live (the fallback).
    refetchInterval: (query) => (query.state.data && RUNNING_STATUSES.includes(query.state.data.status) && !liveAnalysisStreams.has(jobId) ? POLL_MS : false),
    staleTime: 0,
  });
}

export function useAnalysis(jobId: string | null) {
  const query = useQuery({ ...analysisQueryOptions(jobId ?? ''), enabled: Boolean(jobId) });
  const running = Boolean(query.data && RUNNING_STATUSES.includes(query.data.status));
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!jobId || !running) return;
    const key = integratorKeys.analysisJob(jobId);
    const controller = new AbortController();
    void followAnalysis(jobId, (job) => queryClient.setQueryData<AnalysisJob>(key, job), controller.signal).then(() => {
      // Ended or failed: read the job once more (polling resumes if it still runs), and the project's list.
      if (controller.signal.aborted) return;
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: integratorKeys.analyses });
    });
    return () => controller.abort();
  }, [jobId, running, queryClient]);
  return query;
}
