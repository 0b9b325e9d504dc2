import { cn } from '@/lib/cn';

export interface ProgressBarProps {
  /** What is happening, shown above the bar and used as its accessible name. */
  label: string;
  /** 0-100, or null when the length of the work is unknown (indeterminate). */
  value: number | null;
  className?: string;
}

/** A determinate (upload) or indeterminate (server at work) progress bar. */
export function ProgressBar({ label, value, className }: ProgressBarProps) {
  const percent = value === null ? null : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm font-medium text-slate-800 dark:text-slate-200">
        <span>{label}</span>
        {percent === null ? null : <span aria-hidden="true">{percent}%</span>}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={percent === null ? undefined : 0}
        aria-valuemax={percent === null ? undefined : 100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? undefined : `${percent}%`}
        className="relative h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        {percent === null ? (
          <div className="absolute inset-0 animate-pulse rounded-full bg-orange-600/70 motion-reduce:animate-none dark:bg-orange-400/70" />
        ) : (
          <div
            className="h-full rounded-full bg-orange-600 transition-[width] duration-200 dark:bg-orange-400"
            style={{ width: `${percent}%` }}
          />
        )}
      </div>
    </div>
  );
}
