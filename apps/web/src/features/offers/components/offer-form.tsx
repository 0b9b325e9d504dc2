import {
  createOfferSchema,
  offerConditions,
  offerCurrencies,
  offerInputSchema,
  robotCategories,
  type CreateOfferInput,
  type Offer,
  type OfferInput,
  type Robot,
} from '@cellforge/contracts';
import { Check } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessageOf } from '@/lib/api-answer';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { conditionLabel } from '@/lib/offer-format';
import { formatKg, formatMm, humanizeTag, robotName } from '@/lib/robot-format';
import { useDebouncedValue } from '../utils/use-debounced-value';
import { useModelSearch } from '../api/offers';

type Values = Record<'price_min' | 'price_max' | 'currency' | 'condition' | 'lead_time_weeks' | 'regions' | 'warranty_months' | 'quantity' | 'notes', string>;
type ModelValues = Record<'manufacturer' | 'model' | 'category' | 'payload_kg' | 'reach_mm' | 'dof', string>;

const text = (v: number | null) => (v === null ? '' : String(v));
function initialValues(offer?: Offer): Values {
  return {
    price_min: text(offer?.price_min ?? null),
    price_max: text(offer?.price_max ?? null),
    currency: offer?.currency ?? 'USD',
    condition: offer?.condition ?? 'new',
    lead_time_weeks: text(offer?.lead_time_weeks ?? null),
    regions: offer?.regions.join(', ') ?? '',
    warranty_months: text(offer?.warranty_months ?? null),
    quantity: text(offer?.quantity ?? null),
    notes: offer?.notes ?? '',
  };
}
const EMPTY_MODEL: ModelValues = { manufacturer: '', model: '', category: 'articulated', payload_kg: '', reach_mm: '', dof: '6' };

function offerBody(values: Values, status: 'active' | 'paused') {
  return {
    price_min: values.price_min,
    price_max: values.price_max,
    currency: values.currency,
    condition: values.condition,
    lead_time_weeks: values.lead_time_weeks,
    regions: values.regions.split(',').map((r) => r.trim()).filter(Boolean),
    warranty_months: values.warranty_months,
    quantity: values.quantity,
    notes: values.notes,
    status,
  };
}

/** Field errors of a zod error or of the server's answer (details), by field name. */
function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

