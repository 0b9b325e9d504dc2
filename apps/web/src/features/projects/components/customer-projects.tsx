import type { CustomerProject } from '@cellforge/contracts';
import { FolderKanban, Pencil, Plus, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { EmptyState, QueryErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { errorMessageOf } from '@/lib/api-answer';
import { cn } from '@/lib/cn';
import { UNKNOWN } from '@/lib/robot-format';
import { useCreateProject, useDeleteProject, useProjects, useProjectStats, useUpdateProject } from '../api/projects';
import { canMatch, requirementPhrases, STATUS_TONE } from '../utils/requirements';
import { ProjectForm } from './project-form';

/** docs/product.md §8. */
export const PROJECTS_FAILED_MESSAGE = 'Failed to get projects';

type Editing = { mode: 'create' } | { mode: 'edit'; project: CustomerProject };

/**
 * The customer dashboard's body: stat cards, the project list, create/edit/delete.
 * `?edit=<id>` opens that project's form (the matches page links there).
 */
export function CustomerProjects() {
  const stats = useProjectStats('customer');
  const projects = useProjects('customer');
  const createProject = useCreateProject('customer');
  const updateProject = useUpdateProject('customer');
  const deleteProject = useDeleteProject('customer');
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<CustomerProject | null>(null);

  const editId = searchParams.get('edit');
  const linked = editId ? projects.data?.find((project) => project.id === editId) : undefined;
  const current: Editing | null = editing ?? (linked ? { mode: 'edit', project: linked } : null);

  const close = () => {
    setEditing(null);
    if (editId) {
      const params = new URLSearchParams(searchParams);
      params.delete('edit');
      setSearchParams(params, { replace: true });
    }
  };

  const statValue = (value: number | undefined) => (stats.isPending ? null : stats.data ? value : UNKNOWN);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteProject.mutateAsync(deleting.id);
      toast.success(`Deleted “${deleting.project_name}”`);
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessageOf(error, 'The project could not be deleted.'));
    }
  };

  return (
    <div className="space-y-10">
      <section aria-labelledby="project-stats-heading">
        <h2 id="project-stats-heading" className="sr-only">
          Project figures
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <StatCard label="Total Projects" value={statValue(stats.data?.total_projects)} />
          <StatCard label="Active" value={statValue(stats.data?.active_projects)} />
          <StatCard label="Completed" value={statValue(stats.data?.completed_projects)} />
          <StatCard label="Draft" value={statValue(stats.data?.draft_projects)} />
        </dl>
      </section>

      <section aria-labelledby="projects-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="projects-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            Your projects
          </h2>
          <Button onClick={() => setEditing({ mode: 'create' })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            New project
          </Button>
        </div>
        <div className="mt-4">
          {projects.isPending ? (
            <div role="status" aria-label="Loading projects" className="space-y-3">
              <Skeleton className="h-28 rounded-2xl" />
              <Skeleton className="h-28 rounded-2xl" />
            </div>
          ) : projects.isError ? (
            <QueryErrorState title={PROJECTS_FAILED_MESSAGE} query={projects} />
          ) : projects.data.length === 0 ? (
            <EmptyState
              title="No projects yet"
              actions={<Button onClick={() => setEditing({ mode: 'create' })}>Create your first project</Button>}
            >
              <p>Describe a task you want to automate: CellForge ranks the robots that fit it.</p>
            </EmptyState>
          ) : (
            <ul className="space-y-3">
              {projects.data.map((project) => (
                <ProjectItem
                  key={project.id}
                  project={project}
                  onEdit={() => setEditing({ mode: 'edit', project })}
                  onDelete={() => setDeleting(project)}
                />
              ))}
            </ul>
          )}
        </div>
      </section>

      <Dialog
        open={current !== null}
        onClose={close}
        title={current?.mode === 'edit' ? 'Edit project' : 'New project'}
        className="sm:max-w-2xl"
      >
        {current ? (
          <ProjectForm
            portal="customer"
            key={current.mode === 'edit' ? current.project.id : 'new'}
            project={current.mode === 'edit' ? current.project : undefined}
            onCancel={close}
            onSubmit={async (values) => {
              if (current.mode === 'edit') {
                await updateProject.mutateAsync({ id: current.project.id, changes: values });
                toast.success('Project saved');
              } else {
                await createProject.mutateAsync(values);
                toast.success('Project created');
              }
              close();
            }}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this project?"
        description={deleting ? <>“{deleting.project_name}” and its requirements will be removed. This cannot be undone.</> : null}
        cancelLabel="Keep it"
        confirmLabel="Delete project"
        onConfirm={() => void confirmDelete()}
        busy={deleteProject.isPending}
      />
    </div>
  );
}

function ProjectItem({ project, onEdit, onDelete }: { project: CustomerProject; onEdit: () => void; onDelete: () => void }) {
  const phrases = requirementPhrases(project.requirements);
  return (
    <li className={cn(cardClasses, 'p-5')}>
      <article aria-label={project.project_name}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="flex items-start gap-2 text-lg font-semibold text-slate-900 dark:text-white">
              {/* mt-1 centres the icon on the first line when a long name wraps. */}
              <FolderKanban className="mt-1 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
              <span className="min-w-0 break-words">{project.project_name}</span>
            </h3>
            {project.customer_company ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{project.customer_company}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge tone={STATUS_TONE[project.status]}>{project.status}</Badge>
            {project.shared_with_integrators ? (
              <Badge tone="success">
                <Share2 className="mr-1 h-3 w-3" aria-hidden="true" />
                Shared with integrators
              </Badge>
            ) : null}
          </div>
        </div>
        {project.description ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{project.description}</p> : null}
        {phrases.length ? (
          <ul aria-label="Requirements" className="mt-3 flex flex-wrap gap-2">
            {phrases.map((phrase) => (
              <li key={phrase}>
                <Badge>{phrase}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">No requirements yet.</p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to={paths.projectRobots.getHref(project.id)} className={buttonClasses({ size: 'sm' })}>
            {canMatch(project.requirements) || project.description.trim() ? 'See matching robots' : 'Robots and integrators'}
            {' '}<span className="sr-only">for {project.project_name}</span>
          </Link>
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit{' '}<span className="sr-only">{project.project_name}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete{' '}<span className="sr-only">{project.project_name}</span>
          </Button>
        </div>
      </article>
    </li>
  );
}
