import * as XLSX from 'xlsx';
import { BULK_MAX_ROWS, BULK_PREVIEW_ROWS } from '@cellforge/contracts';
import { AppError } from '../../../lib/errors';
import { assertHasData, createTableBuilder, type Cell } from './table';
import { suggestMappings } from './header-mapping';
import { startsWith } from './text-decode';
import type { DecimalVotes } from './units';
import { addDecimalVotes } from './validate-rows';
import { votesOf, type ReadOptions, type UploadTable } from './upload-table';
import { assertSafeZip, assertSheetsFit, assertWorkbookFits } from './zip-guard';

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

/** An OLE container holding the parts Excel writes for a workbook saved with a password (ECMA-376 agile or standard encryption). */
function isEncryptedPackage(buffer: Buffer): boolean {
  return buffer.includes(Buffer.from('EncryptedPackage', 'utf16le')) || buffer.includes(Buffer.from('EncryptionInfo', 'utf16le'));
}

const encrypted = () =>
  new AppError(
    'WORKBOOK_ENCRYPTED',
    'This workbook is protected with a password, so it cannot be read. Open it in Excel, remove the password (File > Info > Protect Workbook > Encrypt with Password, clear it), save, and upload it again; or export the sheet as CSV.',
  );

/** What a file named .xlsx/.xls holds instead, when it is plainly something else. */
function disguisedAs(buffer: Buffer): string {
  const head = buffer.subarray(0, 512).toString('latin1');
  if (head.startsWith('%PDF')) return ' (it is a PDF)';
  if (/^\s*[{[]/.test(head)) return ' (it looks like JSON: rename it to .json)';
  if (!buffer.subarray(0, 512).includes(0) && /[,;\t]/.test(head)) return ' (it looks like a CSV file: rename it to .csv)';
  return '';
}

type BuiltTable = ReturnType<ReturnType<typeof createTableBuilder>['finish']>;

/** Headers that name a maker or a model column (as the mapping step would suggest them). */
function namesRobots(columns: readonly string[]): boolean {
  return Object.values(suggestMappings(columns)).some((field) => field === 'manufacturer' || field === 'model');
}

export async function parseWorkbook(buffer: Buffer, format: 'xlsx' | 'xls', options: ReadOptions = {}): Promise<UploadTable> {
  const isZip = startsWith(buffer, ZIP) || startsWith(buffer, ZIP_EMPTY);
  const isCfb = startsWith(buffer, CFB);
  if (isCfb && isEncryptedPackage(buffer)) throw encrypted();
  if (format === 'xlsx' && !isZip && !isCfb) {
    throw new AppError('WORKBOOK_UNREADABLE', `The file is named .xlsx but is not an Excel workbook${disguisedAs(buffer)}. Save it from Excel as .xlsx, or export a .csv.`);
  }
  if (format === 'xls' && !isZip && !isCfb) {
    // Old "Excel" exports are sometimes HTML or XML tables named .xls; SheetJS reads those.
    const head = buffer.subarray(0, 512).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
    if (!head.startsWith('<')) {
      throw new AppError('WORKBOOK_UNREADABLE', `The file is named .xls but is not an Excel workbook${disguisedAs(buffer)}. Save it from Excel as .xls or .xlsx, or export a .csv.`);
    }
  }
  if (isZip) {
    await assertSafeZip(buffer);
    assertWorkbookFits(buffer);
    assertSheetsFit(buffer);
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
    if (/password|encrypt/i.test((err as Error).message)) throw encrypted();
    throw new AppError('WORKBOOK_UNREADABLE', `The workbook could not be read (${(err as Error).message}). Save it again from Excel, or export a .csv.`);
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
  let firstRefusal: Error | undefined;
  let fallback: { sheetName: string; table: BuiltTable; truncatedColumns: boolean; votes: DecimalVotes[] } | undefined;
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
    if (options.sheet === undefined) {
      // A notes or cover sheet first ("Read me", a title with no rows under it): read the next sheet with data, and say so.
      try {
        assertHasData(table, `sheet "${sheetName}"`);
      } catch (err) {
        firstRefusal ??= err instanceof Error ? err : new Error(String(err));
        continue;
      }
    } else {
      assertHasData(table, `sheet "${sheetName}"`);
    }
    // Without a sheet asked for, a sheet whose headers name no maker or model (a cover sheet of notes) gives way to a later sheet that does.
    if (options.sheet === undefined && !namesRobots(table.columns)) {
      fallback ??= { sheetName, table, truncatedColumns, votes };
      continue;
    }
    return finishSheet(sheetName, table, truncatedColumns, votes);
  }
  if (fallback) return finishSheet(fallback.sheetName, fallback.table, fallback.truncatedColumns, fallback.votes);
  if (firstRefusal) throw firstRefusal;
  throw new AppError('BAD_REQUEST', 'The workbook is empty: no sheet holds any data.');

  function finishSheet(sheetName: string, table: BuiltTable, truncatedColumns: boolean, votes: DecimalVotes[]): UploadTable {
    const warnings = [...table.warnings];
    const skippedSheets = workbook.SheetNames.indexOf(sheetName);
    if (options.sheet === undefined && skippedSheets > 0) {
      warnings.unshift(`Read the sheet "${sheetName}"; the sheet${skippedSheets > 1 ? 's' : ''} before it ${skippedSheets > 1 ? 'hold' : 'holds'} no robot rows (empty, hidden or notes only).`);
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
}
