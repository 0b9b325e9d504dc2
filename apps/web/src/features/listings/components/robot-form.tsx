import { listingInputSchema, robotCategories, type ListingInput, type Robot } from '@cellforge/contracts';
import { Field, Input } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { humanizeTag } from '@/lib/robot-format';
import { useServerForm } from '@/lib/use-server-form';
import { ROBOT_FORM_FIELDS, robotFormDefaults, robotFormResolver, toRobotInput, type RobotFormValues } from '../utils/robot-form';

export const UNKNOWN_FIGURE_NOTE = 'Leave a figure empty when the datasheet does not give it: it is shown as a dash, never a guess.';

export interface RobotFormProps {
  /** The robot being edited (every field prefilled); a new one when absent. */
  robot?: Robot;
  /** The form's accessible name, e.g. "Edit listing". */
  label: string;
  submitLabel: string;
  /** Shown when a save fails without a message of the server's. */
  failureMessage: string;
  /** Under the figures: what an empty figure means to whoever reads it. */
  unknownFigureNote?: string;
  onSubmit: (input: ListingInput) => Promise<unknown>;
  onCancel: () => void;
}

/** The categories, plus the robot's own when it is not one of them (it stays visible; the schema names the choices). */
function categoryOptions(current: string | undefined) {
  const values: string[] = [...robotCategories];
  if (current && !values.includes(current)) values.unshift(current);
  return values.map((value) => ({ value, label: humanizeTag(value) }));
}

/**
 * Every field of a robot (listingInputSchema), checked with the contract before any call;
 * the server's field errors (e.g. 409 with details.model) land on the fields and its
 * message above them. Used for suppliers' listings and integrators' own catalog robots.
 */
export function RobotForm({
  robot,
  label,
  submitLabel,
  failureMessage,
  unknownFigureNote = UNKNOWN_FIGURE_NOTE,
  onSubmit,
  onCancel,
}: RobotFormProps) {
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<RobotFormValues>({
    resolver: robotFormResolver,
    defaultValues: robotFormDefaults(robot),
    fields: ROBOT_FORM_FIELDS,
    onValid: (values) => onSubmit(listingInputSchema.parse(toRobotInput(values))),
    failureMessage,
  });

  const number = (name: keyof RobotFormValues, fieldLabel: string, opts: { required?: boolean; hint?: string } = {}) => (
    <Field label={fieldLabel} required={opts.required} optional={!opts.required} hint={opts.hint} error={errors[name]?.message}>
      <Input type="number" inputMode="decimal" step="any" min={0} {...register(name)} />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={label}>
      <FormAlert message={formError} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Manufacturer" required error={errors.manufacturer?.message}>
          <Input autoComplete="off" {...register('manufacturer')} />
        </Field>
        <Field label="Model" required error={errors.model?.message}>
          <Input autoComplete="off" {...register('model')} />
        </Field>
        <Field label="Category" required error={errors.category?.message}>
          <Select options={categoryOptions(robot?.category)} {...register('category')} />
        </Field>
        <Field label="Axes" required error={errors.dof?.message}>
          <Input type="number" inputMode="numeric" step={1} min={2} max={8} {...register('dof')} />
        </Field>
        {number('payload_kg', 'Payload (kg)', { required: true })}
        {number('reach_mm', 'Reach (mm)', { required: true })}
        {number('repeatability_mm', 'Repeatability (± mm)')}
        {number('weight_kg', 'Weight (kg)')}
        {number('price_min_usd', 'Indicative price from (USD)')}
        {number('price_max_usd', 'Indicative price to (USD)')}
      </div>
      <p className="-mt-2 text-sm text-slate-700 dark:text-slate-300">{unknownFigureNote}</p>
      <Field label="Applications" optional hint="Separated by commas, e.g. welding, pick and place." error={errors.applications?.message}>
        <Input autoComplete="off" {...register('applications')} />
      </Field>
      <Field label="Industries" optional hint="Separated by commas, e.g. automotive, food and beverage." error={errors.industries?.message}>
        <Input autoComplete="off" {...register('industries')} />
      </Field>
      <Field label="Description" optional error={errors.description?.message}>
        <Textarea rows={3} {...register('description')} />
      </Field>
      <Field label="Datasheet source" optional hint="Where the figures come from, e.g. the maker's product specification." error={errors.datasheet_source?.message}>
        <Input autoComplete="off" {...register('datasheet_source')} />
      </Field>
      <FormActions submitLabel={submitLabel} submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
