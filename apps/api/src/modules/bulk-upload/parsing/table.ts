import { BULK_MAX_ROWS } from '@cellforge/contracts';
import { AppError } from '../../../lib/errors';
import { unitFromText } from './units';

export type Cell = string | number | boolean | null;

/** A file read into a header and data rows (arrays aligned with `columns`). */
export interface ParsedTable {
  columns: string[];
  rows: Cell[][];
  /** 1-based line/sheet row of the header (counting every line, blank ones included). */
  headerRow: number;
  warnings: string[];
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
    if (nonEmptyIndexes(grid[r] as Cell[]).length) candidates.push(r);
  }
  if (!candidates.length) return -1;
  let fallback: { row: number; coverage: number } | null = null;
  for (let c = 0; c < candidates.length; c += 1) {
    const r = candidates[c]!;
    const cells = nonEmptyIndexes(grid[r] as Cell[]);
    const text = cells.filter((i) => isTextCell(grid[r]![i])).length;
    if (text / cells.length < 0.5) continue;
    const following: number[][] = [];
    let nextRow: readonly Cell[] | undefined;
    for (let k = r + 1; k < grid.length && following.length < LOOKAHEAD_ROWS; k += 1) {
      const idx = nonEmptyIndexes(grid[k] as Cell[]);
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
      const nextText = following[0]!.filter((i) => isTextCell(nextRow![i])).length;
      if (coverage >= 0.5 && nextText <= text) return r;
    }
    if (!fallback || coverage > fallback.coverage) fallback = { row: r, coverage };
  }
  return fallback?.row ?? candidates[0]!;
}

function cleanHeader(cell: Cell): string {
  if (cell === null) return '';
  return String(cell).replace(/\s+/g, ' ').trim();
}

/** A row under the header that only names units ("", "kg", "[mm]") is merged into the header. */
function unitsRow(row: readonly Cell[] | undefined): boolean {
  const idx = nonEmptyIndexes(row as Cell[]);
  if (!idx.length) return false;
  return idx.every((i) => {
    const s = String(row![i]).trim().replace(/^[([{]\s*|\s*[)\]}]$/g, '');
    return unitFromText(s) !== null;
  });
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

/**
 * Turns a grid of cells into columns + data rows: finds the header (skipping title
 * rows), names blank headers "Column N", de-duplicates names ("Payload (2)"), drops
 * columns named __proto__/constructor/prototype and columns that are empty throughout,
 * skips blank rows. Row numbers in messages are 1-based rows of the grid.
 */
export function buildTable(grid: Cell[][], what: string): ParsedTable {
  const warnings: string[] = [];
  const headerIndex = findHeaderRow(grid);
  if (headerIndex < 0) throw new AppError('BAD_REQUEST', `The ${what} is empty: there is no header row and no data.`);
  if (headerIndex > 0) {
    const skipped = grid.slice(0, headerIndex).filter((row) => nonEmptyIndexes(row).length).length;
    if (skipped) warnings.push(`Skipped ${skipped} title row${skipped === 1 ? '' : 's'} above the header (header found on row ${headerIndex + 1}).`);
  }
  const header = [...grid[headerIndex]!];
  let firstData = headerIndex + 1;
  while (firstData < grid.length && !nonEmptyIndexes(grid[firstData]).length) firstData += 1;
  if (unitsRow(grid[firstData])) {
    const units = grid[firstData]!;
    units.forEach((u, i) => {
      if (!isEmptyCell(u)) header[i] = `${cleanHeader(header[i] ?? null)} (${String(u).trim().replace(/^[([{]\s*|\s*[)\]}]$/g, '')})`.trim();
    });
    warnings.push(`Read the units in row ${firstData + 1} as part of the header.`);
    firstData += 1;
  }

  const dataRows: Cell[][] = [];
  let width = header.length;
  for (let r = firstData; r < grid.length; r += 1) {
    const row = grid[r]!;
    if (!nonEmptyIndexes(row).length) continue;
    if (dataRows.length >= BULK_MAX_ROWS) {
      throw new AppError('BAD_REQUEST', `The file has more than ${BULK_MAX_ROWS.toLocaleString('en-US')} data rows. Split it into smaller files.`);
    }
    let last = row.length - 1;
    while (last >= 0 && isEmptyCell(row[last])) last -= 1;
    width = Math.max(width, last + 1);
    dataRows.push(row);
  }

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
    const hasData = dataRows.some((row) => !isEmptyCell(row[i]));
    if (!name && !hasData) continue;
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

  const rows = dataRows.map((row) => keep.map((i) => cleanCell(row[i])));
  return { columns: names, rows, headerRow: headerIndex + 1, warnings };
}

export function assertHasData(table: ParsedTable, what: string): void {
  if (!table.rows.length) {
    throw new AppError(
      'BAD_REQUEST',
      `The ${what} has a header row (${table.columns.slice(0, 5).join(', ')}${table.columns.length > 5 ? ', ...' : ''}) but no data rows. Add at least one robot under the header.`,
    );
  }
}
