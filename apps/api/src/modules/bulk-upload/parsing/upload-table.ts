import { BULK_PREVIEW_ROWS } from '@cellforge/contracts';
import { PackedRows } from './packed-rows';
import type { BuiltTable, Cell, ParsedTable, SheetRows } from './table';
import type { TextEncodingName } from './text-decode';
import type { DecimalStyle, DecimalVotes } from './units';
import { columnDecimalVotes } from './validate-rows';

/*
 * What reading an upload produces, whatever its format (read-csv.ts, read-json.ts,
 * read-workbook.ts); parse-file.ts picks the reader.
 */

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
  /** The spreadsheet's row numbers of the data rows (see SheetRows); absent for JSON and older uploads (data rows then). */
  sheetRows?: SheetRows;
  /** The stored rows are as read, wider than the columns: column i is cell keptColumns[i] of a row (see BuiltTable.keptColumns). */
  keptColumns?: number[];

  /** CSV: the number of named columns when a few rows hold cells beyond them (see BuiltTable.spillFrom): such rows are errors. */
  spillFrom?: number;
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
  /** The first rows as they are in the file (see BuiltTable.firstRows); absent for JSON. */
  firstRows?: { row: number; cells: Cell[] }[];
  /** Workbooks: every sheet, its non-empty rows, hidden or not. */
  sheets?: { name: string; rows: number; hidden: boolean }[];
}

/** What the user chose after seeing the file once: the sheet of a workbook, the header row. */
export interface ReadOptions {
  sheet?: string;
  headerRow?: number;
  /**
   * Storage for rows while the file is read (CSV, .xlsx and .xls): called with the chunks
   * packed so far (PackedRows.drain), in file order, awaited before reading on. Rows not
   * handed over stay in the table.
   */
  onRows?: (chunks: string[]) => Promise<void>;
  /**
   * Forgets every chunk handed to onRows so far (the next ones start a new file order): a
   * workbook whose first sheet read is passed over for a later one (no maker or model
   * header) discards that sheet's rows. Needed with onRows for workbooks.
   */
  discardRows?: () => Promise<void>;
}

/** An upload's bytes: in memory, or a file on disk (multer's disk storage), read as a stream. */
export type UploadSource = Buffer | { path: string };

/** Votes of the columns, for a table read whole (JSON). */
export function withVotes(parsed: ParsedUpload): UploadTable {
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
export function votesOf(table: BuiltTable, pushed: DecimalVotes[]): DecimalVotes[] {
  return table.sourceColumns.map((i) => pushed[i] ?? { comma: 0, point: 0 });
}
