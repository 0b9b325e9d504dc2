import type { AnalysisRun } from '@cellforge/contracts';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { serverMessageOf } from '@/lib/query-errors';
import { useCancelAnalysis } from '../api/cancel-analysis';
import { formatDateTime } from '../utils/analysis-format';

export interface RunProgressProps {
  jobId: string;
  /** "Stage 1" or "Stage 2". */
  stage: string;
  /** The queued run as the server holds it (absent until the first poll answers). */
  run: AnalysisRun | null | undefined;
  /** A line under the bar (what to expect). */
  hint?: string;
}

/** Where a queued stage stands, in words: waiting for a worker, running (attempt n of m), or retrying after an error. */
export function runStepText(stage: string, run: AnalysisRun | null | undefined): string {
  if (!run || run.status === 'queued') {
    if (run?.progress?.step === 'retry_scheduled') return `${stage}: retrying soon (attempt ${run.attempts + 1} of ${run.max_attempts})`;
    return `${stage} is queued…`;
  }
  if (run.status === 'running') return run.attempts > 1 ? `${stage} running (attempt ${run.attempts} of ${run.max_attempts})…` : `${stage} running…`;
  return `${stage}…`;
}

/**
 * The progress of a queued stage (docs/product.md §3.13): polled from the job, so it
 * survives a reload or an API restart, with a Cancel button that stops the stage.
 */
export function RunProgress({ jobId, stage, run, hint }: RunProgressProps) {
  const cancel = useCancelAnalysis();
  const label = runStepText(stage, run);
  const startedAt = typeof run?.progress?.started_at === 'string' ? run.progress.started_at : null;
  const retrying = run?.status === 'queued' && run.progress?.step === 'retry_scheduled' && run.last_error;
  return (
    <div className="space-y-2" aria-live="polite">
      <ProgressBar label={label} value={null} />
      {retrying ? <p className="text-sm text-slate-700 dark:text-slate-300">The last attempt failed: {run.last_error}</p> : null}
      {run?.status === 'running' && startedAt ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Started {formatDateTime(startedAt)}.</p>
      ) : null}
      {hint ? <p className="text-sm text-slate-700 dark:text-slate-300">{hint}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate(jobId)}>
          {cancel.isPending ? 'Cancelling…' : `Cancel ${stage}`}
        </Button>
        {cancel.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {serverMessageOf(cancel.error)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
