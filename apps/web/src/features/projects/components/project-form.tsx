import { createProjectSchema, projectRequirementsSchema, projectStatuses, robotMountings, type CustomerProject } from '@cellforge/contracts';
import type { IntegratorProject } from '../api/projects';
import { zodResolver } from '@hookform/resolvers/zod';
import type { DefaultValues, FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { Field, Input } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { humanizeTag } from '@/lib/robot-format';
import { useServerForm } from '@/lib/use-server-form';
import { useCatalogVocabulary } from '../api/get-catalog-vocabulary';

/** The integrator's project: name, customer company, status, and payload, reach and cycle time (createProjectSchema's rules). */
const integratorProjectSchema = createProjectSchema.pick({ project_name: true, customer_company: true, status: true }).extend({
  requirements: projectRequirementsSchema.pick({ payload_kg: true, reach_mm: true, cycle_time_s: true }).optional(),
});

type ProjectFormInput = z.input<typeof createProjectSchema>;
export type CustomerProjectValues = z.output<typeof createProjectSchema>;
export type IntegratorProjectValues = z.output<typeof integratorProjectSchema>;
type ProjectFormValues = CustomerProjectValues | IntegratorProjectValues;

const CUSTOMER_FIELDS: readonly Path<ProjectFormInput>[] = [
  'project_name',
  'customer_company',
  'status',
  'description',
  'requirements.application',
  'requirements.industry',
  'requirements.payload_kg',
  'requirements.reach_mm',
  'requirements.cycle_time_s',
  'requirements.budget_usd',
  'requirements.ip_rating_min',
  'requirements.cleanroom_iso_class',
  'requirements.food_grade',
  'requirements.mounting',
  'shared_with_integrators',
];

/** What differs between the portals' forms; the rest (labels, messages, buttons) is the same. */
const PORTAL_FORMS = {
  customer: {
    resolver: zodResolver(createProjectSchema),
    fields: CUSTOMER_FIELDS,
    companyLabel: 'Company',
    companyAutoComplete: 'organization',
  },
  integrator: {
    resolver: zodResolver(integratorProjectSchema),
    fields: ['project_name', 'customer_company', 'status', 'requirements.payload_kg', 'requirements.reach_mm', 'requirements.cycle_time_s'] satisfies Path<ProjectFormInput>[],
    companyLabel: 'Customer company',
    companyAutoComplete: 'off',
  },
} as const;

const CLEANROOM_OPTIONS = [3, 4, 5, 6, 7, 8].map((n) => ({ value: String(n), label: `ISO ${n} or cleaner` }));
const MOUNTING_OPTIONS = robotMountings.map((m) => ({ value: m, label: humanizeTag(m) }));

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

function customerDefaultsOf(project?: CustomerProject): ProjectFormInput {
  return {
    project_name: project?.project_name ?? '',
    customer_company: project?.customer_company ?? '',
    status: project?.status ?? 'Draft',
    description: project?.description ?? '',
    requirements: {
      application: project?.requirements.application ?? null,
      industry: project?.requirements.industry ?? null,
      payload_kg: numberText(project?.requirements.payload_kg),
      reach_mm: numberText(project?.requirements.reach_mm),
      cycle_time_s: numberText(project?.requirements.cycle_time_s),
      budget_usd: numberText(project?.requirements.budget_usd),
      ip_rating_min: numberText(project?.requirements.ip_rating_min),
      cleanroom_iso_class: numberText(project?.requirements.cleanroom_iso_class),
      food_grade: project?.requirements.food_grade ?? null,
      mounting: project?.requirements.mounting ?? null,
    },
    shared_with_integrators: project?.shared_with_integrators ?? false,
  };
}

function integratorDefaultsOf(project?: IntegratorProject): DefaultValues<ProjectFormInput> {
  return {
    project_name: project?.project_name ?? '',
    customer_company: project?.customer_company ?? '',
    status: project?.status ?? 'Draft',
    requirements: {
      payload_kg: numberText(project?.requirements?.payload_kg),
      reach_mm: numberText(project?.requirements?.reach_mm),
      cycle_time_s: numberText(project?.requirements?.cycle_time_s),
    },
  };
}

/** Options for a vocabulary select; a value no longer in the catalog stays choosable. */
function optionsOf(values: readonly string[] | undefined, current: string | null | undefined) {
  const list = [...(values ?? [])];
  if (current && !list.includes(current)) list.unshift(current);
  return list.map((value) => ({ value, label: humanizeTag(value) }));
}

export type ProjectFormProps = {
  onCancel: () => void;
} & (
  | {
      portal: 'customer';
      /** Editing this project; creating when absent. */
      project?: CustomerProject;
      onSubmit: (values: CustomerProjectValues) => Promise<unknown>;
    }
  | {
      portal: 'integrator';
      project?: IntegratorProject;
      onSubmit: (values: IntegratorProjectValues) => Promise<unknown>;
    }
);

/**
 * Create or edit a project, for both portals (createProjectSchema); server field errors
 * land on the fields. A customer's project also has a description, requirements and
 * the share toggle; an integrator's has a name, the customer's company and a status.
 */
export function ProjectForm(props: ProjectFormProps) {
  const { portal, project, onCancel } = props;
  const form = PORTAL_FORMS[portal];
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<ProjectFormInput, unknown, ProjectFormValues>({
    // Each portal's resolver gives its own values (the integrator's are a subset).
    resolver: form.resolver,
    defaultValues: props.portal === 'customer' ? customerDefaultsOf(props.project) : integratorDefaultsOf(props.project),
    fields: form.fields,
    onValid: (values) => (props.portal === 'customer' ? props.onSubmit(values as CustomerProjectValues) : props.onSubmit(values)),
    failureMessage: 'The project could not be saved. Please try again.',
  });

  const company = (
    <Field label={form.companyLabel} optional error={errors.customer_company?.message}>
      <Input autoComplete={form.companyAutoComplete} {...register('customer_company', { setValueAs: emptyToNull })} />
    </Field>
  );
  const status = (
    <Field label="Status" error={errors.status?.message}>
      <Select options={projectStatuses.map((s) => ({ value: s, label: s }))} {...register('status')} />
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={project ? 'Edit project' : 'New project'}>
      <FormAlert message={formError} />
      <Field label="Project name" required error={errors.project_name?.message}>
        <Input autoComplete="off" {...register('project_name')} />
      </Field>
      {props.portal === 'customer' ? (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            {company}
            {status}
          </div>
          <CustomerProjectFields project={props.project} register={register} errors={errors} />
        </>
      ) : (
        <>
          {company}
          {status}
          <fieldset className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">Requirements</legend>
            <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">They fill in the confirm step of the project&apos;s video analyses. Leave what you do not know empty.</p>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Part weight (kg)" optional error={errors.requirements?.payload_kg?.message}>
                <Input type="number" inputMode="decimal" min={0} step="any" {...register('requirements.payload_kg')} />
              </Field>
              <Field label="Reach needed (mm)" optional error={errors.requirements?.reach_mm?.message}>
                <Input type="number" inputMode="decimal" min={0} step="any" {...register('requirements.reach_mm')} />
              </Field>
              <Field label="Cycle time (s)" optional error={errors.requirements?.cycle_time_s?.message}>
                <Input type="number" inputMode="decimal" min={0} step="any" {...register('requirements.cycle_time_s')} />
              </Field>
            </div>
          </fieldset>
        </>
      )}
      <FormActions submitLabel={project ? 'Save changes' : 'Create project'} submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

/** The customer's description, requirements (vocabulary of the catalog) and share toggle. */
function CustomerProjectFields({
  project,
  register,
  errors,
}: {
  project?: CustomerProject;
  register: UseFormRegister<ProjectFormInput>;
  errors: FieldErrors<ProjectFormInput>;
}) {
  const vocabulary = useCatalogVocabulary();
  const req = errors.requirements;
  return (
    <>
      <Field label="Description" optional error={errors.description?.message}>
        <Textarea rows={3} placeholder="The task, the parts, the cell…" {...register('description')} />
      </Field>

      <fieldset className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">Requirements</legend>
        <p className="mb-5 text-sm text-slate-700 dark:text-slate-300">
          Matching needs at least a payload, a reach or an application. Leave what you do not know empty.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Application" optional error={req?.application?.message}>
            <Select
              placeholder="Any application"
              options={optionsOf(vocabulary.data?.applications, project?.requirements.application)}
              {...register('requirements.application', { setValueAs: emptyToNull })}
            />
          </Field>
          <Field label="Industry" optional error={req?.industry?.message}>
            <Select
              placeholder="Any industry"
              options={optionsOf(vocabulary.data?.industries, project?.requirements.industry)}
              {...register('requirements.industry', { setValueAs: emptyToNull })}
            />
          </Field>
          <Field label="Part weight (kg)" optional error={req?.payload_kg?.message} hint="The heaviest part; the tool margin is added for you.">
            <Input type="number" inputMode="decimal" min={0} step="any" {...register('requirements.payload_kg')} />
          </Field>
          <Field label="Reach needed (mm)" optional error={req?.reach_mm?.message}>
            <Input type="number" inputMode="decimal" min={0} step="any" {...register('requirements.reach_mm')} />
          </Field>
          <Field label="Cycle time (s)" optional error={req?.cycle_time_s?.message}>
            <Input type="number" inputMode="decimal" min={0} step="any" {...register('requirements.cycle_time_s')} />
          </Field>
          <Field label="Budget (USD)" optional error={req?.budget_usd?.message}>
            <Input type="number" inputMode="decimal" min={0} step="any" {...register('requirements.budget_usd')} />
          </Field>
          <Field label="IP rating at least" optional error={req?.ip_rating_min?.message} hint="The two digits: 67 for IP67. Robots without a published rating are not matched.">
            <Input type="number" inputMode="numeric" min={0} max={69} step={1} {...register('requirements.ip_rating_min')} />
          </Field>
          <Field label="Cleanroom class" optional error={req?.cleanroom_iso_class?.message}>
            <Select placeholder="No cleanroom" options={CLEANROOM_OPTIONS} {...register('requirements.cleanroom_iso_class')} />
          </Field>
          <Field label="Mounting" optional error={req?.mounting?.message}>
            <Select placeholder="Any mounting" options={MOUNTING_OPTIONS} {...register('requirements.mounting', { setValueAs: emptyToNull })} />
          </Field>
          <div className="flex items-center gap-2 self-end pb-2">
            <input
              id="requirements-food-grade"
              type="checkbox"
              className="h-4 w-4 rounded border-slate-400"
              {...register('requirements.food_grade', { setValueAs: (v: unknown) => (v === true ? true : null) })}
            />
            <label htmlFor="requirements-food-grade" className="text-sm text-slate-800 dark:text-slate-200">
              Food-grade robot needed
            </label>
          </div>
        </div>
      </fieldset>

      <div className="flex items-start gap-3">
        <input
          id="shared_with_integrators"
          type="checkbox"
          role="switch"
          className="mt-1 h-5 w-5 accent-orange-700 dark:accent-orange-400"
          aria-describedby="shared_with_integrators-hint"
          {...register('shared_with_integrators')}
        />
        <div>
          <label htmlFor="shared_with_integrators" className="text-sm font-medium text-slate-900 dark:text-white">
            Share with integrators
          </label>
          <p id="shared_with_integrators-hint" className="text-sm text-slate-700 dark:text-slate-300">
            System integrators see the project and its requirements (not your contact details) and can offer to help.
          </p>
        </div>
      </div>
    </>
  );
}
