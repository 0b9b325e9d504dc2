import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { BULK_MAX_ROWS, BULK_PREVIEW_ROWS, BULK_UPLOAD_ACCEPT } from '@cellforge/contracts';
import { AppError } from '../../../lib/errors';
import { PackedRows } from './packed-rows';
import { assertHasData, assertStorableText, cleanCell, createTableBuilder, forbiddenKeys, type BuiltTable, type Cell, type ParsedTable } from './table';
import { assertLooksLikeText, binaryError, decodeText, detectEncoding, startsWith, type TextEncodingName } from './text-decode';
import type { DecimalStyle, DecimalVotes } from './units';
import { addDecimalVotes, columnDecimalVotes } from './validate-rows';
import { assertSafeZip, assertWorkbookFits } from './zip-guard';

export type UploadFormat = 'csv' | 'json' | 'xlsx' | 'xls';

/** How the file was read; stored with the upload so validation reads numbers the same way. */
export interface ParseMeta {
  format: UploadFormat;
  encoding?: TextEncodingName;
  delimiter?: string;
  /** Decimal mark to assume where a column's values leave it open ("1,300"): comma for ';' CSVs. */
  decimalHint: DecimalStyle | null;
  sheetName?: string;
  headerRow: number;
  /** Decimal-mark votes per column, counted once here so validate/import can stream the rows. */
  decimalVotes?: DecimalVotes[];
}

export interface ParsedUpload extends ParsedTable {
  meta: ParseMeta;
}

/**
 * An uploaded file read for storage: rows packed (see PackedRows; a row may be shorter
 * than the columns), the first BULK_PREVIEW_ROWS of them as arrays, and the decimal-mark
 * votes of every column in `meta`.
 */
export interface UploadTable {
  columns: string[];
  rows: PackedRows;
  preview: Cell[][];
  headerRow: number;
  warnings: string[];
  meta: ParseMeta & { decimalVotes: DecimalVotes[] };
}

/** An upload's bytes: in memory, or a file on disk (multer's disk storage), read as a stream. */
export type UploadSource = Buffer | { path: string };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function formatOf(fileName: string): UploadFormat {
  const lower = fileName.toLowerCase().trim();
  const ext = BULK_UPLOAD_ACCEPT.find((e) => lower.endsWith(e));
  if (!ext) {
    const dot = lower.lastIndexOf('.');
    const shown = dot >= 0 ? `"${fileName.slice(dot)}"` : 'a file without an extension';
    throw new AppError('BAD_REQUEST', `Unsupported file type: ${shown}. Upload a .csv, .json, .xlsx or .xls file.`);
  }
  return ext.slice(1) as UploadFormat;
}

/**
 * Reads an uploaded file (by name AND content) for storage. A CSV is decoded and parsed
 * as a stream, 1 MB at a time, its rows packed as they come: neither the file nor its
 * text nor a grid of it is ever held whole. JSON and workbooks are read whole (their
 * parsers need all of it). Throws 400 AppErrors a person can act on.
 */
export async function readUploadedFile(fileName: string, source: UploadSource): Promise<UploadTable> {
  const format = formatOf(fileName);
  const size = Buffer.isBuffer(source) ? source.length : (await stat(source.path)).size;
  if (!size) throw new AppError('BAD_REQUEST', 'The file is empty (0 bytes). Choose the file again or export it once more.');
  switch (format) {
    case 'csv':
      return readCsv(Buffer.isBuffer(source) ? bufferBytes(source) : fileBytes(source.path));
    case 'json':
      return withVotes(parseJson(Buffer.isBuffer(source) ? source : await readFile(source.path)));
    case 'xlsx':
    case 'xls':
      return parseWorkbook(Buffer.isBuffer(source) ? source : await readFile(source.path), format);
  }
}

/** Reads an uploaded file into a table with its rows as arrays (tests, small files). */
export async function parseUploadedFile(fileName: string, buffer: Buffer): Promise<ParsedUpload> {
  const table = await readUploadedFile(fileName, buffer);
  return { columns: table.columns, rows: table.rows.toArray(table.columns.length), headerRow: table.headerRow, warnings: table.warnings, meta: table.meta };
}

/** Votes of the columns, for a table read whole (JSON). */
function withVotes(parsed: ParsedUpload): UploadTable {
  const decimalVotes = columnDecimalVotes(parsed.rows, parsed.columns.length);
  return {
    columns: parsed.columns,
    rows: PackedRows.from(parsed.rows),
    preview: parsed.rows.slice(0, BULK_PREVIEW_ROWS),
    headerRow: parsed.headerRow,
    warnings: parsed.warnings,
    meta: { ...parsed.meta, decimalVotes },
  };
}

