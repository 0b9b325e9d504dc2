import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** "Step n of m" list; the current step carries aria-current="step". */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol aria-label="Steps" className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      {steps.map((label, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="flex items-center gap-2 text-sm">
            <span
              className={cn(
                'flex h-7 w-7 shrink-0 items-center justify-center rounded-full border text-xs font-bold',
                state === 'done' && 'border-emerald-700 bg-emerald-700 text-white dark:border-emerald-400 dark:bg-emerald-400 dark:text-slate-950',
                state === 'current' && 'border-orange-700 bg-orange-700 text-white dark:border-orange-400 dark:bg-orange-400 dark:text-slate-950',
                state === 'todo' && 'border-slate-400 text-slate-700 dark:border-slate-500 dark:text-slate-300',
              )}
              aria-hidden="true"
            >
              {state === 'done' ? <Check className="h-4 w-4" /> : index + 1}
            </span>
            <span className={cn(state === 'current' ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-700 dark:text-slate-300')}>
              <span className="sr-only">{`Step ${index + 1}${state === 'done' ? ' (done)' : ''}: `}</span>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
