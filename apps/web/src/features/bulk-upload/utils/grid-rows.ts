import type { BulkRow, BulkValidateResponse } from '@cellforge/contracts';

export type GridFilter = 'errors' | 'warnings' | 'all';
export interface GridMessage {
  kind: 'error' | 'warning';
  text: string;
}

/** One row of the validate grid. */
export interface GridRow {
  /** The 1-based data row (what edits name). */
  row: number;
  /** The row as the spreadsheet shows it. */
  sheetRow: number;
  status: 'error' | 'warning' | 'valid';
  cells: BulkRow;
  /** Messages per column (the cell to mark). */
  cellMessages: Map<string, GridMessage[]>;
  /** Messages about the row as a whole (no column). */
  rowMessages: GridMessage[];
  edited: ReadonlySet<string>;
}

type Tagged = Array<{ column: string | null; message: string }> | undefined;

function place(target: GridRow, list: Tagged, kind: GridMessage['kind']): void {
  for (const { column, message } of list ?? []) {
    // Warnings read "Row 6: reach ..." — the grid shows the row already.
    const text = message.replace(/^Row \d+: /, '');
    if (column === null) target.rowMessages.push({ kind, text });
    else target.cellMessages.set(column, [...(target.cellMessages.get(column) ?? []), { kind, text }]);
  }
}

const rank = { error: 0, warning: 1, valid: 2 } as const;

/** Every listed row of a validation, rows with errors first, then warnings, then the rest; each in file order. */
export function gridRowsOf(validation: BulkValidateResponse): GridRow[] {
  const rows: GridRow[] = [];
  for (const entry of validation.results.errors) {
    const row: GridRow = { row: entry.row_index, sheetRow: entry.sheet_row, status: 'error', cells: entry.cells ?? {}, cellMessages: new Map(), rowMessages: [], edited: new Set(entry.edited ?? []) };
    place(row, entry.cell_errors ?? entry.errors.map((message) => ({ column: null, message })), 'error');
    place(row, entry.cell_warnings, 'warning');
    rows.push(row);
  }
  for (const entry of validation.results.valid) {
    const row: GridRow = {
      row: entry.row,
      sheetRow: entry.sheet_row,
      status: entry.warnings.length ? 'warning' : 'valid',
      cells: entry.cells ?? {},
      cellMessages: new Map(),
      rowMessages: [],
      edited: new Set(entry.edited ?? []),
    };
    place(row, entry.cell_warnings ?? entry.warnings.map((message) => ({ column: null, message })), 'warning');
    rows.push(row);
  }
  return rows.sort((a, b) => rank[a.status] - rank[b.status] || a.row - b.row);
}

/**
 * The rows a filter shows. Under "errors", rows fixed in this view stay (in file order
 * among the others) so a fix does not make the row jump away.
 */
export function shownRows(rows: readonly GridRow[], filter: GridFilter, keep: ReadonlySet<number> = new Set()): GridRow[] {
  if (filter === 'all') return [...rows];
  if (filter === 'warnings') return rows.filter((r) => r.status === 'warning');
  return rows.filter((r) => r.status === 'error' || keep.has(r.row)).sort((a, b) => a.row - b.row);
}
