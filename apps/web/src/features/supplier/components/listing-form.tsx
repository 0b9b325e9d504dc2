import { listingInputSchema, robotCategories, type ListingInput, type Robot } from '@cellforge/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessageOf } from '@/lib/api-answer';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { humanizeTag } from '@/lib/robot-format';
import { LISTING_FIELDS, listingFormDefaults, listingResolver, toListingInput, type ListingFormValues } from '../utils/listing-form';

export const LISTING_SAVE_FAILED = 'The listing could not be saved. Please try again.';

export interface ListingFormProps {
  /** Editing this listing; a new one when absent. */
  listing?: Robot;
  onSubmit: (input: ListingInput) => Promise<unknown>;
  onCancel: () => void;
}

const CATEGORY_OPTIONS = robotCategories.map((value) => ({ value, label: humanizeTag(value) }));

/** A supplier's listing (listingInputSchema); the server's field errors land on the fields. */
export function ListingForm({ listing, onSubmit, onCancel }: ListingFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ListingFormValues>({ resolver: listingResolver, defaultValues: listingFormDefaults(listing) });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(listingInputSchema.parse(toListingInput(values)));
    } catch (error) {
      applyServerFieldErrors<ListingFormValues>(error, LISTING_FIELDS, setError);
      setFormError(errorMessageOf(error, LISTING_SAVE_FAILED));
    }
  });

  const number = (name: keyof ListingFormValues, label: string, opts: { required?: boolean; hint?: string } = {}) => (
    <Field label={label} required={opts.required} optional={!opts.required} hint={opts.hint} error={errors[name]?.message}>
      <Input type="number" inputMode="decimal" step="any" min={0} {...register(name)} />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={listing ? 'Edit listing' : 'New listing'}>
      {formError ? (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {formError}
        </div>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Manufacturer" required error={errors.manufacturer?.message}>
          <Input autoComplete="off" {...register('manufacturer')} />
        </Field>
        <Field label="Model" required error={errors.model?.message}>
          <Input autoComplete="off" {...register('model')} />
        </Field>
        <Field label="Category" required error={errors.category?.message}>
          <Select options={CATEGORY_OPTIONS} {...register('category')} />
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
      <p className="-mt-2 text-sm text-slate-700 dark:text-slate-300">
        Leave a figure empty when the datasheet does not give it: buyers see a dash, never a guess.
      </p>
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
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {listing ? 'Save listing' : 'Publish listing'}
        </Button>
      </div>
    </form>
  );
}
