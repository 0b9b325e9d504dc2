import type { Robot } from '@cellforge/contracts';
import { COMPARE_MAX } from '@cellforge/contracts/constants';
import { SlidersHorizontal } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Page } from '@/components/layout/page';
import { useScrollRestoreHold } from '@/components/layout/scroll-restoration';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Sheet } from '@/components/ui/sheet';
import { EmptyState, ErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/api-answer';
import { cn } from '@/lib/cn';
import { robotName, unknownValuesNote } from '@/lib/robot-format';
import { useRobots } from '../api/get-robots';
import { useCompareRobots } from '../api/get-compare-robots';
import { useCatalogState } from '../hooks/use-catalog-state';
import { usePendingValue } from '../hooks/use-pending-value';
import { humanizeTag } from '@/lib/robot-format';
import {
  activeFilterCount,
  applyReading,
  EMPTY_CATALOG_STATE,
  filterChips,
  toCatalogSearch,
  toRobotsQuery,
  type CatalogSort,
  type CatalogState,
} from '../utils/catalog-params';
import { CompareTray } from './compare-tray';
import { FiltersPanel } from './filters-panel';
import { Pagination } from './pagination';
import { ResultsSkeleton } from './results-skeleton';
import { COMPARE_LIMIT_NOTE, RobotCard } from './robot-card';
import { SearchBox } from './search-box';
import { SearchReading } from './search-reading';

const SORT_OPTIONS: ReadonlyArray<{ value: CatalogSort; label: string }> = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'payload', label: 'Rated payload (highest first)' },
  { value: 'reach', label: 'Reach (longest first)' },
  { value: 'price', label: 'Indicative price (lowest first)' },
];

export const CATALOG_LOAD_FAILED = 'The catalog could not be loaded.';

/** From this width (Tailwind's lg) the filters are a side panel; below it, a sheet opened by a "Filters" button. */
const SIDE_PANEL_QUERY = '(min-width: 64rem)';

/** The sheet's main action: how many robots the filters chosen in it give. */
export function showResultsLabel(total: number | null): string {
  return total === null ? 'Show results' : `Show ${total} result${total === 1 ? '' : 's'}`;
}

