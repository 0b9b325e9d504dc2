import type { ProjectMatch } from '@cellforge/contracts';
import { cn } from '@/lib/cn';

/** Why a robot scored as it did: ✓ for a requirement it meets, ✗ for one it misses (never colour alone). */
export function FitReasons({ reasons }: { reasons: ProjectMatch['reasons'] }) {
  if (reasons.length === 0) return null;
  return (
    <ul aria-label="Why it fits" className="space-y-1.5 text-sm">
      {reasons.map((reason) => (
        <li key={`${reason.kind}-${reason.text}`} data-ok={reason.ok} className="flex items-start gap-2">
          <span
            aria-hidden="true"
            className={cn(
              'mt-px inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold',
              reason.ok
                ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100'
                : 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
            )}
          >
            {reason.ok ? '✓' : '✗'}
          </span>
          <span className="text-slate-800 dark:text-slate-200">
            <span className="sr-only">{reason.ok ? 'Meets: ' : 'Misses: '}</span>
            {reason.text}
          </span>
        </li>
      ))}
    </ul>
  );
}
