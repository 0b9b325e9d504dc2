import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';
import { analysisJobSchema, RUNNING_STATUSES, type AnalysisJob } from './analysis-job';

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
    // A stage started elsewhere (or before a reload) is followed until it ends.
    refetchInterval: (query) => (query.state.data && RUNNING_STATUSES.includes(query.state.data.status) ? POLL_MS : false),
    staleTime: 0,
  });
}

export function useAnalysis(jobId: string | null) {
  return useQuery({ ...analysisQueryOptions(jobId ?? ''), enabled: Boolean(jobId) });
}