export interface OfferFormProps {
  /** The offer being edited; a new offer (starting with the model search) when absent. */
  offer?: Offer;
  onCreate: (input: CreateOfferInput) => Promise<unknown>;
  onUpdate: (input: OfferInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * An offer on a model: a new one starts from the catalog search (typo-tolerant) and the pick
 * of a model, or proposes a model that is not there (its main specs); then the offer's terms.
 */
export function OfferForm({ offer, onCreate, onUpdate, onCancel }: OfferFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(offer));
  const [model, setModel] = useState<Robot | null>(null);
  const [proposing, setProposing] = useState(false);
  const [proposed, setProposed] = useState<ModelValues>(EMPTY_MODEL);
  const [query, setQuery] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const debounced = useDebouncedValue(query, 250);
  const search = useModelSearch(debounced);
  const resultsId = useId();

  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));
  const setModelField = (key: keyof ModelValues) => (event: { target: { value: string } }) => setProposed((v) => ({ ...v, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const status = offer?.status ?? 'active';
    const parsed = offer
      ? offerInputSchema.safeParse(offerBody(values, status))
      : createOfferSchema.safeParse({
          ...offerBody(values, status),
          ...(proposing ? { new_model: proposed } : model ? { robot_id: model.id } : {}),
        });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      if (!offer && !proposing && !model) setFormError('Pick a model from the catalog, or propose one that is not there.');
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      if (offer) await onUpdate(parsed.data as OfferInput);
      else await onCreate(parsed.data as CreateOfferInput);
    } catch (error) {
      const details = isApiError(error) ? error.details : undefined;
      if (details) setErrors(Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v[0] ?? ''])));
      setFormError(errorMessageOf(error, 'The offer could not be saved. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  const results = search.data ?? [];
  return (
    <form noValidate aria-label={offer ? 'Edit offer' : 'New offer'} onSubmit={(e) => void submit(e)} className="space-y-5">
      <FormAlert message={formError} />
      {offer ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Your offer on the <strong className="text-slate-900 dark:text-white">{robotName(offer.robot)}</strong>.
        </p>
      ) : (
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900 dark:text-white">1. The model</legend>
          {model ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-600/40 bg-emerald-50 p-3 dark:border-emerald-400/40 dark:bg-emerald-950/40">
              <p className="flex items-center gap-2 text-sm text-slate-900 dark:text-white">
                <Check className="h-4 w-4 text-emerald-700 dark:text-emerald-300" aria-hidden="true" />
                <span>
                  <strong>{robotName(model)}</strong> · {humanizeTag(model.category)} · {formatKg(model.payload_kg)} · {formatMm(model.reach_mm)}
                </span>
              </p>
              <Button type="button" variant="ghost" size="sm" onClick={() => setModel(null)}>
                Change model
              </Button>
            </div>
          ) : proposing ? (
            <div className="space-y-3">
              <p className="text-sm text-slate-700 dark:text-slate-300">
                A model that is not in the catalog is added as supplier-contributed, with these specs.
              </p>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="Manufacturer" required error={errors['new_model.manufacturer']}>
                  <Input value={proposed.manufacturer} onChange={setModelField('manufacturer')} />
                </Field>
                <Field label="Model" required error={errors['new_model.model']}>
                  <Input value={proposed.model} onChange={setModelField('model')} />
                </Field>
                <Field label="Category" required error={errors['new_model.category']}>
                  <Select value={proposed.category} onChange={setModelField('category')} options={robotCategories.map((c) => ({ value: c, label: humanizeTag(c) }))} />
                </Field>
                <Field label="Axes" required error={errors['new_model.dof']}>
                  <Input inputMode="numeric" value={proposed.dof} onChange={setModelField('dof')} />
                </Field>
                <Field label="Payload (kg)" required error={errors['new_model.payload_kg']}>
                  <Input inputMode="decimal" value={proposed.payload_kg} onChange={setModelField('payload_kg')} />
                </Field>
                <Field label="Reach (mm)" required error={errors['new_model.reach_mm']}>
                  <Input inputMode="decimal" value={proposed.reach_mm} onChange={setModelField('reach_mm')} />
                </Field>
              </div>
              <Button type="button" variant="ghost" size="sm" onClick={() => setProposing(false)}>
                Search the catalog instead
              </Button>
            </div>
          ) : (
            <div className="space-y-2">
              <Field label="Search the catalog for the model" hint='Maker and model, e.g. "Fanuc CRX 10iA": spelling and spacing need not be exact.'>
                <Input
                  type="search"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  autoComplete="off"
                  aria-controls={resultsId}
                />
              </Field>
              <div id={resultsId} aria-live="polite">
                {debounced.trim().length < 2 ? null : search.isError ? (
                  <p className="text-sm text-red-700 dark:text-red-400">The catalog could not be searched. Try again.</p>
                ) : results.length === 0 && !search.isFetching ? (
                  <p className="text-sm text-slate-700 dark:text-slate-300">No model matches “{debounced.trim()}”.</p>
                ) : (
                  <ul aria-label="Matching models" className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
                    {results.map((robot) => (
                      <li key={robot.id}>
                        <button
                          type="button"
                          onClick={() => setModel(robot)}
                          className="flex w-full flex-wrap items-baseline justify-between gap-x-3 px-3 py-2.5 text-left hover:bg-orange-50 focus-visible:bg-orange-50 focus-visible:outline-2 focus-visible:outline-orange-600 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
                        >
                          <span className="font-medium text-slate-900 dark:text-white">{robotName(robot)}</span>
                          <span className="text-xs text-slate-600 dark:text-slate-400">
                            {humanizeTag(robot.category)} · {formatKg(robot.payload_kg)} · {formatMm(robot.reach_mm)}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Not in the catalog?{' '}
                <button type="button" className="font-medium text-orange-800 underline underline-offset-4 dark:text-orange-300" onClick={() => setProposing(true)}>
                  Propose a model
                </button>
              </p>
            </div>
          )}
          {errors.robot_id && !model && !proposing ? <p className="text-sm text-red-700 dark:text-red-400">{errors.robot_id}</p> : null}
        </fieldset>
      )}

      <fieldset className={cn('space-y-3', !offer && 'border-t border-slate-200 pt-4 dark:border-slate-700')}>
        {offer ? null : <legend className="sr-only">2. Your offer</legend>}
        {offer ? null : <p aria-hidden="true" className="text-base font-semibold text-slate-900 dark:text-white">2. Your offer</p>}
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Price from" optional error={errors.price_min}>
            <Input inputMode="numeric" value={values.price_min} onChange={set('price_min')} />
          </Field>
          <Field label="Price up to" optional error={errors.price_max}>
            <Input inputMode="numeric" value={values.price_max} onChange={set('price_max')} />
          </Field>
          <Field label="Currency" error={errors.currency}>
            <Select value={values.currency} onChange={set('currency')} options={offerCurrencies.map((c) => ({ value: c, label: c }))} />
          </Field>
          <Field label="Condition" error={errors.condition}>
            <Select value={values.condition} onChange={set('condition')} options={offerConditions.map((c) => ({ value: c, label: conditionLabel(c) }))} />
          </Field>
          <Field label="Lead time (weeks)" optional error={errors.lead_time_weeks}>
            <Input inputMode="numeric" value={values.lead_time_weeks} onChange={set('lead_time_weeks')} />
          </Field>
          <Field label="Warranty (months)" optional error={errors.warranty_months}>
            <Input inputMode="numeric" value={values.warranty_months} onChange={set('warranty_months')} />
          </Field>
          <Field label="Quantity available" optional error={errors.quantity}>
            <Input inputMode="numeric" value={values.quantity} onChange={set('quantity')} />
          </Field>
          <Field label="Regions served" optional hint="Separated by commas" error={errors.regions} className="sm:col-span-2">
            <Input value={values.regions} onChange={set('regions')} />
          </Field>
        </div>
        <Field label="Notes" optional error={errors.notes}>
          <Textarea rows={3} value={values.notes} onChange={set('notes')} />
        </Field>
      </fieldset>
      <FormActions submitLabel={offer ? 'Save offer' : 'Publish offer'} submitting={submitting} onCancel={onCancel} />
    </form>
  );
}
