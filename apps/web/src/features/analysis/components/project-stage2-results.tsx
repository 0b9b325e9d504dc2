import { Button } from '@/components/ui/button';
import { InlineAlert } from '@/components/ui/inline-alert';
import { Spinner } from '@/components/ui/spinner';
import { isNoStage2Results, stage2ResultsErrorText, useStage2Results } from '../api/get-stage2-results';
import { Stage2ResultsView } from './stage2-results';

export interface ProjectStage2ResultsProps {
  projectId: string;
  /** The analysis open in the tab: its own view already shows its Stage 2 results. */
  openJobId: string | null;
  onOpen: (jobId: string) => void;
}

/**
 * The selected project's latest Stage 2 results (GET /projects/:id/stage2-results), so the
 * robots suggested for a project are one click away without finding the right analysis.
 * On failure the answer's `error` field is shown, else "Failed to fetch Stage 2 results".
 */
export function ProjectStage2Results({ projectId, openJobId, onOpen }: ProjectStage2ResultsProps) {
  const stage2 = useStage2Results(projectId);

  if (stage2.isPending) return openJobId ? null : <Spinner label="Loading the project's latest Stage 2 results" />;
  if (stage2.isError) {
    const text = stage2ResultsErrorText(stage2.error);
    // No analysis reached Stage 2 yet: worth saying only when no analysis is open to say it.
    if (isNoStage2Results(stage2.error)) return openJobId ? null : <InlineAlert tone="info" title={text} />;
    return (
      <InlineAlert title={text}>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void stage2.refetch()} loading={stage2.isRefetching}>
          Retry
        </Button>
      </InlineAlert>
    );
  }

  const { job_id: jobId, results } = stage2.data;
  if (jobId === openJobId) return null;
  return (
    <Stage2ResultsView
      results={results}
      title="Latest Stage 2 results of this project"
      actions={
        <Button variant="outline" size="sm" onClick={() => onOpen(jobId)}>
          Open this analysis
        </Button>
      }
    />
  );
}
