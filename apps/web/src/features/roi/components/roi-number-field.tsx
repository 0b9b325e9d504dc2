import { ROI_FIELDS, type RoiField } from '@cellforge/roi';
import { controlBorder, controlClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { UNIT_LABELS, unitAdornments } from '../utils/format';

/** Units worth saying in the label; "people", "shifts" and "days" are already in it. */
const UNIT_IN_LABEL = new Set(['usd', 'usd_per_year', 'usd_per_hour', 'percent', 'hours', 'years']);

export interface RoiNumberFieldProps {
  field: RoiField;
  value: string;
  error?: string;
  onChange: (field: RoiField, value: string) => void;
}

/**
 * One calculator input. A text box with a numeric keyboard rather than type="number":
 * "95,000" is accepted, a half-typed value is kept as typed, and the scroll wheel does
 * not change figures by accident.
 */
export function RoiNumberField({ field, value, error, onChange }: RoiNumberFieldProps) {
  const spec = ROI_FIELDS[field];
  const id = `roi-${field}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const { prefix, suffix } = unitAdornments(spec.unit);
  const integer = 'integer' in spec && spec.integer;

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {spec.label}
        {UNIT_IN_LABEL.has(spec.unit) ? (
          <span className="font-normal text-slate-600 dark:text-slate-400"> ({UNIT_LABELS[spec.unit]})</span>
        ) : null}
      </label>
      <div className="relative">
        {prefix ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-600 sm:text-sm dark:text-slate-400"
          >
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          name={field}
          type="text"
          inputMode={integer ? 'numeric' : 'decimal'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(field, event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className={cn(controlClasses, controlBorder(Boolean(error)), 'tabular-nums', prefix && 'pl-7', suffix && 'pr-14')}
        />
        {suffix ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3 text-slate-600 sm:text-sm dark:text-slate-400"
          >
            {suffix}
          </span>
        ) : null}
      </div>
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        {spec.help}
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
