import { stage2ResultsSchema, type Stage2Results } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, isApiError } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { MESSAGES } from '@/lib/integrator-messages';
import { integratorKeys } from '@/lib/integrator-query-keys';

const stage2ResultsAnswerSchema = z.object({ success: z.boolean().optional(), job_id: z.string(), data: stage2ResultsSchema });

export interface ProjectStage2Results {
  /** The analysis the results come from (the project's latest with Stage 2 done). */
  job_id: string;
  results: Stage2Results;
}

/**
 * GET /projects/:id/stage2-results (bearer): the project's latest Stage 2 results,
 * { success, job_id, data }. A /projects path, so it goes to the hosted API base
 * (env.aiBase, `baseFor` in lib/api-client), not the product API. 404 when no analysis
 * of the project has reached Stage 2 (or the project is not the user's).
 */
export async function getStage2Results(projectId: string, signal?: AbortSignal): Promise<ProjectStage2Results> {
  const answer = parseAnswer(
    stage2ResultsAnswerSchema,
    await api.get(`/projects/${encodeURIComponent(projectId)}/stage2-results`, { signal }),
  );
  return { job_id: answer.job_id, results: answer.data };
}

export function stage2ResultsQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: integratorKeys.stage2Results(projectId),
    queryFn: ({ signal }) => getStage2Results(projectId, signal),
  });
}

export function useStage2Results(projectId: string | null) {
  return useQuery({ ...stage2ResultsQueryOptions(projectId ?? ''), enabled: Boolean(projectId) });
}

/** The project has no Stage 2 results yet: a state to explain, not a failure to alarm about. */
export function isNoStage2Results(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** docs/product.md §7.10 and §8.4: on failure the answer's `error` field is read, else "Failed to fetch Stage 2 results". */
export function stage2ResultsErrorText(error: unknown): string {
  const body = isApiError(error) ? error.body : undefined;
  const field = body && typeof body === 'object' ? (body as Record<string, unknown>).error : undefined;
  return typeof field === 'string' && field.trim() ? field : MESSAGES.stage2ResultsFailed;
}
