import { listingInputSchema, robotCategories, robotMountings, type ListingInput, type Robot } from '@cellforge/contracts';
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

const CLEANROOM_OPTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({ value: String(n), label: `ISO ${n}` }));
const FOOD_GRADE_OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

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
        {number('payload_kg', 'Rated payload (kg)', { required: true })}
        {number('reach_mm', 'Reach (mm)', { required: true })}
        {number('repeatability_mm', 'Repeatability (± mm)')}
        {number('weight_kg', 'Weight (kg)')}
        {number('price_min_usd', 'Indicative price from (USD)')}
        {number('price_max_usd', 'Indicative price to (USD)')}
      </div>
      <p className="-mt-2 text-sm text-slate-700 dark:text-slate-300">{unknownFigureNote}</p>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900 dark:text-white">Environment and installation</legend>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Buyers filter on these. Leave empty what the maker does not publish: a robot without a value is not shown to a buyer who asks for it.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="IP rating" optional hint="The two digits of the IP code: 67 for IP67." error={errors.ip_rating?.message}>
            <Input type="number" inputMode="numeric" step={1} min={0} max={69} {...register('ip_rating')} />
          </Field>
          <Field label="Cleanroom class (ISO 14644-1)" optional error={errors.cleanroom_iso_class?.message}>
            <Select placeholder="Not published" options={CLEANROOM_OPTIONS} {...register('cleanroom_iso_class')} />
          </Field>
          <Field label="Food-grade" optional error={errors.food_grade?.message}>
            <Select placeholder="Not published" options={FOOD_GRADE_OPTIONS} {...register('food_grade')} />
          </Field>
          {number('max_speed_mm_s', 'Max. TCP speed (mm/s)')}
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-900 dark:text-white">
            Mounting <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {robotMountings.map((mounting) => (
              <label key={mounting} className="flex min-h-9 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <input type="checkbox" value={mounting} className="h-4 w-4 rounded border-slate-400" {...register('mounting')} />
                {humanizeTag(mounting)}
              </label>
            ))}
          </div>
          {errors.mounting?.message ? <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">{errors.mounting.message}</p> : null}
        </fieldset>
        <Field label="Environment source" optional hint="Where these values are published, e.g. the datasheet's URL." error={errors.environment_source?.message}>
          <Input autoComplete="off" {...register('environment_source')} />
        </Field>
      </fieldset>
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
