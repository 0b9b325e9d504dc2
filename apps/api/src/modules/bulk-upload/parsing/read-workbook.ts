import * as XLSX from 'xlsx';
import { BULK_MAX_ROWS, BULK_PREVIEW_ROWS } from '@cellforge/contracts';
import { AppError } from '../../../lib/errors';
import { assertHasData, createTableBuilder, type Cell } from './table';
import { startsWith } from './text-decode';
import type { DecimalVotes } from './units';
import { addDecimalVotes } from './validate-rows';
import { votesOf, type ReadOptions, type UploadTable } from './upload-table';
import { assertSafeZip, assertWorkbookFits } from './zip-guard';

/* Workbooks (.xlsx, .xls): sniffed by their first bytes, checked for zip bombs, read whole. */

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const errorTexts: Record<number, string> = {
  0x00: '#NULL!', 0x07: '#DIV/0!', 0x0f: '#VALUE!', 0x17: '#REF!', 0x1d: '#NAME?', 0x24: '#NUM!', 0x2a: '#N/A', 0x2b: '#GETTING_DATA',
};

/** A date cell as an ISO string: "2024-03-15" for a plain date, full ISO with a time of day. */
export function isoDate(d: Date): string | null {
  if (Number.isNaN(d.getTime())) return null;
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/**
 * One SheetJS cell as a plain value. Formulas are never evaluated: the value Excel
 * cached when it saved the file is used, else the formula's text ("=A1*2") as a string.
 */
export function cellValue(cell: XLSX.CellObject | undefined): Cell {
  if (!cell) return null;
  const v = cell.v as unknown;
  if (v === undefined || v === null || cell.t === 'z') return cell.f ? `=${cell.f}` : null;
  if (cell.t === 'e') return typeof v === 'number' ? (errorTexts[v] ?? '#ERROR') : typeof v === 'string' ? v : '#ERROR';
  if (v instanceof Date) return isoDate(v);
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a cell is a string, number, boolean or date here
  return String(v);
}

const MAX_SHEET_COLUMNS = 500;

type DenseRows = Array<Array<XLSX.CellObject | undefined> | undefined>;

/** Rows of a sheet holding at least one value. */
function filledRows(data: DenseRows): number {
  let n = 0;
  for (const row of data) if (row?.some((cell) => { const v = cellValue(cell); return v !== null && v !== ''; })) n += 1;
  return n;
}

export async function parseWorkbook(buffer: Buffer, format: 'xlsx' | 'xls', options: ReadOptions = {}): Promise<UploadTable> {
  const isZip = startsWith(buffer, ZIP) || startsWith(buffer, ZIP_EMPTY);
  const isCfb = startsWith(buffer, CFB);
  if (format === 'xlsx' && !isZip) {
    throw new AppError('BAD_REQUEST', `The file is named .xlsx but is not an Excel workbook. Save it from Excel as .xlsx, or export a .csv.`);
  }
  if (format === 'xls' && !isZip && !isCfb) {
    // Old "Excel" exports are sometimes HTML or XML tables named .xls; SheetJS reads those.
    const head = buffer.subarray(0, 512).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
    if (!head.startsWith('<')) {
      throw new AppError('BAD_REQUEST', `The file is named .xls but is not an Excel workbook. Save it from Excel as .xls or .xlsx, or export a .csv.`);
    }
  }
  if (isZip) {
    await assertSafeZip(buffer);
    assertWorkbookFits(buffer);
  }

  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buffer, {
      type: 'buffer',
      // cellFormula must be on to see a formula's text when no cached value was saved;
      // SheetJS has no calculation engine, so nothing is ever evaluated either way.
      cellFormula: true,
      cellHTML: false,
      cellText: false,
      cellDates: true,
      cellStyles: false,
      cellNF: false,
      bookVBA: false,
      dense: true,
      sheetRows: BULK_MAX_ROWS + 1000,
    });
  } catch (err) {
    throw new AppError('BAD_REQUEST', `The workbook could not be read (${(err as Error).message}). Save it again from Excel, or export a .csv.`);
  }

  const dataOf = (name: string) => (workbook.Sheets[name]?.['!data'] ?? []) as DenseRows;
  const hiddenFlags = workbook.Workbook?.Sheets ?? [];
  // Every sheet with its size, counted before rows are let go: the wizard offers the others.
  const sheets = workbook.SheetNames.map((name, i) => ({ name, rows: filledRows(dataOf(name)), hidden: Boolean(hiddenFlags[i]?.Hidden) }));
  if (options.sheet !== undefined && !workbook.SheetNames.includes(options.sheet)) {
    throw new AppError('BAD_REQUEST', `The workbook has no sheet named "${options.sheet}"; its sheets are ${workbook.SheetNames.map((n) => `"${n}"`).join(', ')}.`);
  }
  // The sheet asked for; else the first visible sheet holding data (a hidden sheet only when nothing else has any).
  const order = options.sheet !== undefined
    ? [options.sheet]
    : [...sheets.filter((s) => !s.hidden), ...sheets.filter((s) => s.hidden)].map((s) => s.name);
  for (const sheetName of order) {
    const data = dataOf(sheetName);
    let truncatedColumns = false;
    const votes: DecimalVotes[] = [];
    const builder = createTableBuilder(`sheet "${sheetName}"`, { previewRows: BULK_PREVIEW_ROWS, onDataRow: (row) => addDecimalVotes(votes, row), headerRow: options.headerRow });
    let any = false;
    for (let r = 0; r < data.length; r += 1) {
      const src = data[r];
      if (!src) {
        builder.push([]);
        continue;
      }
      const width = Math.min(src.length, MAX_SHEET_COLUMNS);
      const row: Cell[] = new Array<Cell>(width);
      for (let c = 0; c < width; c += 1) {
        const value = cellValue(src[c]);
        row[c] = value;
        if (value !== null && value !== '') any = true;
      }
      if (src.length > MAX_SHEET_COLUMNS && src.slice(MAX_SHEET_COLUMNS).some((c) => cellValue(c) !== null)) truncatedColumns = true;
      // SheetJS's cell objects of this row are no longer needed: let them go as the rows are packed.
      data[r] = undefined;
      builder.push(row);
    }
    if (!any) {
      if (options.sheet !== undefined) throw new AppError('BAD_REQUEST', `The sheet "${sheetName}" is empty: choose another sheet.`);
      continue;
    }
    const table = builder.finish();
    assertHasData(table, `sheet "${sheetName}"`);
    const warnings = [...table.warnings];
    const skippedSheets = workbook.SheetNames.indexOf(sheetName);
    if (options.sheet === undefined && skippedSheets > 0 && sheets.slice(0, skippedSheets).every((s) => s.rows === 0 || s.hidden)) {
      warnings.unshift(`Read the sheet "${sheetName}"; the sheet${skippedSheets > 1 ? 's' : ''} before it ${skippedSheets > 1 ? 'are' : 'is'} empty or hidden.`);
    }
    const others = sheets.filter((s) => s.name !== sheetName && s.rows > 0).length;
    if (options.sheet === undefined && others) warnings.push(`The workbook has ${others + 1} sheets with data; "${sheetName}" was read. Choose another sheet if the robots are elsewhere.`);
    if (truncatedColumns) warnings.push(`Only the first ${MAX_SHEET_COLUMNS} columns were read.`);
    return {
      columns: table.columns,
      rows: table.rows,
      preview: table.preview,
      headerRow: table.headerRow,
      warnings,
      meta: { format, decimalHint: null, sheetName, headerRow: table.headerRow, decimalVotes: votesOf(table, votes), sheetRows: table.sheetRows },
      firstRows: table.firstRows,
      sheets,
    };
  }
  throw new AppError('BAD_REQUEST', 'The workbook is empty: no sheet holds any data.');
}
