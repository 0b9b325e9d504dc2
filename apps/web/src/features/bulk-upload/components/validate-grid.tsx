import type { BulkCellEdit, BulkMappings, BulkTargetField, BulkValidateResponse } from '@cellforge/contracts';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { TARGET_LABELS } from '../utils/bulk-fields';
import { gridRowsOf, shownRows, type GridFilter, type GridRow } from '../utils/grid-rows';

export interface ValidateGridProps {
  validation: BulkValidateResponse;
  mappings: BulkMappings;
  /** Sends one fixed cell (stored with the upload, validated at once); absent: the grid is read-only. */
  onEdit?: (edit: BulkCellEdit) => void;
  /** An edit is being checked. */
  busy?: boolean;
}

const FILTERS: ReadonlyArray<{ value: GridFilter; label: string }> = [
  { value: 'errors', label: 'Errors' },
  { value: 'warnings', label: 'Warnings' },
  { value: 'all', label: 'All rows' },
];

const textOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * The validate step's grid: rows with errors first, each bad cell marked with its message
 * and editable in place (Enter or leaving the cell sends it; Escape puts it back); rows
 * are numbered as the spreadsheet shows them. A fixed row stays under "Errors", marked
 * fixed, until the filter changes. On a phone each row is a card.
 */
export function ValidateGrid({ validation, mappings, onEdit, busy = false }: ValidateGridProps) {
  const baseId = useId();
  const [filter, setFilter] = useState<GridFilter>(validation.error_count > 0 ? 'errors' : 'all');
  /** Rows edited while "Errors" is shown: they stay in view once fixed. */
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const columns = useMemo(() => Object.entries(mappings).filter((entry): entry is [string, BulkTargetField] => entry[1] !== null), [mappings]);
  const all = useMemo(() => gridRowsOf(validation), [validation]);
  const rows = shownRows(all, filter, touched);
  const counts = { errors: validation.error_count, warnings: validation.warning_count, all: validation.valid_count + validation.error_count };

  const edit = (row: GridRow, column: string, value: string) => {
    if (!onEdit) return;
    setTouched((previous) => new Set(previous).add(row.row));
    onEdit({ row: row.row, column, value });
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${baseId}-title`} className="text-sm font-semibold text-slate-900 dark:text-white">
          Rows {onEdit ? '(fix a cell by typing in it)' : ''}
        </h4>
        <div role="radiogroup" aria-label="Show rows" className="flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
          {FILTERS.map((option) => (
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={filter === option.value}
              onClick={() => {
                setFilter(option.value);
                setTouched(new Set());
              }}
              className={cn(
                'min-h-9 rounded-lg px-2.5 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600',
                filter === option.value
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              {option.label} ({counts[option.value]})
            </button>
          ))}
        </div>
      </div>
      <p role="status" aria-live="polite" className="text-xs text-slate-600 empty:sr-only dark:text-slate-400">
        {busy ? 'Checking the row again…' : validation.truncated ? 'The grid shows the first 1,000 rows of each kind; the counts cover every row.' : ''}
      </p>

      {rows.length === 0 ? (
        <p className="rounded-xl border border-slate-200 p-4 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
          {filter === 'errors' ? 'No row has errors.' : filter === 'warnings' ? 'No row has warnings.' : 'No rows.'}
        </p>
      ) : (
        <div className="rounded-xl border border-slate-200 sm:max-h-[28rem] sm:overflow-auto dark:border-slate-700">
          <table className="w-full text-left text-sm max-sm:block">
            <caption className="sr-only">Rows of the file as they will be imported; cells with a problem are marked</caption>
            <thead className="sticky top-0 z-10 bg-slate-50 text-slate-700 max-sm:sr-only dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className="px-2 py-2 font-semibold">
                  Row
                </th>
                {columns.map(([column, target]) => (
                  <th key={column} scope="col" className="px-2 py-2 font-semibold">
                    <span className="block break-words">{column}</span>
                    <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">{TARGET_LABELS[target]}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 max-sm:block max-sm:divide-y-0 dark:divide-slate-700">
              {rows.map((row) => (
                <tr
                  key={row.row}
                  data-row={row.sheetRow}
                  className="align-top max-sm:mb-3 max-sm:block max-sm:rounded-xl max-sm:border max-sm:border-slate-200 max-sm:p-3 max-sm:last:mb-0 max-sm:dark:border-slate-700"
                >
                  <th scope="row" className="px-2 py-2 font-semibold whitespace-nowrap text-slate-900 max-sm:block max-sm:p-0 dark:text-white">
                    <span className="sm:sr-only">Row </span>
                    {row.sheetRow}
                    <StatusBadge row={row} />
                    {row.rowMessages.map((message) => (
                      <span key={message.text} className={cn('mt-1 block text-xs font-normal whitespace-normal', message.kind === 'error' ? 'text-red-700 dark:text-red-400' : 'text-amber-800 dark:text-amber-300')}>
                        {message.text}
                      </span>
                    ))}
                  </th>
                  {columns.map(([column]) => (
                    <td key={column} className="px-2 py-1.5 max-sm:block max-sm:px-0">
                      <GridCell
                        id={`${baseId}-${row.row}-${columns.findIndex(([c]) => c === column)}`}
                        row={row}
                        column={column}
                        editable={Boolean(onEdit)}
                        onCommit={(value) => edit(row, column, value)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function StatusBadge({ row }: { row: GridRow }) {
  const { label, tone } =
    row.status === 'error'
      ? { label: 'Error', tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200' }
      : row.edited.size > 0
        ? { label: 'Fixed', tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200' }
        : row.status === 'warning'
          ? { label: 'Warning', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' }
          : { label: 'OK', tone: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200' };
  return <span className={cn('ml-2 inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', tone)}>{label}</span>;
}

interface GridCellProps {
  id: string;
  row: GridRow;
  column: string;
  editable: boolean;
  onCommit: (value: string) => void;
}

function GridCell({ id, row, column, editable, onCommit }: GridCellProps) {
  const text = textOf(row.cells[column]);
  const [draft, setDraft] = useState(text);
  const [seen, setSeen] = useState(text);
  // The server's value changed (an answer came back): show it.
  if (seen !== text) {
    setSeen(text);
    setDraft(text);
  }
  const messages = row.cellMessages.get(column) ?? [];
  const error = messages.some((m) => m.kind === 'error');
  const warning = !error && messages.length > 0;
  const edited = row.edited.has(column);
  const messageId = `${id}-msg`;
  const commit = () => {
    if (draft !== text) onCommit(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && draft !== text) {
      // Put the cell back without closing the dialog.
      event.stopPropagation();
      setDraft(text);
    }
  };
  return (
    <div className="min-w-0 sm:min-w-[7.5rem]">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700 sm:sr-only dark:text-slate-300">
        {column}
      </label>
      {editable ? (
        <input
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
          // The card shows the row already; the name says it for screen readers and in the table.
          aria-label={`${column}, row ${row.sheetRow}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={messages.length ? messageId : undefined}
          className={cn(
            'block min-h-9 w-full rounded-md border bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-orange-600 dark:bg-slate-900 dark:text-slate-100',
            error
              ? 'border-red-600 bg-red-50 dark:border-red-500 dark:bg-red-950/40'
              : warning
                ? 'border-amber-500 dark:border-amber-500'
                : edited
                  ? 'border-emerald-600 dark:border-emerald-500'
                  : 'border-slate-300 dark:border-slate-600',
          )}
        />
      ) : (
        <span id={id} className="block px-2 py-1 break-words text-slate-900 dark:text-slate-100">
          {text || '—'}
        </span>
      )}
      {messages.length ? (
        <span id={messageId} className={cn('mt-1 block text-xs', error ? 'font-medium text-red-700 dark:text-red-400' : 'text-amber-800 dark:text-amber-300')}>
          {messages.map((m) => m.text).join(' ')}
        </span>
      ) : null}
    </div>
  );
}
