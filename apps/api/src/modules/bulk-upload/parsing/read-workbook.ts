import * as XLSX from 'xlsx';
import { BULK_MAX_WORKBOOK_ROWS, BULK_PREVIEW_ROWS } from '@cellforge/contracts';
import { AppError } from '../../../lib/errors';
import { assertHasData, createTableBuilder, type Cell } from './table';
import { suggestMappings } from './header-mapping';
import { startsWith } from './text-decode';
import type { DecimalVotes } from './units';
import { addDecimalVotes } from './validate-rows';
import { votesOf, type ReadOptions, type UploadTable } from './upload-table';
import { isoDate, openXlsx } from './read-xlsx-stream';
import { assertHeldPartsFit, assertSafeZip, assertSheetsFit } from './zip-guard';

/*
 * Workbooks (.xlsx, .xls): sniffed by their first bytes, checked for zip bombs. An .xlsx
 * (a ZIP, whatever its name) is read as a stream (read-xlsx-stream.ts); a BIFF .xls or
 * an HTML/XML table named .xls is read whole by SheetJS.
 */

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const errorTexts: Record<number, string> = {
  0x00: '#NULL!', 0x07: '#DIV/0!', 0x0f: '#VALUE!', 0x17: '#REF!', 0x1d: '#NAME?', 0x24: '#NUM!', 0x2a: '#N/A', 0x2b: '#GETTING_DATA',
};

export { isoDate };

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

/** A workbook's sheets, whichever reader reads it. */
interface WorkbookRows {
  sheets: Array<{ name: string; hidden: boolean }>;
  /**
   * Pushes every row of a sheet in order, blank rows included (so sheet row numbers hold), at
   * most MAX_SHEET_COLUMNS cells each; an .xlsx awaits `stored` after each piece of the sheet's
   * XML so the rows pushed so far can be stored (an .xls, held whole by SheetJS, does not).
   */
  read(name: string, push: (row: Cell[]) => void, stored?: () => Promise<void>): Promise<{ filled: number; truncatedColumns: boolean; merges: XLSX.Range[] }>;
  /** The sheet's rows holding at least one value. */
  count(name: string): Promise<number>;
}

/** JSON text of stored rows handed over at a time (one statement), as a CSV's 1 MB pieces give. */
const STORE_BYTES = 1024 * 1024;

/** Rows read from a sheet at most: an import's data rows and room for title rows, as before. */
const MAX_SHEET_ROWS = BULK_MAX_WORKBOOK_ROWS + 1000;

/** An .xlsx read as a stream: each sheet's XML is inflated and parsed as it is read, row by row. */
async function streamedBook(buffer: Buffer): Promise<WorkbookRows> {
  const book = await openXlsx(buffer);
  const byName = new Map(book.sheets.map((s) => [s.name, s]));
  const limits = { maxColumns: MAX_SHEET_COLUMNS, maxRows: MAX_SHEET_ROWS };
  return {
    sheets: book.sheets,
    async read(name, push, stored) {
      const sheet = byName.get(name);
      let filled = 0;
      let truncatedColumns = false;
      let next = 1;
      let merges: XLSX.Range[] = [];
      if (sheet) {
        const read = await book.readRows(sheet, limits, (row, cells, isFilled, wider) => {
          for (; next < row; next += 1) push([]);
          next = row + 1;
          if (isFilled) filled += 1;
          if (wider) truncatedColumns = true;
          push(cells);
        }, stored);
        merges = read.merges.flatMap(rangeOf);
      }
      return { filled, truncatedColumns, merges };
    },
    async count(name) {
      const sheet = byName.get(name);
      let filled = 0;
      if (sheet) await book.readRows(sheet, limits, (_row, _cells, isFilled) => void (isFilled && (filled += 1)));
      return filled;
    },
  };
}

