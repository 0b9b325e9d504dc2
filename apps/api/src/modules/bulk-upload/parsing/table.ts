import { BULK_MAX_ROWS } from '@cellforge/contracts';
import { AppError } from '../../../lib/errors';
import { defined, nth } from '../../../lib/invariants';
import { PackedRows } from './packed-rows';
import { unitFromText } from './units';

export type Cell = string | number | boolean | null;

/** A file read into a header and data rows (arrays aligned with `columns`). */
export interface ParsedTable {
  columns: string[];
  rows: Cell[][];
  /** 1-based line/sheet row of the header (counting every line, blank ones included). */
  headerRow: number;
  warnings: string[];
  /** Where the data rows sit in the file (see SheetRows); absent: data row n is row n. */
  sheetRows?: SheetRows;
}

/** Object keys that must never reach an object as property names. */
export const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

export function isEmptyCell(cell: unknown): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

const numberLike = /^[+-]?(\d[\d\s.,'’]*)?\d([.,]\d+)?\s*[a-zA-Z"'#]{0,6}\.?$/;
const dateLike = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+Z?)?$|^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$/;

/** A header-ish cell: text that is not a number, a measurement or a date. */
export function isTextCell(cell: unknown): boolean {
  if (typeof cell !== 'string') return false;
  const s = cell.trim();
  if (!s) return false;
  return !numberLike.test(s) && !dateLike.test(s);
}

function nonEmptyIndexes(row: readonly Cell[] | undefined): number[] {
  const out: number[] = [];
  if (!row) return out;
  for (let i = 0; i < row.length; i += 1) if (!isEmptyCell(row[i])) out.push(i);
  return out;
}

const HEADER_SCAN_ROWS = 30;
/** More columns than any robot sheet needs; the rest are ignored (with a warning). */
export const MAX_COLUMNS = 500;
const LOOKAHEAD_ROWS = 5;

/**
 * The header row: the first row (of the first 30 non-empty ones) whose non-empty cells
 * are mostly text and cover at least 80% of the columns the next rows fill (or half of
 * them when the next row has no more text cells, as under a header with a blank index
 * column). Title rows ("Robot inventory 2024", "Exported by ...") fill only a few of
 * those columns and are followed by the wider header, so they are passed over. Failing
 * that, the text row covering most columns. A text row with nothing below it is the
 * header of a header-only file. Returns the index into `grid`, or -1 for an empty grid.
 */
export function findHeaderRow(grid: readonly (readonly Cell[])[]): number {
  const candidates: number[] = [];
  for (let r = 0; r < grid.length && candidates.length < HEADER_SCAN_ROWS; r += 1) {
    if (nonEmptyIndexes(grid[r]).length) candidates.push(r);
  }
  if (!candidates.length) return -1;
  let fallback: { row: number; coverage: number } | null = null;
  for (const r of candidates) {
    const cells = nonEmptyIndexes(grid[r]);
    const text = cells.filter((i) => isTextCell(nth(grid, r)[i])).length;
    if (text / cells.length < 0.5) continue;
    const following: number[][] = [];
    let nextRow: readonly Cell[] | undefined;
    for (let k = r + 1; k < grid.length && following.length < LOOKAHEAD_ROWS; k += 1) {
      const idx = nonEmptyIndexes(grid[k]);
      if (!idx.length) continue;
      nextRow ??= grid[k];
      following.push(idx);
    }
    if (!following.length) return r; // header only (the caller reports it)
    const used = new Set(following.flat());
    const covered = cells.filter((i) => used.has(i)).length;
    const coverage = covered / used.size;
    if (cells.length >= Math.min(2, used.size)) {
      if (coverage >= 0.8) return r;
      // A header with a blank name (an index column) covers less; a title row is
      // followed by the real header, which has more text cells than the title.
      const next = defined(nextRow, 'the first row under the candidate');
      const nextText = nth(following, 0).filter((i) => isTextCell(next[i])).length;
      if (coverage >= 0.5 && nextText <= text) return r;
    }
    if (!fallback || coverage > fallback.coverage) fallback = { row: r, coverage };
  }
  return fallback?.row ?? nth(candidates, 0);
}

function cleanHeader(cell: Cell): string {
  if (cell === null) return '';
  return String(cell).replace(/\s+/g, ' ').trim();
}

/** A row under the header that only names units ("", "kg", "[mm]") is merged into the header. */
function unitsRow(row: readonly Cell[] | undefined): boolean {
  const idx = nonEmptyIndexes(row);
  if (!row || !idx.length) return false;
  return idx.every((i) => {
    const s = String(row[i]).trim().replace(/^[([{]\s*|\s*[)\]}]$/g, '');
    return unitFromText(s) !== null;
  });
}

/**
 * NUL and lone UTF-16 surrogates: text PostgreSQL refuses to store (in text and json
 * alike), so a file holding them is refused at /parse with the row and column named,
 * instead of a 500 when the upload is saved.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Throws a 400 when a cell (or a column name) holds text that cannot be stored; `where` names it ("row 3, column 2"). */
export function assertStorableText(value: unknown, where: string, what: string): void {
  if (typeof value !== 'string' || !UNSTORABLE_TEXT.test(value)) return;
  const kind = value.includes('\u0000') ? 'a NUL character' : 'invalid text (a lone UTF-16 surrogate)';
  throw new AppError('BAD_REQUEST', `The ${what} holds ${kind} in ${where}. Remove it (retype the cell) and upload the file again.`);
}

export function cleanCell(cell: Cell | undefined): Cell {
  if (cell === undefined || cell === null) return null;
  if (typeof cell === 'string') {
    const s = cell.trim();
    return s === '' ? null : s;
  }
  if (typeof cell === 'number' && !Number.isFinite(cell)) return null;
  return cell;
}

/** A table read row by row (see createTableBuilder): data rows packed, plus the first few as arrays. */
export interface BuiltTable {
  columns: string[];
  /** Data rows aligned with `columns`; a row may be shorter than the columns (missing cells are null). */
  rows: PackedRows;
  /** The first `previewRows` data rows, padded to the columns. */
  preview: Cell[][];
  headerRow: number;
  warnings: string[];
  /** For each column, its index in the rows as they were pushed (before blank and reserved columns were dropped). */
  sourceColumns: number[];
  /**
   * Set when rows were drained (TableBuilder.drain) and some pushed columns were dropped: the
   * rows, drained or not, are then as pushed, and the columns are these indexes of each row.
   */
  keptColumns?: number[];
  /** Where the data rows sit in the file: see SheetRows. */
  sheetRows: SheetRows;
  /** The first non-blank rows of the grid as given (FIRST_ROWS of FIRST_ROW_CELLS cells), with their file rows: for choosing the header. */
  firstRows: { row: number; cells: Cell[] }[];
  /**
   * With `flagLongRows` (CSV): the number of columns the header names, when some rows (fewer
   * than half) hold cells beyond them: those cells are a value split by an unquoted delimiter,
   * not a column, and such rows are errors until fixed (see createRowValidator). Absent otherwise.
   */
  spillFrom?: number;
}

const FIRST_ROWS = 12;
const FIRST_ROW_CELLS = 12;

/**
 * The row numbers a spreadsheet shows for the data rows, compactly: pairs of (0-based data
 * row, its 1-based file row) at the start of each run of consecutive rows; a blank row
 * or a units row starts a new run. The header on row 3 and no blank rows is [0, 4].
 */
export type SheetRows = number[];

/** The 1-based row of the file (as a spreadsheet numbers it) of the 1-based data row `dataRow`. */
export function sheetRowOf(runs: SheetRows | undefined, dataRow: number): number {
  if (!runs?.length) return dataRow;
  const index = dataRow - 1;
  // The last run starting at or before the row (runs are sorted by data row).
  let lo = 0;
  let hi = runs.length / 2 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((runs[mid * 2] ?? 0) <= index) lo = mid;
    else hi = mid - 1;
  }
  return (runs[lo * 2 + 1] ?? 1) + index - (runs[lo * 2] ?? 0);
}

