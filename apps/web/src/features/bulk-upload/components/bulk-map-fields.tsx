import { bulkTargetFieldSchema, type BulkMappings, type BulkParseResponse } from '@cellforge/contracts';
import { useId } from 'react';
import { Select } from '@/components/ui/select';
import { isApiError } from '@/lib/api-client';
import { assignTarget, missingRequired, QUANTITY_FIELDS, TARGET_LABELS, targetOptionsFor, UNIT_LABELS } from '../utils/bulk-fields';
import { InlineAlert } from '@/components/ui/inline-alert';

const SAMPLE_ROWS = 3;

function sampleOf(rows: BulkParseResponse['preview_rows'], column: string): string {
  const values = rows
    .slice(0, SAMPLE_ROWS)
    .map((row) => row[column])
    .filter((value) => value !== null && value !== undefined && value !== '')
    .map(String);
  return values.length ? values.join(', ') : '—';
}

export interface BulkMapFieldsProps {
  parsed: BulkParseResponse;
  mappings: BulkMappings;
  onChange: (mappings: BulkMappings) => void;
  /** A failed validation: its details name columns ("mappings.Brand") and fields. */
  error: unknown;
  /** False once the person changed or replaced the saved mapping the server applied. */
  appliedSaved?: boolean;
  /** A supplier's import: the offer's terms (currency, condition, lead time, quantity) are offered as fields too. */
  supplier?: boolean;
}

/** Step 2: each detected column with its target field (pre-filled from suggested_mappings), detected units and parse warnings. */
export function BulkMapFields({ parsed, mappings, onChange, error, appliedSaved = true, supplier = false }: BulkMapFieldsProps) {
  const baseId = useId();
  const options = targetOptionsFor(supplier);
  const details = isApiError(error) ? (error.details ?? {}) : {};
  const missing = missingRequired(mappings);
  const units = parsed.detected_units ?? {};

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span className="font-medium text-slate-900 dark:text-white">{parsed.file_name}</span>: {parsed.row_count}{' '}
        {parsed.row_count === 1 ? 'row' : 'rows'}
        {parsed.sheet_name ? `, sheet “${parsed.sheet_name}”` : ''}
        {parsed.header_row && parsed.header_row > 1 ? `, headers on row ${parsed.header_row}` : ''}. Choose the field each column holds.
      </p>

      {parsed.saved_mapping && appliedSaved ? (
        <InlineAlert tone="info" title={`Using your mapping “${parsed.saved_mapping.name}”`}>
          Saved for files with these column names; change any field below if this file differs.
        </InlineAlert>
      ) : null}

      {parsed.warnings?.length ? (
        <InlineAlert tone="warning" title="Notes on reading the file">
          <ul className="list-disc space-y-0.5 pl-5">
            {parsed.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </InlineAlert>
      ) : null}

      {/* On a phone each column is a card (name, sample, unit, then the field select at full width): no sideways scrolling. */}
      <div className="rounded-xl border border-slate-200 sm:overflow-x-auto dark:border-slate-700">
        <table className="w-full text-left text-sm max-sm:block sm:min-w-[36rem]">
          <caption className="sr-only">Column mappings</caption>
          <thead className="bg-slate-50 text-slate-700 max-sm:sr-only dark:bg-slate-800 dark:text-slate-200">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">Column in your file</th>
              <th scope="col" className="px-3 py-2 font-semibold">Sample values</th>
              <th scope="col" className="px-3 py-2 font-semibold">Unit</th>
              <th scope="col" className="px-3 py-2 font-semibold">Maps to</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 max-sm:block dark:divide-slate-700">
            {parsed.detected_columns.map((column, index) => {
              const selectId = `${baseId}-map-${index}`;
              const problems = details[`mappings.${column}`];
              // A unit means something only for a quantity: the server also reads "Model #" as pounds ("#").
              const target = mappings[column] ?? null;
              const unit = target === null || QUANTITY_FIELDS.has(target) ? units[column] : undefined;
              return (
                <tr key={column} className="align-top max-sm:block max-sm:px-3 max-sm:py-3">
                  <th scope="row" className="px-3 py-2 font-medium break-words text-slate-900 max-sm:block max-sm:p-0 dark:text-white">
                    {column}
                  </th>
                  <td
                    className="max-w-[14rem] truncate px-3 py-2 text-slate-700 max-sm:block max-sm:max-w-none max-sm:px-0 max-sm:py-0.5 max-sm:before:font-medium max-sm:before:content-['Sample:_'] dark:text-slate-300"
                    title={sampleOf(parsed.preview_rows, column)}
                  >
                    {sampleOf(parsed.preview_rows, column)}
                  </td>
                  <td className="px-3 py-2 text-slate-700 max-sm:block max-sm:px-0 max-sm:py-0.5 max-sm:before:font-medium max-sm:before:content-['Unit:_'] dark:text-slate-300">
                    {unit ? `${unit} (${UNIT_LABELS[unit]})` : '—'}
                  </td>
                  <td className="px-3 py-2 max-sm:block max-sm:px-0 max-sm:pt-2 max-sm:pb-0">
                    <label htmlFor={selectId} className="sr-only">
                      {`Field for column ${column}`}
                    </label>
                    <Select
                      id={selectId}
                      value={mappings[column] ?? ''}
                      placeholder="Ignore"
                      options={options}
                      aria-invalid={problems ? true : undefined}
                      aria-describedby={problems ? `${selectId}-error` : undefined}
                      onChange={(event) => {
                        const parsedTarget = bulkTargetFieldSchema.safeParse(event.target.value);
                        onChange(assignTarget(mappings, column, parsedTarget.success ? parsedTarget.data : null));
                      }}
                    />
                    {problems ? (
                      <p id={`${selectId}-error`} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
                        {problems.join(' ')}
                      </p>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {missing.length ? (
        <p className="text-sm text-amber-900 dark:text-amber-200">
          Not mapped yet: {missing.map((field) => TARGET_LABELS[field]).join(', ')}. Rows need these to be imported.
        </p>
      ) : null}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Each field comes from one column: choosing a field already in use moves it. Manufacturer, model, payload and reach are required; DOF is optional (6 axes are assumed), and so is every other field.{supplier ? ' Price, currency, condition, lead time and quantity become the terms of your offer on each model.' : ''}
      </p>
    </div>
  );
}
