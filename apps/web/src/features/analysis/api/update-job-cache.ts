import type { QueryClient } from '@tanstack/react-query';
import { integratorKeys } from '@/lib/integrator-query-keys';
import type { AnalysisJob } from './analysis-job';

/**
 * A stage answered: write its result into the cached job at once (no spinner flash while
 * the job is fetched again), then refresh the job and the project's list from the server.
 */
export async function updateJobCache(queryClient: QueryClient, jobId: string, changes: Partial<AnalysisJob>): Promise<void> {
  const key = integratorKeys.analysisJob(jobId);
  // A poll that started before the stage ended must not overwrite the result with "running".
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<AnalysisJob>(key, (job) => (job ? { ...job, ...changes, error: null } : job));
  await queryClient.invalidateQueries({ queryKey: integratorKeys.analyses });
}
