import { projectStatuses, type Project, type ProjectStatus } from '@cellforge/contracts';
import { useState, type ReactNode } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { StatCard } from '@/components/ui/stat-card';
import { cn } from '@/lib/cn';
import { UNKNOWN } from '@/lib/robot-format';
import { MESSAGES } from '@/lib/integrator-messages';
import { NoEntry, QueryState } from '@/components/ui/query-state';
import { useProjects, useProjectStats, type ProjectFilter } from '../api/projects';
import { ProjectDialog } from './project-dialog';

const FILTERS: readonly { value: ProjectFilter; label: string }[] = [
  // docs/product.md §3.11 spells the filters "all, In Progress, Complete, Draft": shown as spelled.
  { value: 'all', label: 'all' },
  { value: 'In Progress', label: 'In Progress' },
  { value: 'Complete', label: 'Complete' },
  { value: 'Draft', label: 'Draft' },
];

const STATUS_TONES: Record<ProjectStatus, BadgeTone> = { Draft: 'neutral', 'In Progress': 'brand', Complete: 'success' };

function filterOf(raw: string | null): ProjectFilter {
  return projectStatuses.find((status) => status === raw) ?? 'all';
}

/**
 * Projects tab: stats, the all / In Progress / Complete / Draft filter (kept in ?status=), the list, create and
 * edit; then `children`: the portal puts the customers' shared projects (Opportunities) there.
 */
export function ProjectsTab({ children }: { children?: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterOf(searchParams.get('status'));
  const projects = useProjects('integrator', filter);
  const stats = useProjectStats('integrator');
  const [editing, setEditing] = useState<Project | null>(null);
  const [creating, setCreating] = useState(false);

  const closeDialog = () => {
    setCreating(false);
    setEditing(null);
  };

  const setFilter = (next: ProjectFilter) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'all') params.delete('status');
    else params.set('status', next);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  const figure = (read: (data: NonNullable<typeof stats.data>) => number) =>
    stats.isPending ? null : stats.isError || !stats.data ? UNKNOWN : read(stats.data);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Projects</h2>
        <Button onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          New project
        </Button>
      </div>

      <section aria-label="Project figures">
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <StatCard label="Total Projects" value={figure((s) => s.total_projects)} />
          <StatCard label="Active" value={figure((s) => s.active_projects)} />
          <StatCard label="Completed" value={figure((s) => s.completed_projects)} />
          <StatCard label="Draft" value={figure((s) => s.draft_projects)} />
        </dl>
      </section>

      <div role="group" aria-label="Filter projects by status" className="flex flex-wrap gap-2">
        {FILTERS.map((option) => (
          <Button
            key={option.value}
            size="sm"
            variant={filter === option.value ? 'secondary' : 'outline'}
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </div>

      <section aria-label="Project list" aria-busy={projects.isFetching || undefined}>
        {projects.isError || projects.isPending ? (
          <QueryState
            error={projects.error}
            isPending={projects.isPending}
            isRefetching={projects.isRefetching}
            onRetry={() => void projects.refetch()}
            loadingLabel="Loading projects"
            connectionMessage={MESSAGES.projectsConnection}
          />
        ) : projects.data.length === 0 ? (
          <NoEntry
            actions={
              filter === 'all' ? (
                <Button variant="outline" onClick={() => setCreating(true)}>
                  Create your first project
                </Button>
              ) : null
            }
          >
            <p>{filter === 'all' ? 'You have no projects yet.' : `No projects with the status ${filter}.`}</p>
          </NoEntry>
        ) : (
          <ul aria-label="Projects" className="grid gap-4 md:grid-cols-2">
            {projects.data.map((project) => (
              <li key={project.id}>
                <article aria-label={project.project_name} className={cn(cardClasses, 'flex h-full flex-col gap-3 p-5')}>
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="min-w-0 text-base font-semibold break-words text-slate-900 dark:text-white">{project.project_name}</h3>
                    {/* The name wraps, the status ("In Progress") stays on one line. */}
                    <Badge tone={STATUS_TONES[project.status]} className="shrink-0 whitespace-nowrap">
                      {project.status}
                    </Badge>
                  </div>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    Customer: {project.customer_company?.trim() ? project.customer_company : '—'}
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    Updated {new Date(project.updated_at).toLocaleDateString()}
                  </p>
                  <div className="mt-auto">
                    <Button variant="outline" size="sm" onClick={() => setEditing(project)} aria-label={`Edit ${project.project_name}`}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      Edit
                    </Button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ProjectDialog open={creating || editing !== null} project={editing} onClose={closeDialog} />

      {children}
    </div>
  );
}
