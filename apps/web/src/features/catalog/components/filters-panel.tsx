import type { RobotFacets } from '@cellforge/contracts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { humanizeTag } from '@/lib/robot-format';
import type { CatalogState, FacetKey, RangeKey } from '../utils/catalog-params';
import { ConditionFacet } from './condition-facet';
import { FacetGroup } from './facet-group';
import { EnvironmentFilter } from './environment-filter';
import { RangeFilter } from './range-filter';

/** Category, maker and application take several values at once (the API reads "any of"); industry one. */
const FACETS: ReadonlyArray<{ key: Exclude<FacetKey, 'condition'>; legend: string; humanize: boolean; multiple: boolean }> = [
  { key: 'category', legend: 'Category', humanize: true, multiple: true },
  { key: 'manufacturer', legend: 'Manufacturer', humanize: false, multiple: true },
  { key: 'application', legend: 'Application', humanize: true, multiple: true },
  { key: 'industry', legend: 'Industry', humanize: true, multiple: false },
];

const RANGES: ReadonlyArray<{ label: string; unit: string; min: RangeKey; max: RangeKey; step: number }> = [
  { label: 'Rated payload', unit: 'kg', min: 'minPayload', max: 'maxPayload', step: 0.5 },
  { label: 'Reach', unit: 'mm', min: 'minReach', max: 'maxReach', step: 10 },
  { label: 'Indicative price', unit: 'USD', min: 'minPrice', max: 'maxPrice', step: 1000 },
];

export interface FiltersPanelProps {
  state: CatalogState;
  /** null before the first answer. */
  facets: RobotFacets | null;
  onChange: (changes: Partial<CatalogState>) => void;
  onClearAll: () => void;
  activeCount: number;
  /**
   * Prefix of the radio groups' names. The side panel and the phone's sheet each hold a
   * panel: their radios must not share a name, or checking one unchecks the other's.
   */
  namePrefix?: string;
  /** The "Filters" title and "Clear all filters" (false in the sheet, whose frame has them). */
  header?: boolean;
}

export function FiltersPanel({ state, facets, onChange, onClearAll, activeCount, namePrefix = '', header = true }: FiltersPanelProps) {
  return (
    <div className="space-y-6">
      {header ? (
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">Filters</h2>
          {activeCount > 0 ? (
            <Button variant="ghost" size="sm" onClick={onClearAll}>
              Clear all filters
            </Button>
          ) : null}
        </div>
      ) : null}
      {RANGES.map((range) => (
        <RangeFilter
          key={range.min}
          label={range.label}
          unit={range.unit}
          step={range.step}
          min={state[range.min]}
          max={state[range.max]}
          onCommit={(min, max) => onChange({ [range.min]: min, [range.max]: max })}
        />
      ))}
      <EnvironmentFilter state={state} onChange={onChange} />
      {facets ? <ConditionFacet options={facets.condition} selected={state.condition} onChange={(condition) => onChange({ condition })} /> : null}
      {FACETS.map((facet) =>
        facets ? (
          <FacetGroup
            key={facet.key}
            name={`${namePrefix}facet-${facet.key}`}
            legend={facet.legend}
            options={facets[facet.key]}
            selected={state[facet.key]}
            multiple={facet.multiple}
            format={facet.humanize ? humanizeTag : undefined}
            onSelect={(value) => onChange({ [facet.key]: value })}
          />
        ) : (
          <div key={facet.key} className="space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-4/6" />
          </div>
        ),
      )}
    </div>
  );
}
