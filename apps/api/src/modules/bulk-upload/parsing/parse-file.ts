import { readFile, stat } from 'node:fs/promises';
import { BULK_UPLOAD_ACCEPT } from '@cellforge/contracts';
import { AppError } from '../../../lib/errors';
import { bufferBytes, fileBytes, readCsv } from './read-csv';
import { parseJson } from './read-json';
import { parseWorkbook } from './read-workbook';
import { withVotes, type ParsedUpload, type ReadOptions, type UploadFormat, type UploadSource, type UploadTable } from './upload-table';

export { detectDelimiter } from './read-csv';
export { tableFromObjects } from './read-json';
export { cellValue, isoDate } from './read-workbook';
export type { ParseMeta, ParsedUpload, ReadOptions, UploadFormat, UploadSource, UploadTable } from './upload-table';

export function formatOf(fileName: string): UploadFormat {
  const lower = fileName.toLowerCase().trim();
  const ext = BULK_UPLOAD_ACCEPT.find((e) => lower.endsWith(e));
  if (!ext) {
    const dot = lower.lastIndexOf('.');
    const shown = dot >= 0 ? `"${fileName.slice(dot)}"` : 'a file without an extension';
    // 415 as every upload of the API (docs/api.md): the name says what the file is not; other bad files stay 400s.
    throw new AppError('UNSUPPORTED_FILE_TYPE', `Unsupported file type: ${shown}. Upload a .csv, .json, .xlsx or .xls file.`);
  }
  return ext.slice(1) as UploadFormat;
}

/**
 * Reads an uploaded file (by name AND content) for storage. A CSV is decoded and parsed
 * as a stream, 1 MB at a time, its rows packed as they come: neither the file nor its
 * text nor a grid of it is ever held whole. JSON and workbooks are read whole (their
 * parsers need all of it). Throws 400 AppErrors a person can act on.
 */
export async function readUploadedFile(fileName: string, source: UploadSource, options: ReadOptions = {}): Promise<UploadTable> {
  const format = formatOf(fileName);
  const size = Buffer.isBuffer(source) ? source.length : (await stat(source.path)).size;
  if (!size) throw new AppError('BAD_REQUEST', 'The file is empty (0 bytes). Choose the file again or export it once more.');
  switch (format) {
    case 'csv':
      return readCsv(Buffer.isBuffer(source) ? bufferBytes(source) : fileBytes(source.path), options);
    case 'json':
      return withVotes(parseJson(Buffer.isBuffer(source) ? source : await readFile(source.path)));
    case 'xlsx':
    case 'xls':
      return parseWorkbook(Buffer.isBuffer(source) ? source : await readFile(source.path), format, options);
  }
}

/** Reads an uploaded file into a table with its rows as arrays (tests, small files). */
export async function parseUploadedFile(fileName: string, buffer: Buffer, options: ReadOptions = {}): Promise<ParsedUpload & Pick<UploadTable, 'firstRows' | 'sheets'>> {
  const table = await readUploadedFile(fileName, buffer, options);
  return {
    columns: table.columns,
    rows: table.rows.toArray(table.columns.length),
    headerRow: table.headerRow,
    warnings: table.warnings,
    meta: table.meta,
    firstRows: table.firstRows,
    sheets: table.sheets,
  };
}
