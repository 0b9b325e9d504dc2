import type { SearchInterpretation } from '@cellforge/contracts';
import { X } from 'lucide-react';
import type { FilterChip } from '../utils/catalog-params';

export interface SearchReadingProps {
  /** How the search words were read, when they said more than names (GET /api/robots `interpretation`). */
  reading: SearchInterpretation | null;
  chips: FilterChip[];
  onRemove: (chip: FilterChip) => void;
}

/**
 * The filters in force as removable chips, and a line saying how the search words were
 * read ("palletizer for 40 kg sacks, no FANUC" -> payload, not FANUC, palletizing) with
 * what the catalog could not check.
 */
export function SearchReading({ reading, chips, onRemove }: SearchReadingProps) {
  if (!reading && chips.length === 0) return null;
  return (
    <div className="mt-4 space-y-2">
      {reading ? (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="search-reading">
          Read &ldquo;{reading.q}&rdquo; as:{' '}
          {[...reading.read_as, ...(reading.text ? [`name contains “${reading.text}”`] : [])].join(' · ') || 'no requirement I could use'}
          {reading.unknown_units?.map((u) => (
            <span key={u.said} className="block font-medium text-amber-800 dark:text-amber-300">
              {u.message}
            </span>
          ))}
        </p>
      ) : null}
      {chips.length ? (
        <ul aria-label="Filters in force" className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip.label}>
              <button
                type="button"
                onClick={() => onRemove(chip)}
                aria-label={`Remove filter ${chip.label}`}
                className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                {chip.label}
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {reading?.not_applied.length ? (
        <div className="text-sm text-slate-700 dark:text-slate-300">
          <p className="font-medium">Not checked:</p>
          <ul className="ml-5 list-disc">
            {reading.not_applied.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