/** The votes of a built table's columns, from votes counted per pushed column. */
function votesOf(table: BuiltTable, pushed: DecimalVotes[]): DecimalVotes[] {
  return table.sourceColumns.map((i) => pushed[i] ?? { comma: 0, point: 0 });
}

// ---------- CSV ----------

const delimiters = [',', ';', '\t', '|'] as const;

/**
 * The delimiter whose split gives the most consistent number of fields (> 1) over the
 * first rows. "12,5" decimals in a ';' file make ',' inconsistent, so ';' wins there.
 */
export function detectDelimiter(text: string): string {
  const sample = text.length > 65_536 ? text.slice(0, 65_536) : text;
  let best: { delimiter: string; score: number; fields: number } = { delimiter: ',', score: 0, fields: 1 };
  for (const delimiter of delimiters) {
    const { data } = Papa.parse<string[]>(sample, { delimiter, preview: 40, skipEmptyLines: 'greedy' });
    const counts = data.map((r) => r.length).filter((n) => n > 1);
    if (!counts.length) continue;
    const freq = new Map<number, number>();
    for (const n of counts) freq.set(n, (freq.get(n) ?? 0) + 1);
    const [fields, hits] = [...freq.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]!;
    const score = hits / data.length;
    if (score > best.score + 1e-9 || (Math.abs(score - best.score) < 1e-9 && fields > best.fields)) {
      best = { delimiter, score, fields };
    }
  }
  return best.delimiter;
}

/** Bytes read per step of a CSV (and the text decoded from them). */
const CSV_CHUNK_BYTES = 1024 * 1024;
/** Text looked at before parsing starts: the binary check reads 200,000 characters, Papa's newline guess 1 MB. */
const CSV_HEAD_CHARS = 1024 * 1024 + 64;

/** Bytes of a CSV that can be read from the start more than once (a second pass decodes Windows-1252). */
interface CsvBytes {
  head(n: number): Promise<Uint8Array>;
  chunks(): AsyncIterable<Uint8Array>;
}

function bufferBytes(buf: Buffer): CsvBytes {
  return {
    head: async (n) => buf.subarray(0, n),
    async *chunks() {
      for (let i = 0; i < buf.length; i += CSV_CHUNK_BYTES) yield buf.subarray(i, i + CSV_CHUNK_BYTES);
    },
  };
}