/** /catalog: search, facet filters, ranges, sort and paging, all kept in the URL. */
export function CatalogPage() {
  const { state, update } = useCatalogState();
  const query = useMemo(() => toRobotsQuery(state), [state]);
  // The results (20 cards and the facet counts) render in the background, in slices, once they arrive: the
  // answer comes in through a synchronous store update, and rendering it at once was one long task (~250 ms on
  // a slow phone) right when the page becomes usable. The skeleton (or the previous results) stays until then.
  const robots = useDeferredValue(useRobots(query));
  const [sheetOpen, setSheetOpen] = useState(false);
  const filtersId = useId();
  const sortId = useId();
  const resultsRef = useRef<HTMLElement>(null);
  // A reload (or Back onto a catalog whose answer is no longer cached) is restored once the results are there.
  useScrollRestoreHold(robots.isPending);

  // Widened to the side panel's width with the sheet open (a phone turned, a window resized): the panel takes over.
  useEffect(() => {
    if (!sheetOpen || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(SIDE_PANEL_QUERY);
    const onChange = () => {
      if (query.matches) setSheetOpen(false);
    };
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [sheetOpen]);

  const [compare, setCompare] = usePendingValue(state.compare);
  const [sort, setSort] = usePendingValue(state.sort);
  const picked = useCompareRobots(state.compare);
  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const robot of picked.data ?? []) map.set(robot.id, robotName(robot));
    for (const robot of robots.data?.data ?? []) map.set(robot.id, robotName(robot));
    return map;
  }, [picked.data, robots.data]);

  const data = robots.data;
  // The search words read as filters (issue 12): shown as chips beside the ones chosen in the panel.
  const reading = data && !robots.isPlaceholderData ? (data.interpretation ?? null) : null;
  const shown = useMemo(() => (reading ? { ...state, ...applyReading(reading) } : state), [reading, state]);
  const chips = useMemo(() => filterChips(shown, humanizeTag), [shown]);
  // Removing a chip makes the reading explicit (filters in the address, the rest as text), minus that chip.
  const removeChip = (chip: { remove: Partial<CatalogState> }) => update({ ...(reading ? applyReading(reading) : {}), ...chip.remove });
  const activeCount = activeFilterCount(shown);
  const clearAll = () => update({ ...EMPTY_CATALOG_STATE, compare: state.compare });
  const change = (changes: Partial<CatalogState>) => update(changes);

  // Picking robots is not navigation: Back still steps through the searches.
  const pickForCompare = (next: string[]) => {
    setCompare(next);
    update({ compare: next }, { resetPage: false, replace: true });
  };
  const toggleCompare = (robot: Robot) =>
    pickForCompare(
      compare.includes(robot.id) ? compare.filter((id) => id !== robot.id) : [...compare, robot.id].slice(0, COMPARE_MAX),
    );

  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.limit + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.limit) : 0;
  const badRequest = isApiError(robots.error) && robots.error.status === 400;
  // The number the results show once this answer is in (null while the filters' answer is on its way).
  const settledTotal = data && !robots.isPlaceholderData && !(robots.isError && badRequest) ? data.total : null;
  const showResults = () => {
    setSheetOpen(false);
    // Filtered from further down the page: back to the top of the results.
    const results = resultsRef.current;
    if (results && results.getBoundingClientRect().top < 0) results.scrollIntoView({ block: 'start' });
  };

  let results;
  if (robots.isPending) {
    results = <ResultsSkeleton />;
  } else if (robots.isError && !data) {
    results = (
      <ErrorState
        title={badRequest ? 'These filters cannot be used' : CATALOG_LOAD_FAILED}
        message={errorMessageOf(robots.error, 'Please try again in a moment.')}
        onRetry={badRequest ? undefined : () => void robots.refetch()}
        retrying={robots.isFetching}
        actions={
          badRequest ? (
            <Button variant="outline" onClick={clearAll}>
              Clear all filters
            </Button>
          ) : undefined
        }
      />
    );
  } else if (data && data.data.length === 0) {
    results = (
      <EmptyState
        title="No robots match"
        actions={
          activeCount > 0 ? (
            <Button variant="outline" onClick={clearAll}>
              Clear all filters
            </Button>
          ) : undefined
        }
      >
        <p>
          {data.total > 0 && state.page > 1
            ? `Page ${state.page} is past the last page of results.`
            : 'Try fewer filters, a wider range or other words.'}
        </p>
      </EmptyState>
    );
  } else if (data) {
    results = (
      <>
        {robots.isError ? (
          <ErrorState
            className="mb-4"
            title={CATALOG_LOAD_FAILED}
            message={errorMessageOf(robots.error, 'Showing the previous results.')}
            onRetry={() => void robots.refetch()}
            retrying={robots.isFetching}
          />
        ) : null}
        <ul
          aria-label="Robots"
          aria-busy={robots.isPlaceholderData || undefined}
          className={cn('grid gap-4 sm:grid-cols-2 xl:grid-cols-3', robots.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          {data.data.map((robot) => (
            <li key={robot.id}>
              <RobotCard
                robot={robot}
                compared={compare.includes(robot.id)}
                canCompare={compare.length < COMPARE_MAX}
                onToggleCompare={toggleCompare}
              />
            </li>
          ))}
        </ul>
        <Pagination
          page={data.page}
          pageCount={pageCount}
          hrefFor={(page) => `${paths.catalog.getHref()}?${toCatalogSearch({ ...state, page }).toString()}`}
        />
      </>
    );
  }

  return (
    <Page
      title="Robot Catalog"
      lead={
        <p>
          Industrial and collaborative robots with figures from the makers&rsquo; datasheets and from suppliers&rsquo;
          listings. Prices are indicative street-price bands, not quotes.
        </p>
      }
      className={cn(compare.length > 0 && 'pb-40 sm:pb-32')}
    >
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <aside aria-label="Filters" className="hidden lg:block">
          <FiltersPanel
            state={state}
            facets={data?.facets ?? null}
            onChange={change}
            onClearAll={clearAll}
            activeCount={activeCount}
          />
        </aside>
        <section ref={resultsRef} aria-labelledby={`${filtersId}-results`} className="min-w-0 scroll-mt-20">
          <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-x-3 gap-y-4 sm:grid-cols-[minmax(0,1fr)_14rem_auto] lg:grid-cols-[minmax(0,1fr)_14rem] lg:gap-x-4">
            <div className="col-span-2 sm:col-span-1">
              <SearchBox value={state.q} onCommit={(q) => update({ q })} />
            </div>
            <div>
              <label htmlFor={sortId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                Sort by
              </label>
              <Select
                id={sortId}
                className="mt-1.5"
                value={sort}
                options={SORT_OPTIONS}
                onChange={(event) => {
                  setSort(event.target.value as CatalogSort);
                  update({ sort: event.target.value as CatalogSort });
                }}
              />
            </div>
            {/* Below lg the filters are a sheet: the results stay at the top of the page. */}
            <Button
              variant="outline"
              className="min-h-11 lg:hidden"
              aria-haspopup="dialog"
              aria-expanded={sheetOpen}
              aria-controls={sheetOpen ? filtersId : undefined}
              aria-label={activeCount > 0 ? `Filters, ${activeCount} active` : 'Filters'}
              onClick={() => setSheetOpen(true)}
            >
              <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
              Filters
              {activeCount > 0 ? (
                <span
                  aria-hidden="true"
                  className="inline-flex min-w-5 items-center justify-center rounded-full bg-orange-700 px-1.5 text-xs font-semibold leading-5 text-white dark:bg-orange-400 dark:text-slate-950"
                >
                  {activeCount}
                </span>
              ) : null}
            </Button>
          </div>
          <SearchReading reading={reading} chips={chips} onRemove={removeChip} />
          <div className="mb-4 mt-6 flex flex-wrap items-baseline justify-between gap-2">
            <h2
              id={`${filtersId}-results`}
              className="text-lg font-semibold text-slate-900 dark:text-white"
            >
              Results
            </h2>
            <p className="text-sm text-slate-700 dark:text-slate-300" role="status" aria-live="polite">
              {data && !robots.isPlaceholderData
                ? data.total === 0
                  ? 'No robots found'
                  : `Showing ${first}–${last} of ${data.total} robots`
                : robots.isFetching
                  ? 'Loading robots…'
                  : ''}
            </p>
          </div>
          {data && !robots.isPlaceholderData && unknownValuesNote(data.unknown_values) ? (
            <p className="mb-3 text-sm text-slate-700 dark:text-slate-300" data-testid="unknown-values">
              {unknownValuesNote(data.unknown_values)}
            </p>
          ) : null}
          {compare.length >= COMPARE_MAX ? (
            <p id="compare-limit-note" className="mb-3 text-sm text-slate-700 dark:text-slate-300">
              {COMPARE_LIMIT_NOTE}
            </p>
          ) : null}
          {results}
        </section>
      </div>
      <Sheet
        id={filtersId}
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        title="Filters"
        closeLabel="Close filters"
        footer={
          <div className="flex items-center gap-3">
            {activeCount > 0 ? (
              <Button variant="ghost" onClick={clearAll} className="min-h-11 shrink-0">
                Clear all
              </Button>
            ) : null}
            <Button className="min-h-11 flex-1" onClick={showResults} aria-busy={settledTotal === null || undefined}>
              {showResultsLabel(settledTotal)}
            </Button>
          </div>
        }
      >
        <FiltersPanel
          state={state}
          facets={data?.facets ?? null}
          onChange={change}
          onClearAll={clearAll}
          activeCount={activeCount}
          namePrefix="sheet-"
          header={false}
        />
      </Sheet>
      <CompareTray
        ids={compare}
        names={names}
        onRemove={(id) => pickForCompare(compare.filter((other) => other !== id))}
        onClear={() => pickForCompare([])}
      />
    </Page>
  );
}