export interface TableBuilder {
  /** The next row of the grid (file order, blank rows included). */
  push(row: readonly Cell[]): void;
  /** The data rows packed so far, 1,000 rows a chunk (PackedRows.drain), for storage while reading on. */
  drain(): string[];
  finish(): BuiltTable;
}

/** Non-empty rows that decide the header: 30 candidates, the 5 rows below the last one, and one more. */
const HEAD_ROWS = HEADER_SCAN_ROWS + LOOKAHEAD_ROWS + 1;

/**
 * Builds a table from a grid pushed one row at a time, so a large file is never held as
 * a grid: the first rows are kept until the header is found (see findHeaderRow: it looks
 * at no more than the first 35 non-empty rows), then every data row is cleaned, checked
 * and packed at once. Finds the header (skipping title rows), names blank headers
 * "Column N", de-duplicates names ("Payload (2)"), drops columns named
 * __proto__/constructor/prototype and columns that are empty throughout, skips blank
 * rows. Row numbers in messages are 1-based rows of the grid. `onDataRow` sees each data
 * row (cleaned, column indexes as pushed; see BuiltTable.sourceColumns).
 */
export function createTableBuilder(
  what: string,
  /**
   * rowOffset: file rows before the first pushed row (a CSV's "sep=;" line), for the sheet row numbers.
   * headerRow: the file row (1-based) that holds the headers, chosen by the user: no guess then.
   */
  options: { previewRows?: number; onDataRow?: (row: readonly Cell[]) => void; rowOffset?: number; headerRow?: number; maxRows?: number; flagLongRows?: boolean } = {},
): TableBuilder {
  const maxRows = options.maxRows ?? BULK_MAX_ROWS;
  const firstRows: { row: number; cells: Cell[] }[] = [];
  const previewRows = options.previewRows ?? 0;
  const warnings: string[] = [];
  let head: Cell[][] | null = [];
  let headNonEmpty = 0;
  let headerIndex = -1;
  let header: Cell[] = [];
  /** False while blank rows under the header (and then a units row) may still come. */
  let dataStarted = false;
  let width = 0;
  const filled: boolean[] = [];
  const packed = new PackedRows();
  const previewed: Cell[][] = [];

  const sheetRows: SheetRows = [];
  /** Columns the header names (up to its last named cell), and the data rows holding cells beyond them (the first few kept). */
  let headerWidth = 0;
  let longRows = 0;
  const longExamples: Array<{ row: number; cells: number }> = [];
  /** `index`: the row's 0-based position in the grid. */
  function dataRow(row: readonly Cell[], index: number): void {
    let last = row.length - 1;
    while (last >= 0 && isEmptyCell(row[last])) last -= 1;
    if (last < 0) return;
    const at = packed.length;
    const fileRow = index + 1 + (options.rowOffset ?? 0);
    if (last >= headerWidth) {
      longRows += 1;
      if (longExamples.length < 5) longExamples.push({ row: fileRow, cells: last + 1 });
    }
    const runs = sheetRows.length;
    if (!runs || (sheetRows[runs - 1] ?? 0) + at - (sheetRows[runs - 2] ?? 0) !== fileRow) sheetRows.push(at, fileRow);
    if (packed.length >= maxRows) {
      throw new AppError('BAD_REQUEST', `The file has more than ${maxRows.toLocaleString('en-US')} data rows. Split it into smaller files.`);
    }
    width = Math.max(width, last + 1);
    const kept = Math.min(last + 1, MAX_COLUMNS);
    const clean: Cell[] = new Array<Cell>(kept);
    for (let i = 0; i < kept; i += 1) {
      const cell = row[i];
      clean[i] = cleanCell(cell);
      if (!filled[i] && !isEmptyCell(cell)) filled[i] = true;
    }
    options.onDataRow?.(clean);
    if (previewed.length < previewRows) previewed.push(clean.slice());
    packed.push(clean);
  }

  /** The header is chosen from the rows kept so far; the rows under it go on as data. */
  function decideHeader(): void {
    const grid = defined(head, 'the rows kept until the header is chosen');
    head = null;
    if (options.headerRow !== undefined) {
      // The user's choice: the file row, less the rows before the first pushed one.
      const chosen = options.headerRow - 1 - (options.rowOffset ?? 0);
      if (chosen < 0 || !nonEmptyIndexes(grid[chosen]).length) {
        throw new AppError('BAD_REQUEST', `Row ${options.headerRow} of the ${what} is empty: choose the row that holds the column names.`);
      }
      headerIndex = chosen;
      warnings.push(`Headers read from row ${options.headerRow}, as chosen.`);
    } else {
      headerIndex = findHeaderRow(grid);
    }
    if (headerIndex < 0) return;
    if (headerIndex > 0 && options.headerRow === undefined) {
      const skipped = grid.slice(0, headerIndex).filter((row) => nonEmptyIndexes(row).length).length;
      if (skipped) warnings.push(`Skipped ${skipped} title row${skipped === 1 ? '' : 's'} above the header (header found on row ${headerIndex + 1}).`);
    }
    header = [...nth(grid, headerIndex)];
    width = header.length;
    headerWidth = header.length;
    while (headerWidth > 0 && isEmptyCell(header[headerWidth - 1])) headerWidth -= 1;
    for (let r = headerIndex + 1; r < grid.length; r += 1) afterHeader(nth(grid, r), r);
  }

  /** `index`: the row's 0-based position in the grid. */
  function afterHeader(row: readonly Cell[], index: number): void {
    if (dataStarted) {
      dataRow(row, index);
      return;
    }
    if (!nonEmptyIndexes(row).length) return;
    dataStarted = true;
    if (unitsRow(row)) {
      row.forEach((u, i) => {
        if (!isEmptyCell(u)) header[i] = `${cleanHeader(header[i] ?? null)} (${String(u).trim().replace(/^[([{]\s*|\s*[)\]}]$/g, '')})`.trim();
      });
      warnings.push(`Read the units in row ${index + 1} as part of the header.`);
      return;
    }
    dataRow(row, index);
  }

  let pushed = 0;
  return {
    push(row) {
      const index = pushed;
      pushed += 1;
      for (let i = 0; i < row.length; i += 1) assertStorableText(row[i], `row ${index + 1}, column ${i + 1}`, what);
      // Blank rows are left out (their numbers show the gap).
      if (firstRows.length < FIRST_ROWS && nonEmptyIndexes(row).length) {
        const cells: Cell[] = [];
        for (let i = 0; i < Math.min(row.length, FIRST_ROW_CELLS); i += 1) cells.push(cleanCell(row[i]));
        firstRows.push({ row: index + 1 + (options.rowOffset ?? 0), cells });
      }
      if (head) {
        head.push(row as Cell[]);
        if (nonEmptyIndexes(row).length) headNonEmpty += 1;
        if (headNonEmpty >= HEAD_ROWS) decideHeader();
        return;
      }
      if (headerIndex >= 0) afterHeader(row, index);
    },

    drain() {
      return packed.drain();
    },

    finish() {
      if (head) decideHeader();
      if (headerIndex < 0) throw new AppError('BAD_REQUEST', `The ${what} is empty: there is no header row and no data.`);
      if (width > MAX_COLUMNS) {
        warnings.push(`Only the first ${MAX_COLUMNS} columns were read.`);
        width = MAX_COLUMNS;
      }
      // Which columns to keep: named, or holding data; never the forbidden names.
      const keep: number[] = [];
      const names: string[] = [];
      const seen = new Map<string, number>();
      for (let i = 0; i < width; i += 1) {
        let name = cleanHeader(header[i] ?? null);
        if (!name && !filled[i]) continue;
        if (forbiddenKeys.has(name)) {
          warnings.push(`Ignored the column named "${name}" (a reserved name).`);
          continue;
        }
        if (!name) name = `Column ${i + 1}`;
        const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
        seen.set(name.toLowerCase(), count);
        if (count > 1) {
          const renamed = `${name} (${count})`;
          warnings.push(`Two columns are named "${name}"; the second is called "${renamed}".`);
          name = renamed;
        }
        keep.push(i);
        names.push(name);
      }
      if (!names.length) throw new AppError('BAD_REQUEST', `The ${what} has no columns.`);

      // Usually every column is kept in place and the packed rows are final as they are.
      const identity = keep.length === width && keep.every((c, i) => c === i);
      const project = (row: Cell[]) => keep.map((i) => row[i] ?? null);
      // Rows already drained to storage cannot be re-cut here: they, and the rest, stay as pushed and the reader of the stored rows keeps `keep`.
      const cutLater = !identity && packed.drained;
      const rows = identity || cutLater ? packed : packed.map(project);
      const preview = previewed.map((row) => {
        const out = identity ? row : project(row);
        while (out.length < names.length) out.push(null);
        return out;
      });
      // A few rows longer than the header (a CSV value with an unquoted delimiter) are named; when most rows are, the header merely lacks names.
      let spillFrom: number | undefined;
      if (options.flagLongRows && longRows > 0 && longRows * 2 <= packed.length) {
        spillFrom = keep.filter((i) => i < headerWidth).length;
        const first = defined(longExamples[0], 'a row longer than the header');
        const named = longRows === 1
          ? `Row ${first.row} has ${first.cells} cells, more cells than the header has columns (${headerWidth})`
          : `${longRows} rows have more cells than the header has columns (${headerWidth}): rows ${longExamples.map((e) => e.row).join(', ')}${longRows > longExamples.length ? ', ...' : ''}`;
        warnings.push(`${named}. A value probably holds the delimiter without quotes (a comma inside a model name, say): such rows are not imported until fixed. Put the value in quotes in the file, or fix the row in the grid (and empty the extra cell).`);
      }
      return { columns: names, rows, preview, headerRow: headerIndex + 1, warnings, sourceColumns: keep, sheetRows, firstRows, ...(cutLater ? { keptColumns: keep } : {}), ...(spillFrom !== undefined ? { spillFrom } : {}) };
    },
  };
}

/**
 * Turns a grid of cells into columns + data rows (arrays aligned with the columns): see
 * createTableBuilder, which does the work row by row.
 */
export function buildTable(grid: Cell[][], what: string): ParsedTable {
  const builder = createTableBuilder(what);
  for (const row of grid) builder.push(row);
  const table = builder.finish();
  return { columns: table.columns, rows: table.rows.toArray(table.columns.length), headerRow: table.headerRow, warnings: table.warnings, sheetRows: table.sheetRows };
}

export function assertHasData(table: { columns: readonly string[]; rows: { length: number } }, what: string): void {
  if (!table.rows.length) {
    throw new AppError(
      'BAD_REQUEST',
      `The ${what} has a header row (${table.columns.slice(0, 5).join(', ')}${table.columns.length > 5 ? ', ...' : ''}) but no data rows. Add at least one robot under the header.`,
    );
  }
}
