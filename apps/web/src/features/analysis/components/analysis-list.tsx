import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { serverMessageOf } from '@/lib/query-errors';
import { useAnalyses } from '../api/get-analyses';
import { formatDateTime, STATUS_LABELS } from '../utils/analysis-format';

export interface AnalysisListProps {
  projectId: string;
  activeJobId: string | null;
  onOpen: (jobId: string) => void;
}

/** The project's earlier analyses (GET /api/integrator/analysis?project_id=), so a reload or a later visit can resume one. */
export function AnalysisList({ projectId, activeJobId, onOpen }: AnalysisListProps) {
  const headingId = useId();
  const analyses = useAnalyses(projectId);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        Previous analyses
      </h3>
      {analyses.isPending ? (
        <Spinner label="Loading previous analyses" />
      ) : analyses.isError ? (
        <p className="text-sm text-red-800 dark:text-red-300">
          {serverMessageOf(analyses.error) ?? 'The previous analyses could not be loaded.'}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void analyses.refetch()}>
            Retry
          </button>
        </p>
      ) : analyses.data.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No analyses for this project yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {analyses.data.map((job) => {
            const active = job.job_id === activeJobId;
            return (
              <li
                key={job.job_id}
                aria-current={active ? 'true' : undefined}
                className={cn('flex flex-wrap items-center justify-between gap-3 px-4 py-3', active && 'bg-orange-50 dark:bg-orange-950/30')}
              >
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-all text-slate-900 dark:text-white">{job.file_name ?? job.job_id}</p>
                  <p className="text-slate-600 dark:text-slate-400">{formatDateTime(job.created_at)}</p>
                </div>
                <div className="flex items-center gap-3">
                  <Badge tone={job.status === 'failed' ? 'danger' : job.status === 'stage2_done' ? 'success' : 'neutral'}>
                    {STATUS_LABELS[job.status]}
                  </Badge>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={active}
                    onClick={() => onOpen(job.job_id)}
                    aria-label={active ? undefined : `Open the analysis of ${job.file_name ?? job.job_id} from ${formatDateTime(job.created_at)}`}
                  >
                    {active ? 'Showing' : 'Open'}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
