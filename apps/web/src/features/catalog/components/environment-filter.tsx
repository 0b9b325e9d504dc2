import { countryNames, makerCountries } from '@cellforge/contracts/constants';
import { useId } from 'react';
import { Select } from '@/components/ui/select';
import type { CatalogState, EnvKey } from '../utils/catalog-params';

const IP_OPTIONS = [
  { value: '54', label: 'IP54 or better' },
  { value: '65', label: 'IP65 or better' },
  { value: '67', label: 'IP67 or better' },
  { value: '69', label: 'IP69 (K)' },
];
const CLEANROOM_OPTIONS = [
  { value: 'any', label: 'Any published class' },
  ...[3, 4, 5, 6, 7].map((n) => ({ value: String(n), label: `ISO ${n} or cleaner` })),
];
const MOUNTING_OPTIONS = [
  { value: 'floor', label: 'Floor' },
  { value: 'ceiling', label: 'Ceiling' },
  { value: 'wall', label: 'Wall' },
  { value: 'angle', label: 'Angled' },
];
const COUNTRY_OPTIONS = [...new Set(makerCountries.map((m) => m.country))]
  .map((code) => ({ value: code, label: countryNames[code] ?? code }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** A value the state holds that no option lists (a link with "IP66" or "wall,angle") stays selectable. */
const withCurrent = (options: Array<{ value: string; label: string }>, current: string, label: (v: string) => string) =>
  current && !options.some((o) => o.value === current) ? [...options, { value: current, label: label(current) }] : options;

export interface EnvironmentFilterProps {
  state: Pick<CatalogState, EnvKey>;
  onChange: (changes: Partial<CatalogState>) => void;
}

/**
 * The environment filters: IP rating, cleanroom class, food-grade, mounting and the maker's
 * country. They are hard filters: a robot whose maker publishes no value is not shown (the
 * results say how many), so "unknown" never passes as "yes".
 */
export function EnvironmentFilter({ state, onChange }: EnvironmentFilterProps) {
  const id = useId();
  const select = (key: EnvKey, label: string, options: Array<{ value: string; label: string }>) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <Select
        id={`${id}-${key}`}
        className="mt-1"
        placeholder="Any"
        options={options}
        value={state[key]}
        onChange={(event) => onChange({ [key]: event.target.value })}
      />
    </div>
  );
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">Environment</legend>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Only robots whose maker publishes the value are shown.</p>
      <div className="mt-2 space-y-3">
        {select('minIp', 'IP rating', withCurrent(IP_OPTIONS, state.minIp, (v) => `IP${v.padStart(2, '0')} or better`))}
        {select('cleanroom', 'Cleanroom', withCurrent(CLEANROOM_OPTIONS, state.cleanroom, (v) => `ISO ${v} or cleaner`))}
        {select('mounting', 'Mounting', withCurrent(MOUNTING_OPTIONS, state.mounting, (v) => v.split(',').join(' or ')))}
        {select('makerCountry', "Maker's country", withCurrent(COUNTRY_OPTIONS, state.makerCountry, (v) => v))}
        <label className="flex min-h-9 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-400 text-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600"
            checked={state.foodGrade === 'true'}
            onChange={(event) => onChange({ foodGrade: event.target.checked ? 'true' : '' })}
          />
          Food-grade only
        </label>
      </div>
    </fieldset>
  );
}
