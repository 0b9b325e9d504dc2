import { useId } from 'react';
import { controlBorder, controlClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useDebouncedCommit, useSyncedDraft } from '../hooks/use-debounced-draft';
import { cleanNumber, rangeError } from '../utils/catalog-params';

export interface RangeFilterProps {
  /** "Payload" */
  label: string;
  unit: string;
  min: string;
  max: string;
  /** Both bounds at once: one URL change (and one history entry) per edit. */
  onCommit: (min: string, max: string) => void;
  step?: number;
}

/** A min/max pair of number inputs; committed debounced, never while min exceeds max (the API would answer 400). */
export function RangeFilter({ label, unit, min, max, onCommit, step = 1 }: RangeFilterProps) {
  const id = useId();
  const [minDraft, setMinDraft] = useSyncedDraft(min, cleanNumber);
  const [maxDraft, setMaxDraft] = useSyncedDraft(max, cleanNumber);
  const error = rangeError(cleanNumber(minDraft), cleanNumber(maxDraft));
  const flush = useDebouncedCommit(
    `${cleanNumber(minDraft)}:${cleanNumber(maxDraft)}`,
    `${min}:${max}`,
    (pair) => {
      const [nextMin = '', nextMax = ''] = pair.split(':');
      onCommit(nextMin, nextMax);
    },
    { delay: 500, enabled: !error },
  );
  const errorId = `${id}-error`;

  const input = (bound: 'min' | 'max', draft: string, setDraft: (value: string) => void) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-${bound}`} className="sr-only">
        {`${bound === 'min' ? 'Minimum' : 'Maximum'} ${label.toLowerCase()} (${unit})`}
      </label>
      <span aria-hidden="true" className="block text-xs font-medium text-slate-700 dark:text-slate-300">
        {bound === 'min' ? 'Min' : 'Max'}
      </span>
      <input
        id={`${id}-${bound}`}
        type="number"
        inputMode="decimal"
        min={0}
        step={step}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={flush}
        onKeyDown={(event) => {
          if (event.key === 'Enter') flush();
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(controlClasses, controlBorder(Boolean(error)), 'mt-1')}
      />
    </div>
  );

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">
        {label} <span className="font-normal text-slate-600 dark:text-slate-400">({unit})</span>
      </legend>
      <div className="mt-2 flex gap-3">
        {input('min', minDraft, setMinDraft)}
        {input('max', maxDraft, setMaxDraft)}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