/** A workbook SheetJS reads whole: BIFF .xls, and HTML/XML tables named .xls. */
function sheetJsBook(buffer: Buffer): WorkbookRows {
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
      sheetRows: MAX_SHEET_ROWS,
    });
  } catch (err) {
    if (/password|encrypt/i.test((err as Error).message)) throw encrypted();
    throw new AppError('WORKBOOK_UNREADABLE', `The workbook could not be read (${(err as Error).message}). Save it again from Excel, or export a .csv.`);
  }
  const dataOf = (name: string) => (workbook.Sheets[name]?.['!data'] ?? []) as DenseRows;
  const hiddenFlags = workbook.Workbook?.Sheets ?? [];
  // Counted before any rows are let go.
  const counts = new Map(workbook.SheetNames.map((name) => [name, filledRows(dataOf(name))]));
  return {
    sheets: workbook.SheetNames.map((name, i) => ({ name, hidden: Boolean(hiddenFlags[i]?.Hidden) })),
    // The whole workbook is held by SheetJS anyway: the rows are handed to storage at the end (no `stored` here),
    // and a sheet read again (the fallback) still has its rows only because nothing is stored early.
    read(name, push) {
      const data = dataOf(name);
      let truncatedColumns = false;
      for (let r = 0; r < data.length; r += 1) {
        const src = data[r];
        if (!src) {
          push([]);
          continue;
        }
        const width = Math.min(src.length, MAX_SHEET_COLUMNS);
        const row: Cell[] = new Array<Cell>(width);
        for (let c = 0; c < width; c += 1) row[c] = cellValue(src[c]);
        if (src.length > MAX_SHEET_COLUMNS && src.slice(MAX_SHEET_COLUMNS).some((c) => cellValue(c) !== null)) truncatedColumns = true;
        // SheetJS's cell objects of this row are no longer needed: let them go as the rows are packed.
        data[r] = undefined;
        push(row);
      }
      return Promise.resolve({ filled: counts.get(name) ?? 0, truncatedColumns, merges: workbook.Sheets[name]?.['!merges'] ?? [] });
    },
    count: (name) => Promise.resolve(counts.get(name) ?? 0),
  };
}

/** An A1 range ("D1:E1") as 0-based rows and columns; nothing for a malformed one. */
function rangeOf(ref: string): XLSX.Range[] {
  if (!/^[A-Z]{1,3}\d{1,7}(?::[A-Z]{1,3}\d{1,7})?$/i.test(ref)) return [];
  return [XLSX.utils.decode_range(ref)];
}

/** The rows kept to name merged header cells: the header is among the first 30 non-empty rows. */
const HEAD_ROWS_KEPT = 40;

/**
 * Header cells merged over several columns ("Reach (mm)" over D:E, with "horizontal |
 * vertical" under it): only the first column of a merge carries the name, so the others
 * would be read as unnamed columns and a sub-header row as a robot. Named in a warning
 * each (at most 5), with what to do.
 */
