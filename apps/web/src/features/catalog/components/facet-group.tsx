import { useId, useState } from 'react';
import { usePendingValue } from '../hooks/use-pending-value';
import { cn } from '@/lib/cn';

export interface FacetOption {
  value: string;
  count: number;
}

export interface FacetGroupProps {
  legend: string;
  /** Field name of the radio group (unique on the page). */
  name: string;
  options: readonly FacetOption[];
  /** The chosen value, or with `multiple` the chosen values joined by commas ("ABB,FANUC"). */
  selected: string;
  onSelect: (value: string) => void;
  /** Several values at once (checkboxes; the API reads a comma list as "any of them"). */
  multiple?: boolean;
  format?: (value: string) => string;
  /** How many values show before "Show all". */
  visible?: number;
}

const sameValue = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const valuesOf = (selected: string) => selected.split(',').map((v) => v.trim()).filter(Boolean);

/**
 * One facet (category, maker, ...): a radio group, or with `multiple` checkboxes (FANUC
 * and ABB at once). Counts are disjunctive (every other facet's choice applied, not this
 * one's), so they say how many robots choosing that value would add or show.
 */
export function FacetGroup({ legend, name, options, selected: fromUrl, onSelect, format = (v) => v, visible = 8, multiple = false }: FacetGroupProps) {
  const id = useId();
  const [selected, setSelected] = usePendingValue(fromUrl);
  const [expanded, setExpanded] = useState(false);
  const chosen = multiple ? valuesOf(selected) : selected ? [selected] : [];
  const isChosen = (value: string) => chosen.some((c) => sameValue(c, value));
  // The chosen values stay listed even when the current results have none of them.
  const all = [...chosen.filter((c) => !options.some((o) => sameValue(o.value, c))).map((value) => ({ value, count: 0 })), ...options];
  const shown = expanded ? all : all.filter((o, index) => index < visible || isChosen(o.value));
  const hidden = all.length - shown.length;
  const choose = (value: string) => {
    let next = value;
    if (multiple && value !== '') next = isChosen(value) ? chosen.filter((c) => !sameValue(c, value)).join(',') : [...chosen, value].join(',');
    setSelected(next);
    onSelect(next);
  };

  const radio = (value: string, label: string, count: number | null) => {
    const checked = value === '' ? chosen.length === 0 : isChosen(value);
    return (
      <li key={value || '__any'}>
        <label
          className={cn(
            'flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
            checked ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-700 dark:text-slate-300',
          )}
        >
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={name}
            value={value}
            checked={checked}
            onChange={() => choose(value)}
            // One clean name in every browser: "FANUC, 37 robots".
            aria-label={count !== null ? `${label}, ${count} robot${count === 1 ? '' : 's'}` : undefined}
            className="h-4 w-4 accent-orange-700 dark:accent-orange-400"
          />
          <span className="min-w-0 flex-1 truncate">{label}</span>
          {count !== null ? (
            <span aria-hidden="true" className="tabular-nums text-slate-600 dark:text-slate-400">
              {count}
            </span>
          ) : null}
        </label>
      </li>
    );
  };

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">{legend}</legend>
      <ul id={`${id}-list`} className="mt-1.5 space-y-0.5">
        {radio('', 'Any', null)}
        {shown.map((option) => radio(option.value, format(option.value), option.count))}
      </ul>
      {hidden > 0 || expanded ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          onClick={() => setExpanded((value) => !value)}
          className="mt-1 rounded px-2 text-sm font-semibold text-orange-800 underline underline-offset-4 dark:text-orange-300"
        >
          {expanded ? 'Show fewer' : `Show all (${all.length})`}
        </button>
      ) : null}
    </fieldset>
  );
}
