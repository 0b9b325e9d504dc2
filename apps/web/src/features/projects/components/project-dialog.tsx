import toast from 'react-hot-toast';
import { Dialog } from '@/components/ui/dialog';
import { useCreateProject, useUpdateProject, type IntegratorProject } from '../api/projects';
import { ProjectForm } from './project-form';

export interface ProjectDialogProps {
  open: boolean;
  /** Editing this project; creating when absent. */
  project?: IntegratorProject | null;
  onClose: () => void;
  onSaved?: (project: IntegratorProject) => void;
}

/** The integrator's "New project" / "Edit project" dialog: the shared project form, integrator fields. */
export function ProjectDialog({ open, project, onClose, onSaved }: ProjectDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={project ? 'Edit project' : 'New project'}>
      {open ? <IntegratorProjectForm key={project?.id ?? 'new'} project={project ?? undefined} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function IntegratorProjectForm({ project, onClose, onSaved }: { project?: IntegratorProject; onClose: () => void; onSaved?: (project: IntegratorProject) => void }) {
  const create = useCreateProject('integrator');
  const update = useUpdateProject('integrator');
  return (
    <ProjectForm
      portal="integrator"
      project={project}
      onCancel={onClose}
      onSubmit={async (values) => {
        const input = {
          project_name: values.project_name,
          customer_company: values.customer_company ?? null,
          status: values.status,
          requirements: { payload_kg: values.requirements?.payload_kg ?? null, reach_mm: values.requirements?.reach_mm ?? null, cycle_time_s: values.requirements?.cycle_time_s ?? null },
        };
        const saved = project ? await update.mutateAsync({ id: project.id, changes: input }) : await create.mutateAsync(input);
        toast.success(project ? 'Project saved' : 'Project created');
        onSaved?.(saved);
        onClose();
      }}
    />
  );
}
