import type { Stage1Results } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type Path, type UseFormRegister } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { controlBorder, controlClasses } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { formatClock, formatSeconds } from '../utils/analysis-format';
import {
  emptyPayload,
  emptyWorkstation,
  formValuesOf,
  stage1FormSchema,
  updatedDataOf,
  type ProjectRequirementsPrefill,
  type Stage1FormValues,
} from '../utils/stage1-form';
import { KeyFrame } from './key-frame';

export interface Stage1EditorProps {
  /** Stage 1's results (the activities and the extra fields of each entry come from here). */
  results: Stage1Results;
  /** What the form starts from: the last confirmed data, else the results. */
  initial: Stage1Results;
  busy: boolean;
  /** The requirements of the analysis's project: they fill what stage 1 left empty (before a first confirmation). */
  projectRequirements?: ProjectRequirementsPrefill | null;
  /** Shown after the video's summary: the region of interest to run Stage 1 again in. */
  regionPanel?: ReactNode;
  onConfirm: (input: { updatedData: ReturnType<typeof updatedDataOf>; message: string | undefined }) => void;
}

const MOTION_TONES = { low: 'neutral', medium: 'warning', high: 'brand' } as const;

/** Stage 1 calls a cycle below this confidence uncertain; stage 2 does not hold robots to it. */
const LOW_CYCLE_CONFIDENCE = 0.5;
const uncertain = (confidence: number | null | undefined) => typeof confidence === 'number' && confidence < LOW_CYCLE_CONFIDENCE;

const CONFIDENCE_WORDS = { high: 'high', medium: 'medium', low: 'low: check it before it is used' } as const;

