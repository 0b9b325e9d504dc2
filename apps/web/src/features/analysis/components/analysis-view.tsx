import type { RegionOfInterest } from '@cellforge/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { InlineAlert } from '@/components/ui/inline-alert';
import { serverMessageOf } from '@/lib/query-errors';
import { MESSAGES } from '@/lib/integrator-messages';
import { LoadingState } from '@/components/ui/query-state';
import { useConfirmAnalysis } from '../api/confirm-analysis';
import { useAnalysis } from '../api/get-analysis';
import type { Stage1Answer, Stage1Run } from '../api/run-stage1';
import { useRunStage2 } from '../api/run-stage2';
import { formatDateTime, STATUS_LABELS } from '../utils/analysis-format';
import type { ProjectRequirementsPrefill } from '../utils/stage1-form';
import { RegionSelector } from './region-selector';
import { Stage1Editor, type Stage1EditorProps } from './stage1-editor';
import { RunProgress } from './run-progress';
import { Stage2ResultsView } from './stage2-results';

export interface AnalysisViewProps {
  jobId: string;
  /** Stage 1 is started by the upload (it runs automatically), so its mutation lives with the tab. */
  stage1: UseMutationResult<Stage1Answer, Error, Stage1Run>;
  /** The project's requirements: they prefill the confirm step of an analysis not confirmed yet. */
  projectRequirements?: ProjectRequirementsPrefill | null;
}

/**
 * One uploaded video through docs/product.md §3.13: Stage 1 runs (or ran), the user confirms the
 * corrected results, Stage 2 runs. The job as the server holds it is the source of truth,
 * so a reload (or another tab) picks up where it was.
 */
export function AnalysisView({ jobId, stage1, projectRequirements = null }: AnalysisViewProps) {
  const job = useAnalysis(jobId);
  const confirm = useConfirmAnalysis();
  const stage2 = useRunStage2();
  const [stage2Error, setStage2Error] = useState<{ jobId: string; error: unknown } | null>(null);

  if (job.isPending) return <LoadingState label="Loading the analysis" />;
  if (job.isError) {
    return (
      <InlineAlert title="This analysis could not be loaded." detail={serverMessageOf(job.error)}>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void job.refetch()}>
          Retry
        </Button>
      </InlineAlert>
    );
  }

  const data = job.data;
  const ownStage1 = stage1.variables?.jobId === jobId;
  const stage1Running = (ownStage1 && stage1.isPending) || data.status === 'stage1_running';
  const stage2Running =
    (confirm.isPending && confirm.variables?.jobId === jobId) || (stage2.isPending && stage2.variables === jobId) || data.status === 'stage2_running';
  const localStage1Error = ownStage1 && stage1.isError ? stage1.error : null;
  // Run again with the region last asked for (this page) or last measured in (the job).
  const askedRegion = ownStage1 ? stage1.variables?.region : undefined;
  const stage1Region = askedRegion !== undefined ? askedRegion : (data.stage1_results?.video?.region_of_interest ?? null);
  const localStage2Error = stage2Error?.jobId === jobId ? stage2Error.error : null;
  // After a reload the failure is known only from the job; a confirmed job failed in stage 2.
  const jobFailedIn = data.status === 'failed' && !localStage1Error && !localStage2Error ? (data.confirmed_data ? 2 : 1) : null;

  const runStage1 = (region: RegionOfInterest | null = stage1Region) => stage1.mutate({ jobId, region });
  const confirmAndRunStage2: Stage1EditorProps['onConfirm'] = async ({ updatedData, message }) => {
    setStage2Error(null);
    try {
      await confirm.mutateAsync({ jobId, updatedData, message });
      await stage2.mutateAsync(jobId);
    } catch (error) {
      setStage2Error({ jobId, error });
    }
  };
  const runStage2Again = async () => {
    setStage2Error(null);
    try {
      await stage2.mutateAsync(jobId);
    } catch (error) {
      setStage2Error({ jobId, error });
    }
  };

  const stage1Results = data.stage1_results;
  const video = stage1Results?.video;
  const frameKey = stage1Results?.extracted_activities.find((activity) => activity.key_frame)?.key_frame;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <span className="font-semibold text-slate-900 dark:text-white">{data.file_name ?? 'Video'}</span>, uploaded{' '}
          {formatDateTime(data.created_at)}
        </p>
        <Badge tone={data.status === 'failed' ? 'danger' : data.status === 'stage2_done' ? 'success' : 'neutral'}>
          {STATUS_LABELS[data.status]}
        </Badge>
      </div>

      {stage1Running ? (
        <RunProgress
          jobId={jobId}
          stage="Stage 1"
          run={data.status === 'stage1_running' ? data.run : null}
          hint="Stage 1 can take a few minutes for a long video. You can leave this page and come back."
        />
      ) : null}

      {!stage1Running && (localStage1Error || jobFailedIn === 1) ? (
        <InlineAlert title={MESSAGES.stage1Failed} detail={localStage1Error ? serverMessageOf(localStage1Error) : data.error}>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => runStage1()}>
            Run Stage 1 again
          </Button>
        </InlineAlert>
      ) : null}

      {!stage1Running && data.status === 'uploaded' && !localStage1Error ? (
        <InlineAlert tone="info" title="The video is uploaded; Stage 1 has not run yet.">
          <Button size="sm" className="mt-2" onClick={() => runStage1()}>
            Run Stage 1
          </Button>
        </InlineAlert>
      ) : null}

      {stage1Results && !stage1Running ? (
        <Stage1Editor
          key={`${data.job_id}:${stage1Results.analyzed_at ?? ''}`}
          results={stage1Results}
          initial={data.confirmed_data ?? stage1Results}
          busy={stage2Running}
          projectRequirements={data.confirmed_data ? null : projectRequirements}
          regionPanel={
            frameKey ? (
              <RegionSelector
                jobId={stage1Results.job_id ?? jobId}
                frameKey={frameKey}
                initial={video?.region_of_interest ?? null}
                aspect={video?.width && video.height ? video.width / video.height : null}
                busy={stage2Running}
                onRun={(region) => runStage1(region)}
              />
            ) : null
          }
          onConfirm={confirmAndRunStage2}
        />
      ) : null}

      {stage2Running ? <RunProgress jobId={jobId} stage="Stage 2" run={data.status === 'stage2_running' ? data.run : null} /> : null}

      {!stage2Running && (localStage2Error || jobFailedIn === 2) ? (
        <InlineAlert title={MESSAGES.stage2Failed} detail={localStage2Error ? serverMessageOf(localStage2Error) : data.error}>
          {data.confirmed_data ? (
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void runStage2Again()}>
              Run Stage 2 again
            </Button>
          ) : null}
        </InlineAlert>
      ) : null}

      {data.stage2_results && !stage2Running ? <Stage2ResultsView results={data.stage2_results} /> : null}
    </div>
  );
}
