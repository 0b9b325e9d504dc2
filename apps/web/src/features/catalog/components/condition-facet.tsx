import { offerConditions } from '@cellforge/contracts/constants';
import { conditionLabel } from '@/lib/offer-format';
import type { FacetOption } from './facet-group';

export interface ConditionFacetProps {
  /** Counts of the offers' conditions (disjunctive: every other filter applied). */
  options: readonly FacetOption[];
  /** "new,used" */
  selected: string;
  onChange: (value: string) => void;
}

/**
 * The suppliers' offers by condition, several at once (new or used): a robot counts once per
 * condition it is offered in. Hidden while no robot of the results has offers and none is chosen.
 */
export function ConditionFacet({ options, selected, onChange }: ConditionFacetProps) {
  const chosen = new Set(selected.split(',').map((v) => v.trim().toLowerCase()).filter(Boolean));
  if (!options.length && !chosen.size) return null;
  const count = (value: string) => options.find((o) => o.value === value)?.count ?? 0;
  const toggle = (value: string) => {
    const next = new Set(chosen);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    onChange(offerConditions.filter((c) => next.has(c)).join(','));
  };
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">Offered condition</legend>
      <ul className="mt-1.5 space-y-0.5">
        {offerConditions.map((value) => {
          const n = count(value);
          const checked = chosen.has(value);
          if (!n && !checked) return null;
          return (
            <li key={value}>
              <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => toggle(value)}
                  aria-label={`${conditionLabel(value)}, ${n} robot${n === 1 ? '' : 's'}`}
                  className="h-4 w-4 accent-orange-700 dark:accent-orange-400"
                />
                <span className="min-w-0 flex-1 truncate">{conditionLabel(value)}</span>
                <span aria-hidden="true" className="tabular-nums text-slate-600 dark:text-slate-400">
                  {n}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
