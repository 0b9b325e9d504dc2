import type { Project } from '@cellforge/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ComponentType } from 'react';
import { Plus } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { useSession } from '@/lib/auth/session';
import { cn } from '@/lib/cn';
import { MESSAGES } from '@/lib/integrator-messages';
import { NoEntry, QueryState } from '@/components/ui/query-state';
import { useRunStage1 } from '../api/run-stage1';
import type { ProjectRequirementsPrefill } from '../utils/stage1-form';
import { AnalysisList } from './analysis-list';
import { AnalysisView } from './analysis-view';
import { ProjectStage2Results } from './project-stage2-results';
import { VideoUpload } from './video-upload';

const STEPS = ['Upload a video', 'Stage 1 runs automatically', 'Check and confirm the results', 'Stage 2 suggests robots'] as const;

/** The integrator's "New project" dialog (features/projects), given by the portal. */
export type NewProjectDialog = ComponentType<{ open: boolean; onClose: () => void; onSaved?: (project: Project) => void }>;

/** A project as the tab reads it: with the requirements that prefill the confirm step, when the project holds some. */
export type AnalysisProject = Project & { requirements?: ProjectRequirementsPrefill | null };

export interface AnalyzeTabProps {
  /** The integrator's projects (every status): a video is analysed for one of them. */
  projects: UseQueryResult<AnalysisProject[]>;
  ProjectDialog: NewProjectDialog;
}

/**
 * Upload and Analyze tab (docs/product.md §3.13). The project and the open
 * analysis live in the URL (?project=&job=) so a reload resumes the same analysis. The
 * projects and their dialog belong to features/projects: the portal passes them in.
 */
export function AnalyzeTab({ projects, ProjectDialog }: AnalyzeTabProps) {
  const selectId = useId();
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const stage1 = useRunStage1();
  const [creating, setCreating] = useState(false);

  const update = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) params.set(key, value);
      else params.delete(key);
    }
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  if (projects.isPending || projects.isError) {
    return (
      <QueryState
        error={projects.error}
        isPending={projects.isPending}
        isRefetching={projects.isRefetching}
        onRetry={() => void projects.refetch()}
        loadingLabel="Loading projects"
        connectionMessage={MESSAGES.projectsConnection}
      />
    );
  }

  const list = projects.data;
  const requested = searchParams.get('project');
  const project = list.find((p) => p.id === requested) ?? (list.length === 1 ? list[0] : undefined);
  const jobId = project ? searchParams.get('job') : null;
  const userId = typeof user?.id === 'string' ? user.id : typeof user?.user_id === 'string' ? user.user_id : undefined;

  const projectDialog = (
    <ProjectDialog open={creating} onClose={() => setCreating(false)} onSaved={(saved) => update({ project: saved.id, job: null })} />
  );

  if (list.length === 0) {
    return (
      <>
        <NoEntry
          actions={
            <Button onClick={() => setCreating(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Create a project
            </Button>
          }
        >
          <p>A video is analysed for one of your projects. Create a project first.</p>
        </NoEntry>
        {projectDialog}
      </>
    );
  }

  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Video analysis</h2>
        <ol className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700 dark:text-slate-300" aria-label="How it works">
          {STEPS.map((step, index) => (
            <li key={step}>
              <span className="font-semibold text-slate-900 dark:text-white">{index + 1}.</span> {step}
            </li>
          ))}
        </ol>
      </div>

      <div className={cn(cardClasses, 'grid gap-6 lg:grid-cols-2')}>
        <div className="space-y-3">
          <label htmlFor={selectId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Project
          </label>
          <Select
            id={selectId}
            value={project?.id ?? ''}
            placeholder={project ? undefined : 'Choose a project'}
            options={list.map((p) => ({ value: p.id, label: p.customer_company ? `${p.project_name} (${p.customer_company})` : p.project_name }))}
            onChange={(event) => update({ project: event.target.value || null, job: null })}
          />
          <Button variant="ghost" size="sm" onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            New project
          </Button>
        </div>
        {project ? (
          <VideoUpload
            key={project.id}
            projectId={project.id}
            userId={userId}
            onUploaded={(newJobId) => {
              update({ project: project.id, job: newJobId });
              // docs/product.md §3.13, step 2: Stage 1 runs automatically after the upload.
              stage1.mutate({ jobId: newJobId });
            }}
          />
        ) : (
          <p className="self-center text-sm text-slate-700 dark:text-slate-300">Choose the project the video belongs to.</p>
        )}
      </div>

      {project && jobId ? <AnalysisView key={jobId} jobId={jobId} stage1={stage1} projectRequirements={project.requirements ?? null} /> : null}
      {project ? (
        <ProjectStage2Results key={project.id} projectId={project.id} openJobId={jobId} onOpen={(id) => update({ project: project.id, job: id })} />
      ) : null}
      {project ? <AnalysisList projectId={project.id} activeJobId={jobId} onOpen={(id) => update({ project: project.id, job: id })} /> : null}
      {projectDialog}
    </div>
  );
}
