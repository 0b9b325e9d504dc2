import { createProjectSchema, projectStatuses, type Project } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Path } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { useServerForm } from '@/lib/use-server-form';
import { useCreateProject } from '../api/create-project';
import { useUpdateProject } from '../api/update-project';

/** The integrator's project form: name, customer company, status (createProjectSchema's rules). */
const projectFormSchema = createProjectSchema.pick({ project_name: true, customer_company: true, status: true });
type ProjectFormInput = z.input<typeof projectFormSchema>;
type ProjectFormOutput = z.output<typeof projectFormSchema>;
const FIELDS: readonly Path<ProjectFormInput>[] = ['project_name', 'customer_company', 'status'];

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export interface ProjectDialogProps {
  open: boolean;
  /** Editing this project; creating when absent. */
  project?: Project | null;
  onClose: () => void;
  onSaved?: (project: Project) => void;
}

export function ProjectDialog({ open, project, onClose, onSaved }: ProjectDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={project ? 'Edit project' : 'New project'}>
      {open ? <ProjectForm key={project?.id ?? 'new'} project={project ?? undefined} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function ProjectForm({ project, onClose, onSaved }: { project?: Project; onClose: () => void; onSaved?: (project: Project) => void }) {
  const create = useCreateProject();
  const update = useUpdateProject();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<ProjectFormInput, unknown, ProjectFormOutput>({
    resolver: zodResolver(projectFormSchema),
    defaultValues: {
      project_name: project?.project_name ?? '',
      customer_company: project?.customer_company ?? '',
      status: project?.status ?? 'Draft',
    },
    fields: FIELDS,
    onValid: async (values) => {
      const input = { project_name: values.project_name, customer_company: values.customer_company ?? null, status: values.status };
      const saved = project ? await update.mutateAsync({ id: project.id, changes: input }) : await create.mutateAsync(input);
      toast.success(project ? 'Project saved' : 'Project created');
      onSaved?.(saved);
      onClose();
    },
    failureMessage: 'The project could not be saved. Please try again.',
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={project ? 'Edit project' : 'New project'}>
      <FormAlert message={formError} />
      <Field label="Project name" required error={errors.project_name?.message}>
        <Input autoComplete="off" {...register('project_name')} />
      </Field>
      <Field label="Customer company" optional error={errors.customer_company?.message}>
        <Input autoComplete="off" {...register('customer_company', { setValueAs: emptyToNull })} />
      </Field>
      <Field label="Status" error={errors.status?.message}>
        <Select options={projectStatuses.map((status) => ({ value: status, label: status }))} {...register('status')} />
      </Field>
      <FormActions submitLabel={project ? 'Save changes' : 'Create project'} submitting={isSubmitting} onCancel={onClose} />
    </form>
  );
}
