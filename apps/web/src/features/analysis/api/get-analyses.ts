import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';
import { analysisJobSchema, RUNNING_STATUSES, type AnalysisJob } from './analysis-job';

const listAnswerSchema = z.object({ data: z.array(analysisJobSchema) });
const POLL_MS = 5000;

/** GET /api/integrator/analysis?project_id=: the project's analyses, newest first, so a reload can resume one. */
export async function getAnalyses(projectId: string, signal?: AbortSignal): Promise<AnalysisJob[]> {
  return parseAnswer(listAnswerSchema, await api.get('/api/integrator/analysis', { query: { project_id: projectId }, signal })).data;
}

export function analysesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: integratorKeys.analysisList(projectId),
    queryFn: ({ signal }) => getAnalyses(projectId, signal),
    // Keep the statuses honest while a stage runs.
    refetchInterval: (query) => (query.state.data?.some((job) => RUNNING_STATUSES.includes(job.status)) ? POLL_MS : false),
  });
}

export function useAnalyses(projectId: string | null) {
  return useQuery({ ...analysesQueryOptions(projectId ?? ''), enabled: Boolean(projectId) });
}