function mergedHeaderWarnings(merges: readonly XLSX.Range[], table: BuiltTable, head: ReadonlyArray<Cell[] | undefined>): string[] {
  const headerAt = table.headerRow - 1;
  const out: string[] = [];
  const letter = (c: number) => XLSX.utils.encode_col(c);
  for (const m of merges) {
    if (out.length >= 5) break;
    if (m.s.r > headerAt || m.e.r < headerAt || m.e.c <= m.s.c) continue;
    const name = head[m.s.r]?.[m.s.c];
    const shown = name === null || name === undefined || String(name).trim() === '' ? `in ${letter(m.s.c)}${m.s.r + 1}` : `"${String(name).trim()}"`;
    const others: string[] = [];
    for (let c = m.s.c + 1; c <= m.e.c && others.length < 6; c += 1) {
      const at = table.sourceColumns.indexOf(c);
      others.push(at >= 0 ? `${letter(c)} is read as "${table.columns[at] ?? ''}"` : `${letter(c)} is left out (empty)`);
    }
    const below = head[headerAt + 1];
    const sub: string[] = [];
    for (let c = m.s.c; c <= m.e.c && below; c += 1) {
      const v = below[c];
      if (typeof v === 'string' && v.trim()) sub.push(`"${v.trim()}"`);
    }
    const title = name === null || name === undefined ? '' : String(name).trim();
    const example = title && sub.length >= 2 ? ` (e.g. "${title} ${sub[0]?.slice(1, -1) ?? ''}", "${title} ${sub[1]?.slice(1, -1) ?? ''}")` : '';
    const subNote = sub.length ? ` Row ${headerAt + 2} under it (${sub.join(', ')}) looks like sub-headers and is read as a robot row.` : '';
    out.push(
      `The header ${shown} (row ${headerAt + 1}) is one cell merged over columns ${letter(m.s.c)} to ${letter(m.e.c)}: only column ${letter(m.s.c)} gets that name (${others.join(', ')}).${subNote} Unmerge the cell and give each column its own name in one header row${example}, then upload the file again.`,
    );
  }
  return out;
}

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
    // Only the parts held whole (shared strings, styles, the workbook) must fit the heap: sheets are streamed.
    assertHeldPartsFit(buffer);
    assertSheetsFit(buffer);
  }

  const book = isZip ? await streamedBook(buffer) : sheetJsBook(buffer);
  const names = book.sheets.map((s) => s.name);
  /** Non-empty rows of each sheet, counted as it is read (the others are counted at the end, for the sheet step). */
  const counts = new Map<string, number>();
  if (options.sheet !== undefined && !names.includes(options.sheet)) {
    throw new AppError('BAD_REQUEST', `The workbook has no sheet named "${options.sheet}"; its sheets are ${names.map((n) => `"${n}"`).join(', ')}.`);
  }
  // The sheet asked for; else the first visible sheet holding data (a hidden sheet only when nothing else has any).
  const order = options.sheet !== undefined
    ? [options.sheet]
    : [...book.sheets.filter((s) => !s.hidden), ...book.sheets.filter((s) => s.hidden)].map((s) => s.name);
  /** True while rows of the sheet last read are in storage (ReadOptions.onRows): a sheet passed over has them discarded. */
  let stored = false;
  const discardStored = async () => {
    if (!stored) return;
    if (!options.discardRows) throw new Error('rows of a sheet passed over were stored, and the reader cannot discard them');
    await options.discardRows();
    stored = false;
  };

  /** Reads a sheet into a table; its rows go to storage while it is read when the caller stores them (onRows). */
  async function readSheet(sheetName: string) {
    const votes: DecimalVotes[] = [];
    const builder = createTableBuilder(`sheet "${sheetName}"`, { previewRows: BULK_PREVIEW_ROWS, onDataRow: (row) => addDecimalVotes(votes, row), headerRow: options.headerRow, maxRows: BULK_MAX_WORKBOOK_ROWS });
    let any = false;
    const head: Cell[][] = [];
    // Chunks of 1,000 rows sealed so far, handed over about 1 MB at a time (one statement each).
    let waiting: string[] = [];
    let waitingBytes = 0;
    const handOver = async (all: boolean) => {
      const onRows = options.onRows;
      if (!onRows) return;
      for (const chunk of builder.drain()) {
        waiting.push(chunk);
        waitingBytes += chunk.length;
      }
      if (!waiting.length || (!all && waitingBytes < STORE_BYTES)) return;
      const chunks = waiting;
      waiting = [];
      waitingBytes = 0;
      stored = true;
      await onRows(chunks);
    };
    const read = await book.read(
      sheetName,
      (row) => {
        if (!any && row.some((v) => v !== null && v !== '')) any = true;
        if (head.length < HEAD_ROWS_KEPT) head.push(row);
        builder.push(row);
      },
      options.onRows ? () => handOver(false) : undefined,
    );
    // The rows drained but not yet handed over: the table no longer holds them.
    await handOver(true);
    counts.set(sheetName, read.filled);
    return { any, builder, head, votes, ...read };
  }

  let firstRefusal: Error | undefined;
  /** A sheet whose headers name no maker or model, kept in case no later sheet does; read again when its rows were stored. */
  let fallback: { sheetName: string; table?: BuiltTable; truncatedColumns: boolean; votes: DecimalVotes[] } | undefined;
  for (const sheetName of order) {
    // The sheet read before was passed over.
    await discardStored();
    const { any, builder, head, votes, truncatedColumns, merges } = await readSheet(sheetName);
    if (!any) {
      if (options.sheet !== undefined) throw new AppError('BAD_REQUEST', `The sheet "${sheetName}" is empty: choose another sheet.`);
      continue;
    }
    const table = builder.finish();
    table.warnings.push(...mergedHeaderWarnings(merges, table, head));
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
      // Its stored rows are discarded when the next sheet is read: then it is read again if chosen.
      fallback ??= { sheetName, truncatedColumns, votes, ...(stored ? {} : { table }) };
      continue;
    }
    return finishSheet(sheetName, table, truncatedColumns, votes);
  }
  await discardStored();
  if (fallback?.table) return finishSheet(fallback.sheetName, fallback.table, fallback.truncatedColumns, fallback.votes);
  if (fallback) {
    const again = await readSheet(fallback.sheetName);
    const table = again.builder.finish();
    table.warnings.push(...mergedHeaderWarnings(again.merges, table, again.head));
    return finishSheet(fallback.sheetName, table, again.truncatedColumns, again.votes);
  }
  if (firstRefusal) throw firstRefusal;
  throw new AppError('BAD_REQUEST', 'The workbook is empty: no sheet holds any data.');

  async function finishSheet(sheetName: string, table: BuiltTable, truncatedColumns: boolean, votes: DecimalVotes[]): Promise<UploadTable> {
    // Every sheet with its size: the wizard's sheet step offers the others.
    const sheets: NonNullable<UploadTable['sheets']> = [];
    for (const s of book.sheets) {
      const rows = counts.get(s.name) ?? (await book.count(s.name));
      sheets.push({ name: s.name, rows, hidden: s.hidden });
    }
    const warnings = [...table.warnings];
    const skippedSheets = names.indexOf(sheetName);
    if (options.sheet === undefined && skippedSheets > 0) {
      warnings.unshift(`Read the sheet "${sheetName}"; the sheet${skippedSheets > 1 ? 's' : ''} before it ${skippedSheets > 1 ? 'hold' : 'holds'} no robot rows (empty, hidden or notes only).`);
    }
    const others = sheets.filter((s) => s.name !== sheetName && s.rows > 0);
    if (options.sheet === undefined && others.length) {
      // Name the others (a few, with their sizes): the user sees at once whether the robots are there.
      const named = others.slice(0, 5).map((s) => `"${s.name}" (${s.rows.toLocaleString('en-US')} row${s.rows === 1 ? '' : 's'})`);
      const more = others.length > 5 ? ` and ${others.length - 5} more` : '';
      warnings.push(`The workbook has ${others.length + 1} sheets with data; "${sheetName}" was read. Choose another sheet if the robots are elsewhere: ${named.join(', ')}${more}.`);
    }
    if (truncatedColumns) warnings.push(`Only the first ${MAX_SHEET_COLUMNS} columns were read.`);
    return {
      columns: table.columns,
      rows: table.rows,
      preview: table.preview,
      headerRow: table.headerRow,
      warnings,
      meta: {
        format,
        decimalHint: null,
        sheetName,
        headerRow: table.headerRow,
        decimalVotes: votesOf(table, votes),
        sheetRows: table.sheetRows,
        ...(table.keptColumns ? { keptColumns: table.keptColumns } : {}),
      },
      firstRows: table.firstRows,
      sheets,
    };
  }
}
