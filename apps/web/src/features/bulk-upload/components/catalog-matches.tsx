import type { BulkMatchChoice, BulkValidateResponse } from '@cellforge/contracts';
import { useId } from 'react';

/** What the wizard sends with the import for rows already in the catalog. */
export interface MatchSelection {
  default: BulkMatchChoice;
  /** Per-row overrides (data row -> choice). */
  rows: ReadonlyMap<number, BulkMatchChoice>;
}

export const DEFAULT_MATCH_SELECTION: MatchSelection = { default: 'attach', rows: new Map() };

export function choiceLabels(supplier: boolean): Record<BulkMatchChoice, string> {
  return {
    attach: supplier ? 'Offer it (attach to the catalog model)' : 'Attach to the catalog model',
    private_copy: 'Keep a private copy',
    skip: 'Skip the row',
  };
}

const selectClass =
  'min-h-10 w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 sm:w-auto dark:border-slate-600 dark:bg-slate-900 dark:text-white';

const valueText = (v: string | number | boolean | null) => (v === null ? 'none' : String(v));

export interface CatalogMatchesProps {
  validation: BulkValidateResponse;
  supplier: boolean;
  selection: MatchSelection;
  onChange: (next: MatchSelection) => void;
}

/**
 * The validate step's rows whose maker and model are already a model of the shared
 * catalog: the catalog model, the values that differ, and the choice for all rows and
 * for each row (attach, keep a private copy, skip). Nothing is duplicated silently.
 */
export function CatalogMatches({ validation, supplier, selection, onChange }: CatalogMatchesProps) {
  const baseId = useId();
  const matched = validation.results.valid.filter((row) => row.catalog_match);
  const total = validation.catalog_matches?.total ?? matched.length;
  if (!total) return null;
  const labels = choiceLabels(supplier);
  const choiceOf = (row: number) => selection.rows.get(row) ?? selection.default;
  const counts = { attach: 0, private_copy: 0, skip: 0 };
  for (const row of matched) counts[choiceOf(row.row)] += 1;
  // Rows beyond the listed ones follow the default.
  counts[selection.default] += Math.max(0, total - matched.length);
  const attachMeaning = supplier
    ? 'Attach makes or updates your offer on the catalog model (at the price in your file); the model is not listed twice.'
    : 'Attach adds the catalog model to your catalog as it is; no second copy is made.';

  return (
    <section aria-labelledby={`${baseId}-title`} className="space-y-3 rounded-xl border border-sky-200 p-4 dark:border-sky-900">
      <div className="space-y-1">
        <h4 id={`${baseId}-title`} className="text-sm font-semibold text-slate-900 dark:text-white">
          Already in the catalog ({total} {total === 1 ? 'row' : 'rows'})
        </h4>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {attachMeaning} A private copy is your own robot with the values of your file, shown only to you.
        </p>
      </div>
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <label htmlFor={`${baseId}-default`} className="text-sm font-medium text-slate-900 dark:text-white">
          For every row in the catalog
        </label>
        <select
          id={`${baseId}-default`}
          className={selectClass}
          value={selection.default}
          onChange={(e) => onChange({ default: e.target.value as BulkMatchChoice, rows: new Map() })}
        >
          {(Object.keys(labels) as BulkMatchChoice[]).map((choice) => (
            <option key={choice} value={choice}>
              {labels[choice]}
            </option>
          ))}
        </select>
      </div>
      <p role="status" className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {counts.attach} to attach, {counts.private_copy} private {counts.private_copy === 1 ? 'copy' : 'copies'}, {counts.skip} to skip
      </p>
      <ul aria-label="Rows already in the catalog" className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {matched.map((row) => {
          const match = row.catalog_match;
          if (!match) return null;
          const selectId = `${baseId}-row-${row.row}`;
          return (
            <li key={row.row} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
              <div className="min-w-0 space-y-0.5 text-sm">
                <p className="font-medium break-words text-slate-900 dark:text-white">
                  Row {row.sheet_row}: {row.manufacturer} {row.model}
                </p>
                <p className="break-words text-slate-700 dark:text-slate-300">
                  Catalog model: <span className="font-medium">{match.manufacturer} {match.model}</span>
                </p>
                {match.differences.length ? (
                  <ul aria-label={`Values that differ in row ${row.sheet_row}`} className="text-amber-900 dark:text-amber-200">
                    {match.differences.map((d) => (
                      <li key={d.field}>
                        {d.label}: catalog {valueText(d.catalog)}, your file {valueText(d.file)}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-slate-600 dark:text-slate-400">Same values as the catalog.</p>
                )}
              </div>
              <div className="flex shrink-0 flex-col gap-1">
                <label htmlFor={selectId} className="sr-only">
                  What to do with row {row.sheet_row}
                </label>
                <select
                  id={selectId}
                  className={selectClass}
                  value={choiceOf(row.row)}
                  onChange={(e) => {
                    const rows = new Map(selection.rows);
                    const choice = e.target.value as BulkMatchChoice;
                    if (choice === selection.default) rows.delete(row.row);
                    else rows.set(row.row, choice);
                    onChange({ default: selection.default, rows });
                  }}
                >
                  {(Object.keys(labels) as BulkMatchChoice[]).map((choice) => (
                    <option key={choice} value={choice}>
                      {labels[choice]}
                    </option>
                  ))}
                </select>
              </div>
            </li>
          );
        })}
      </ul>
      {validation.truncated && matched.length < total ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {total - matched.length} more {total - matched.length === 1 ? 'row follows' : 'rows follow'} the choice for every row.
        </p>
      ) : null}
    </section>
  );
}

/** The selection as the import request carries it. */
export function matchRequestOf(selection: MatchSelection) {
  return {
    match_default: selection.default,
    match_choices: [...selection.rows].map(([row, choice]) => ({ row, choice })),
  };
}
