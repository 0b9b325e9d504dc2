import { COMPARE_MAX } from '@cellforge/contracts/constants';
import { X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

export interface CompareTrayProps {
  ids: readonly string[];
  /** id -> "Maker Model" (missing while names load). */
  names: ReadonlyMap<string, string>;
  onRemove: (id: string) => void;
  onClear: () => void;
}

/** The robots picked for comparison, fixed at the bottom of the catalog, with the link to /compare. */
export function CompareTray({ ids, names, onRemove, onClear }: CompareTrayProps) {
  if (ids.length === 0) return null;
  const ready = ids.length >= 2;
  return (
    <section
      aria-label="Compare tray"
      data-chat-avoid
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:px-6 md:flex-row md:items-center lg:px-8">
        <p className="shrink-0 text-sm font-semibold text-slate-900 dark:text-white" aria-live="polite">
          {ids.length} of {COMPARE_MAX} robots picked
        </p>
        <ul className="flex min-w-0 flex-1 flex-wrap gap-2">
          {ids.map((id, index) => {
            const name = names.get(id) ?? `Robot ${index + 1}`;
            return (
              <li
                key={id}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
              >
                <span className="max-w-48 truncate">{name}</span>
                <button
                  type="button"
                  onClick={() => onRemove(id)}
                  aria-label={`Remove ${name} from comparison`}
                  className="rounded-full p-1 hover:bg-slate-200 dark:hover:bg-slate-700"
                >
                  <X className="h-3.5 w-3.5" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
        <div className="flex shrink-0 items-center gap-2">
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear
          </Button>
          {ready ? (
            <Link to={paths.compare.getHref(ids)} className={buttonClasses({ size: 'sm' })}>
              Compare {ids.length} robots
            </Link>
          ) : (
            <span className="text-sm text-slate-700 dark:text-slate-300">Pick one more to compare</span>
          )}
        </div>
      </div>
    </section>
  );
}