/** The video's cycle: period, confidence, the spread of durations and when each cycle starts. */
function CycleSummary({ cycle }: { cycle: NonNullable<Stage1Results['cycle']> }) {
  const spread = cycle.durations_s;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Work cycle: <span className="font-medium text-slate-900 dark:text-white">{formatSeconds(cycle.period_s)}</span>, seen {cycle.repeats} times; confidence{' '}
        {cycle.confidence.toFixed(2)} ({CONFIDENCE_WORDS[cycle.confidence_level]})
        {spread ? `. Durations ${formatSeconds(spread.min)} to ${formatSeconds(spread.max)}, median ${formatSeconds(spread.median)}` : ''}.
      </p>
      {cycle.starts_s.length ? (
        <ol aria-label="Cycle timeline" className="flex flex-wrap gap-2 text-xs text-slate-700 tabular-nums dark:text-slate-300">
          {cycle.starts_s.map((start, index) => {
            const next = cycle.starts_s[index + 1];
            return (
              <li key={start} className="rounded-md border border-slate-200 px-2 py-1 dark:border-slate-700">
                Cycle {index + 1}: starts {formatClock(start)}
                {next !== undefined ? `, ${formatSeconds(next - start)}` : ''}
              </li>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}

/** Spec: "Stage 1 entity extraction results", editable payloads and workstations, a note, "Confirm & Run Stage 2". */
export function Stage1Editor({ results, initial, busy, projectRequirements = null, regionPanel, onConfirm }: Stage1EditorProps) {
  const headingId = useId();
  const [{ prefilled, values: startValues }] = useState(() => {
    const { prefilled, ...values } = formValuesOf(initial, projectRequirements);
    return { prefilled, values };
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<Stage1FormValues>({ resolver: zodResolver(stage1FormSchema), defaultValues: startValues });
  const payloads = useFieldArray({ control, name: 'payloads' });
  const payloadRows = useWatch({ control, name: 'payloads' });
  const noWeight = !payloadRows.some((row) => row.weight_kg.trim() !== '' && Number(row.weight_kg) > 0);
  const workstations = useFieldArray({ control, name: 'workstations' });

  const submit = handleSubmit((values) => {
    onConfirm({ updatedData: updatedDataOf(initial, values), message: values.note.trim() || undefined });
  });

  const video = results.video;
  const activities = initial.extracted_activities;

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          Stage 1 entity extraction results
        </h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Check what the analysis found, correct the payloads and workstations, then confirm. Stage 2 uses only what you confirm.
        </p>
      </div>

      {video ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Video: <span className="font-medium text-slate-900 dark:text-white">{video.name}</span>, {formatSeconds(video.duration_s)}
          {video.width && video.height ? `, ${video.width}×${video.height}` : ''}
          {video.fps ? `, ${Math.round(video.fps * 10) / 10} fps` : ''}
          {video.analyzed_s !== undefined && video.analyzed_s < video.duration_s - 0.5 ? ` (${formatSeconds(video.analyzed_s)} analysed)` : ''}
          {results.cycle_time_s && !results.cycle ? `. Longest measured cycle: ${formatSeconds(results.cycle_time_s)}` : ''}.
        </p>
      ) : null}
      {results.cycle ? <CycleSummary cycle={results.cycle} /> : null}
      {video?.region_of_interest ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Motion was measured in the region of interest only (the rest of the picture was left out).</p>
      ) : null}
      {regionPanel}
      {results.notes ? <p className="text-sm text-slate-700 dark:text-slate-300">Notes from the upload: {results.notes}</p> : null}
      {results.warnings?.length ? (
        <ul aria-label="Analysis warnings" className="list-disc space-y-0.5 pl-5 text-sm text-amber-900 dark:text-amber-200">
          {results.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}

      <form onSubmit={submit} noValidate aria-label="Confirm stage 1 results" className="space-y-8">
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900 dark:text-white">Activities</legend>
          {activities.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">No activity was found in the video.</p>
          ) : (
            <ol aria-label="Activity timeline" className="relative space-y-4 border-l-2 border-slate-200 pl-5 dark:border-slate-700">
              {activities.map((activity, index) => (
                <li key={`${activity.key_frame ?? ''}-${activity.start_s ?? index}`} className="relative">
                  <span
                    aria-hidden="true"
                    className="absolute top-1.5 -left-[1.72rem] h-3 w-3 rounded-full border-2 border-white bg-orange-600 dark:border-slate-900 dark:bg-orange-400"
                  />
                  <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <h4 className="font-semibold text-slate-900 dark:text-white">{activity.activity_name}</h4>
                    <span className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
                      {formatClock(activity.start_s)}–{formatClock(activity.end_s)} ({formatSeconds(activity.duration_s)})
                    </span>
                    {activity.motion_level ? <Badge tone={MOTION_TONES[activity.motion_level]}>Motion: {activity.motion_level}</Badge> : null}
                    {activity.cycle_time_s ? (
                      <Badge tone={uncertain(activity.cycle_confidence) ? 'warning' : 'success'}>
                        Cycle time {formatSeconds(activity.cycle_time_s)}
                        {activity.cycle_count ? ` (${activity.cycle_count} cycles${uncertain(activity.cycle_confidence) ? ', uncertain' : ''})` : ''}
                      </Badge>
                    ) : null}
                  </div>
                  {activity.description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{activity.description}</p> : null}
                  {activity.key_frame ? (
                    <KeyFrame jobId={results.job_id} frameKey={activity.key_frame} label={activity.activity_name} />
                  ) : null}
                  {activity.video && (results.videos?.length ?? 0) > 1 ? (
                    <p className="mt-1 text-xs break-all text-slate-600 dark:text-slate-400">Video: {activity.video}</p>
                  ) : null}
                  <label className="mt-2 flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                    <input type="checkbox" className="h-4 w-4 accent-orange-700 dark:accent-orange-400" {...register(`planar.${index}`)} />
                    Planar pick-and-place (4-axis robots may do)
                  </label>
                </li>
              ))}
            </ol>
          )}
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900 dark:text-white">Payloads</legend>
          <p className="text-sm text-slate-700 dark:text-slate-300">The parts the robot will handle: weight in kg, size L × W × H in mm.</p>
          {payloads.fields.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">No payload yet. Add the parts the robot handles.</p>
          ) : (
            <ul className="space-y-3">
              {payloads.fields.map((field, index) => (
                <EntityRow
                  key={field.id}
                  kind="Payload"
                  index={index}
                  register={register}
                  errors={errors.payloads?.[index]}
                  withWeight
                  onRemove={() => payloads.remove(index)}
                />
              ))}
            </ul>
          )}
          <Button variant="outline" size="sm" onClick={() => payloads.append(emptyPayload())}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add payload
          </Button>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900 dark:text-white">Workstations</legend>
          <p className="text-sm text-slate-700 dark:text-slate-300">Where the robot works: size L × W × H in mm (length and width set the reach).</p>
          {workstations.fields.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">No workstation yet.</p>
          ) : (
            <ul className="space-y-3">
              {workstations.fields.map((field, index) => (
                <EntityRow
                  key={field.id}
                  kind="Workstation"
                  index={index}
                  register={register}
                  errors={errors.workstations?.[index]}
                  onRemove={() => workstations.remove(index)}
                />
              ))}
            </ul>
          )}
          <Button variant="outline" size="sm" onClick={() => workstations.append(emptyWorkstation())}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add workstation
          </Button>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900 dark:text-white">Cell requirements</legend>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            For the whole cell. Stage 2 needs at least this reach (or more, when a workstation needs more) and holds robots to this cycle time instead of the measured one.
          </p>
          {prefilled.length ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Filled in from the project&apos;s requirements: {prefilled.map((what) => PREFILLED_WORDS[what]).join(', ')}. Change them here if the video shows otherwise.
            </p>
          ) : null}
          <div className="grid max-w-md grid-cols-2 gap-3">
            <NumberField id={`${headingId}-reach`} label="Reach needed (mm)" error={errors.reach_mm?.message} {...register('reach_mm')} />
            <NumberField id={`${headingId}-cycle`} label="Cycle time target (s)" error={errors.cycle_time_s?.message} {...register('cycle_time_s')} />
          </div>
        </fieldset>

        <div className="space-y-1.5">
          <label htmlFor={`${headingId}-note`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Note <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
          </label>
          <Textarea
            id={`${headingId}-note`}
            rows={3}
            placeholder="Anything stage 2 should know: cycle targets, floor space, safety…"
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${headingId}-note-error` : undefined}
            {...register('note')}
          />
          {errors.note ? (
            <p id={`${headingId}-note-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
              {errors.note.message}
            </p>
          ) : null}
        </div>

        {noWeight ? (
          <p id={`${headingId}-no-weight`} className="text-sm text-amber-900 dark:text-amber-200">
            No payload weight yet: Stage 2 cannot check payload fit and will mark no robot viable. Add the weight of the heaviest part.
          </p>
        ) : null}
        <Button type="submit" loading={busy} aria-describedby={noWeight ? `${headingId}-no-weight` : undefined}>
          Confirm &amp; Run Stage 2
        </Button>
      </form>
    </section>
  );
}

const PREFILLED_WORDS = { payload: 'the part weight', reach: 'the reach', cycle: 'the cycle time' } as const;

type NumberFieldProps = { id: string; label: string; error: string | undefined } & ReturnType<UseFormRegister<Stage1FormValues>>;

/** A labelled number input with its error below. */
function NumberField({ id, label, error, ...field }: NumberFieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(controlClasses, controlBorder(Boolean(error)), 'py-1.5')}
        {...field}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type RowField = 'name' | 'weight_kg' | 'length' | 'width' | 'height';

interface EntityRowProps {
  kind: 'Payload' | 'Workstation';
  index: number;
  register: UseFormRegister<Stage1FormValues>;
  errors: Partial<Record<RowField, { message?: string }>> | undefined;
  withWeight?: boolean;
  onRemove: () => void;
}

/** One editable payload or workstation: every input has its own label ("Payload 1 weight (kg)"). */
function EntityRow({ kind, index, register, errors, withWeight, onRemove }: EntityRowProps) {
  const baseId = useId();
  const list = kind === 'Payload' ? 'payloads' : 'workstations';
  const number = index + 1;
  const inputs: { field: RowField; label: string; className: string }[] = [
    { field: 'name', label: 'Name', className: 'col-span-2' },
    ...(withWeight ? [{ field: 'weight_kg' as const, label: 'Weight (kg)', className: '' }] : []),
    { field: 'length', label: 'Length (mm)', className: '' },
    { field: 'width', label: 'Width (mm)', className: '' },
    { field: 'height', label: 'Height (mm)', className: '' },
  ];
  const errorOf = (field: RowField) => errors?.[field]?.message;

  return (
    <li className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <div className={cn('grid grid-cols-2 gap-3', withWeight ? 'sm:grid-cols-6' : 'sm:grid-cols-5')}>
        {inputs.map(({ field, label, className }) => {
          const id = `${baseId}-${field}`;
          const error = errorOf(field);
          return (
            <div key={field} className={cn('space-y-1', className)}>
              <label htmlFor={id} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
                <span className="sr-only">{`${kind} ${number} `}</span>
                {label}
              </label>
              <input
                id={id}
                type={field === 'name' ? 'text' : 'number'}
                inputMode={field === 'name' ? undefined : 'decimal'}
                min={field === 'name' ? undefined : 0}
                step={field === 'name' ? undefined : 'any'}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className={cn(controlClasses, controlBorder(Boolean(error)), 'py-1.5')}
                {...register(`${list}.${index}.${field}` as Path<Stage1FormValues>)}
              />
              {error ? (
                <p id={`${id}-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <Button variant="ghost" size="sm" className="mt-2" onClick={onRemove} aria-label={`Remove ${kind.toLowerCase()} ${number}`}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Remove
      </Button>
    </li>
  );
}
