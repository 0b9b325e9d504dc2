import type { BulkParseOptions, BulkParseResponse } from '@cellforge/contracts';
import { useId, useState } from 'react';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';

export interface FileLayoutProps {
  parsed: BulkParseResponse;
  /** Reads the same file again with these choices (a new parse: mappings are suggested afresh). */
  onReread: (options: BulkParseOptions) => void;
  busy: boolean;
}

/** A cell of the file's first rows, shortened for the header-row picker. */
function cellText(cell: string | number | boolean | null): string {
  if (cell === null || cell === '') return '';
  const text = String(cell);
  return text.length > 24 ? `${text.slice(0, 23)}…` : text;
}

/**
 * How the file was read (issue 14): the sheet of a workbook with several (name and row
 * count of each), and the header row, shown among the file's first rows so a wrong guess
 * (a title or a section row taken for the headers) can be moved. Either choice reads the
 * file again.
 */
export function FileLayout({ parsed, onReread, busy }: FileLayoutProps) {
  const sheetId = useId();
  const headerName = useId();
  const sheets = parsed.sheets ?? [];
  const firstRows = parsed.first_rows ?? [];
  const sheet = parsed.sheet_name;
  // The row just chosen shows as chosen while the file is read again (a new answer resets it).
  const [chosen, setChosen] = useState<{ for: BulkParseResponse; row: number } | null>(null);
  const headerRow = chosen?.for === parsed ? chosen.row : parsed.header_row;
  if (sheets.length < 2 && firstRows.length < 2) return null;
  const width = Math.max(1, ...firstRows.map((row) => row.cells.length));

  return (
    <section aria-label="How the file is read" className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      {sheets.length > 1 ? (
        <div className="max-w-md">
          <label htmlFor={sheetId} className="block text-sm font-semibold text-slate-900 dark:text-white">
            Sheet
          </label>
          <Select
            id={sheetId}
            className="mt-1"
            value={sheet ?? ''}
            disabled={busy}
            options={sheets.map((s) => ({
              value: s.name,
              label: `${s.name} (${s.rows} ${s.rows === 1 ? 'row' : 'rows'}${s.hidden ? ', hidden' : ''})`,
              disabled: s.rows === 0,
            }))}
            onChange={(event) => onReread({ sheet: event.target.value })}
          />
        </div>
      ) : null}
      {firstRows.length > 1 ? (
        <fieldset disabled={busy} className="min-w-0">
          <legend className="text-sm font-semibold text-slate-900 dark:text-white">Header row</legend>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            The row with the column names. Rows above it are skipped; the robots start below it.
          </p>
          <div className="mt-2 max-h-64 overflow-auto rounded-lg border border-slate-200 dark:border-slate-700">
            <table className="w-full text-left text-xs">
              <caption className="sr-only">The first rows of the file</caption>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                {firstRows.map((row) => {
                  const current = row.row === headerRow;
                  const above = headerRow !== undefined && row.row < headerRow;
                  return (
                    <tr key={row.row} className={cn(current && 'bg-orange-50 font-semibold dark:bg-orange-950/40', above && 'text-slate-600 dark:text-slate-400')}>
                      <th scope="row" className="w-24 px-2 py-1.5 font-normal whitespace-nowrap">
                        <label className="inline-flex min-h-6 items-center gap-1.5">
                          <input
                            type="radio"
                            name={headerName}
                            checked={current}
                            onChange={() => {
                              setChosen({ for: parsed, row: row.row });
                              onReread({ ...(sheet !== undefined ? { sheet } : {}), header_row: row.row });
                            }}
                            aria-label={`Row ${row.row} is the header row`}
                          />
                          Row {row.row}
                        </label>
                      </th>
                      {Array.from({ length: width }, (_, i) => (
                        <td key={i} className="max-w-[10rem] truncate px-2 py-1.5 text-slate-800 dark:text-slate-200">
                          {cellText(row.cells[i] ?? null)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </fieldset>
      ) : null}
    </section>
  );
}