function fileBytes(path: string): CsvBytes {
  return {
    async head(n) {
      const handle = await open(path);
      try {
        const buf = Buffer.alloc(n);
        const { bytesRead } = await handle.read(buf, 0, n, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    chunks: () => createReadStream(path, { highWaterMark: CSV_CHUNK_BYTES }),
  };
}

/** Thrown by the strict UTF-8 pass at the first invalid byte: the file is read again as Windows-1252. */
class NotUtf8 extends Error {}

/** The file's text, piece by piece (one piece per chunk of bytes). */
async function* decodeChunks(bytes: CsvBytes, encoding: TextEncodingName, bomLength: number, label: string): AsyncGenerator<string> {
  const sniffed = bomLength === 0 && (encoding === 'utf-8' || encoding === 'windows-1252');
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  let skip = bomLength;
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      // Without a BOM, invalid UTF-8 means Windows-1252; after a UTF-8 BOM, binary junk.
      throw sniffed ? new NotUtf8() : binaryError(label);
    }
  };
  for await (const raw of bytes.chunks()) {
    let chunk = raw as Uint8Array;
    if (skip > 0) {
      const n = Math.min(skip, chunk.length);
      chunk = chunk.subarray(n);
      skip -= n;
    }
    if (sniffed && chunk.includes(0)) throw binaryError(label);
    const text = decode(chunk);
    if (text) yield text;
  }
  const rest = decode();
  if (rest) yield rest;
}

/**
 * Reads a CSV: the encoding from its first bytes (see detectEncoding), Excel's "sep="
 * line or else the delimiter from the first 64 KB (see detectDelimiter), then the rows
 * with Papa Parse's core parser, fed 1 MB of text at a time (the unfinished last row of
 * each piece is carried into the next), pushed into a table builder as they come.
 */
async function readCsv(bytes: CsvBytes): Promise<UploadTable> {
  const head = await bytes.head(4096);
  const detected = detectEncoding(head, '.csv');
  if (detected.encoding) return readCsvAs(bytes, detected.encoding, detected.bomLength);
  try {
    return await readCsvAs(bytes, 'utf-8', 0);
  } catch (err) {
    if (!(err instanceof NotUtf8)) throw err;
    return readCsvAs(bytes, 'windows-1252', 0);
  }
}

async function readCsvAs(bytes: CsvBytes, encoding: TextEncodingName, bomLength: number): Promise<UploadTable> {
  const pieces = decodeChunks(bytes, encoding, bomLength, '.csv');
  try {
    return await parsePieces(pieces, encoding);
  } finally {
    // Closes the file stream when parsing stopped early (an error).
    await pieces.return(undefined);
  }
}

async function parsePieces(pieces: AsyncGenerator<string>, encoding: TextEncodingName): Promise<UploadTable> {
  // The start of the text: checked for binary data, then it settles the delimiter and newline.
  let start = '';
  let ended = false;
  while (start.length < CSV_HEAD_CHARS) {
    const next = await pieces.next();
    if (next.done) {
      ended = true;
      break;
    }
    start += next.value;
  }
  assertLooksLikeText(start, '.csv');
  // Excel's "sep=;" first line names the delimiter.
  const sep = /^sep=(.)[ \t]*\r?\n/i.exec(start);
  if (sep) start = start.slice(sep[0].length);
  if (ended && !start.trim()) throw new AppError('BAD_REQUEST', 'The CSV file is empty: there is no header row and no data.');
  const delimiter = sep ? sep[1]! : detectDelimiter(start);
  // Papa guesses the line break from the first 1 MB, as it would for the whole text.
  const newline = Papa.parse<string[]>(start.slice(0, 1024 * 1024), { delimiter, preview: 1 }).meta.linebreak as '\n' | '\r' | '\r\n';

  const votes: DecimalVotes[] = [];
  const builder = createTableBuilder('CSV file', { previewRows: BULK_PREVIEW_ROWS, onDataRow: (row) => addDecimalVotes(votes, row) });
  let lines = 0;
  let carry = '';
  const feed = (piece: string, last: boolean) => {
    const input = carry + piece;
    const result = new Papa.Parser({ delimiter, newline }).parse(input, 0, !last) as Papa.ParseResult<string[]>;
    const broken = result.errors.find((e) => e.code === 'MissingQuotes');
    if (broken) {
      const at = typeof broken.row === 'number' ? ` near row ${lines + broken.row + 1}` : '';
      throw new AppError('BAD_REQUEST', `The CSV has a quoted field that is never closed${at}. Check the quotes (") in that row.`);
    }
    lines += result.data.length;
    if (lines > BULK_MAX_ROWS + 1000) {
      throw new AppError('BAD_REQUEST', `The file has more than ${BULK_MAX_ROWS.toLocaleString('en-US')} data rows. Split it into smaller files.`);
    }
    for (const row of result.data) builder.push(row);
    carry = last ? '' : input.slice(result.meta.cursor);
  };
  feed(start, ended);
  if (!ended) {
    for await (const piece of pieces) feed(piece, false);
    feed('', true);
  }
  const table = builder.finish();
  assertHasData(table, 'CSV file');
  const warnings = [...table.warnings];
  if (encoding !== 'utf-8') warnings.push(`Read the file as ${encoding === 'windows-1252' ? 'Windows-1252 (it is not UTF-8)' : encoding.toUpperCase()}.`);
  return {
    columns: table.columns,
    rows: table.rows,
    preview: table.preview,
    headerRow: table.headerRow,
    warnings,
    meta: {
      format: 'csv',
      encoding,
      delimiter,
      decimalHint: delimiter === ';' ? 'comma' : null,
      headerRow: table.headerRow,
      decimalVotes: votesOf(table, votes),
    },
  };
}

// ---------- JSON ----------

function parseJson(buffer: Buffer): ParsedUpload {
  const decoded = decodeText(buffer, '.json');
  let value: unknown;
  try {
    // The reviver drops __proto__/constructor/prototype at every depth: they never become keys.
    value = JSON.parse(decoded.text, (key, v: unknown) => (forbiddenKeys.has(key) ? undefined : v));
  } catch (err) {
    throw new AppError('BAD_REQUEST', `The JSON file is not valid JSON: ${(err as Error).message}`);
  }
  let list: unknown = value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const data = (value as Record<string, unknown>).data;
    if (!Array.isArray(data)) {
      throw new AppError('BAD_REQUEST', 'The JSON file must hold an array of robots ([{...}, ...]) or an object with a "data" array.');
    }
    list = data;
  }
  if (!Array.isArray(list)) {
    throw new AppError('BAD_REQUEST', 'The JSON file must hold an array of robots ([{...}, ...]) or an object with a "data" array.');
  }
  if (list.length > BULK_MAX_ROWS) {
    throw new AppError('BAD_REQUEST', `The file has more than ${BULK_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`);
  }
  const table = tableFromObjects(list, 'JSON file');
  if (!table.columns.length) throw new AppError('BAD_REQUEST', 'The JSON file holds no robots (an empty array or only empty objects).');
  assertHasData(table, 'JSON file');
  return { ...table, meta: { format: 'json', encoding: decoded.encoding, decimalHint: null, headerRow: 1 } };
}

