import { useId } from 'react';
import { Select } from './select';

/** The periods analytics panels offer, in days. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;

/** An analytics panel's heading with its "Period" choice (last 7, 30 or 90 days). */
export function PeriodHeading({ id, title, days, onDaysChange }: { id: string; title: string; days: number; onDaysChange: (days: number) => void }) {
  const periodId = useId();
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="w-44">
        <label htmlFor={periodId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Period
        </label>
        <Select
          id={periodId}
          className="mt-1.5"
          value={String(days)}
          onChange={(event) => onDaysChange(Number(event.target.value))}
          options={ANALYTICS_PERIODS.map((n) => ({ value: String(n), label: `Last ${n} days` }))}
        />
      </div>
    </div>
  );
}