/**
 * Rows given as objects (a JSON file, or the `data` form of validate/import): columns
 * are the keys in first-seen order, forbidden keys skipped; nested values become JSON
 * text; empty rows are skipped. Rows are arrays, so no key ever lands on an object.
 */
export function tableFromObjects(list: readonly unknown[], what: string): ParsedTable {
  const index = new Map<string, number>();
  const columns: string[] = [];
  const rows: Cell[][] = [];
  const warnings: string[] = [];
  let nested = false;
  list.forEach((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new AppError('BAD_REQUEST', `Row ${i + 1} of the ${what} is not an object: every row must look like {"manufacturer": "...", ...}.`);
    }
    const row: Cell[] = new Array<Cell>(columns.length).fill(null);
    let any = false;
    for (const rawKey of Object.keys(item)) {
      assertStorableText(rawKey, `the name of a column in row ${i + 1}`, what);
      const key = rawKey.trim();
      if (!key || forbiddenKeys.has(key) || forbiddenKeys.has(rawKey)) continue;
      let col = index.get(key);
      if (col === undefined) {
        col = columns.length;
        index.set(key, col);
        columns.push(key);
      }
      let v = (item as Record<string, unknown>)[rawKey];
      assertStorableText(v, `row ${i + 1}, column "${key}"`, what);
      if (v !== null && typeof v === 'object') {
        nested = true;
        v = JSON.stringify(v);
      }
      const cell = cleanCell(v === undefined ? null : (v as Cell));
      row[col] = cell;
      if (cell !== null) any = true;
    }
    if (any) rows.push(row);
  });
  if (nested) warnings.push('Some values were lists or objects; they are read as text.');
  for (const row of rows) while (row.length < columns.length) row.push(null);
  return { columns, rows, headerRow: 1, warnings };
}

// ---------- XLSX / XLS ----------

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
  if (cell.t === 'e') return typeof v === 'number' ? (errorTexts[v] ?? '#ERROR') : String(v);
  if (v instanceof Date) return isoDate(v);
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return String(v);
}

const MAX_SHEET_COLUMNS = 500;

async function parseWorkbook(buffer: Buffer, format: 'xlsx' | 'xls'): Promise<UploadTable> {
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

  for (const sheetName of workbook.SheetNames) {
    const sheet = workbook.Sheets[sheetName];
    const data = (sheet?.['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
    let truncatedColumns = false;
    const votes: DecimalVotes[] = [];
    const builder = createTableBuilder(`sheet "${sheetName}"`, { previewRows: BULK_PREVIEW_ROWS, onDataRow: (row) => addDecimalVotes(votes, row) });
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
    if (!any) continue;
    const table = builder.finish();
    assertHasData(table, `sheet "${sheetName}"`);
    const warnings = [...table.warnings];
    const skippedSheets = workbook.SheetNames.indexOf(sheetName);
    if (skippedSheets > 0) warnings.unshift(`Read the sheet "${sheetName}"; the sheet${skippedSheets > 1 ? 's' : ''} before it ${skippedSheets > 1 ? 'are' : 'is'} empty.`);
    if (truncatedColumns) warnings.push(`Only the first ${MAX_SHEET_COLUMNS} columns were read.`);
    return {
      columns: table.columns,
      rows: table.rows,
      preview: table.preview,
      headerRow: table.headerRow,
      warnings,
      meta: { format, decimalHint: null, sheetName, headerRow: table.headerRow, decimalVotes: votesOf(table, votes) },
    };
  }
  throw new AppError('BAD_REQUEST', 'The workbook is empty: no sheet holds any data.');
}
