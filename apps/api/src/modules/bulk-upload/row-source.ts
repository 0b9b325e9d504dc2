import { BULK_UPLOAD_TTL_HOURS, type BulkCellEdit, type BulkMappings, type BulkValidateRequest } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError } from '../../lib/errors';
import { findUpload, streamUploadRows, type BulkUploadInfo } from './bulk-upload.repository';
import { tableFromObjects, type ParseMeta } from './parsing/parse-file';
import type { Cell } from './parsing/table';
import { columnDecimalVotes, createRowValidator, resolveMappings, type RowValidator } from './parsing/validate-rows';

/** Where the rows of a validate or import come from: a stored upload (streamed from the database) or the request's `data`. */
export type RowSource = (
  | { kind: 'upload'; upload: BulkUploadInfo }
  | { kind: 'data'; columns: string[]; rows: Cell[][] }
) & {
  /** Cells fixed in the validate grid: data row -> column index -> value (applied as the rows are read). */
  edits: CellEdits;
};

/** data row (1-based) -> column index -> the fixed value. */
export type CellEdits = Map<number, Map<number, Cell>>;

/** The stored form of edits (bulk_uploads.edits): data row -> { column name: value }. */
export type StoredEdits = Record<string, Record<string, Cell>>;

/** A typed value as a cell: "" and null are an empty cell; text is kept as typed (the validator reads it as it reads the file). */
export const editedCell = (value: string | null): Cell => (value === null || value.trim() === '' ? null : value);

/**
 * Checks sent edits against the file (each column must be one of its columns, each row
 * one of its data rows): a 400 naming each problem.
 */
export function checkEdits(columns: readonly string[], rowCount: number, edits: readonly BulkCellEdit[]): void {
  const known = new Set(columns);
  const details: Record<string, string[]> = {};
  edits.forEach((edit, i) => {
    if (!known.has(edit.column)) (details[`edits.${i}.column`] ??= []).push(`"${edit.column}" is not a column of the file`);
    if (edit.row > rowCount) (details[`edits.${i}.row`] ??= []).push(`The file has ${rowCount} data rows; there is no row ${edit.row}`);
  });
  const problems = Object.values(details).flat();
  if (problems.length) throw new AppError('VALIDATION_FAILED', `Check the cell edits: ${problems[0] ?? ''}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`, details);
}

/** Stored edits with the sent ones laid over them (a later edit of the same cell wins). */
export function mergeEdits(stored: StoredEdits, sent: readonly BulkCellEdit[] = []): StoredEdits {
  const out: StoredEdits = {};
  for (const [row, cells] of Object.entries(stored)) out[row] = { ...cells };
  for (const edit of sent) (out[String(edit.row)] ??= {})[edit.column] = editedCell(edit.value);
  return out;
}

function cellEdits(columns: readonly string[], stored: StoredEdits): CellEdits {
  const position = new Map(columns.map((c, i) => [c, i]));
  const out: CellEdits = new Map();
  for (const [row, cells] of Object.entries(stored)) {
    const byIndex = new Map<number, Cell>();
    for (const [column, value] of Object.entries(cells)) {
      const i = position.get(column);
      if (i !== undefined) byIndex.set(i, value);
    }
    if (byIndex.size) out.set(Number(row), byIndex);
  }
  return out;
}

export const uploadGone = () =>
  new AppError('NOT_FOUND', `This upload was not found: it expired (uploads are kept ${BULK_UPLOAD_TTL_HOURS} hours), was already imported, or belongs to someone else. Choose the file again.`);

/** A stored upload as a row source, its stored edits (and `sent` ones over them) applied. */
export function uploadSource(upload: BulkUploadInfo, sent?: readonly BulkCellEdit[]): RowSource {
  return { kind: 'upload', upload, edits: cellEdits(upload.columns, mergeEdits(upload.edits, sent)) };
}

/** The owner's unexpired upload named by `upload_id` (`lock`: a row lock, one import at a time), else the request's rows. */
export async function loadSource(tx: Database, ownerId: string, body: BulkValidateRequest, lock = false): Promise<RowSource> {
  if (body.upload_id !== undefined) {
    const upload = await findUpload(tx, ownerId, body.upload_id, { lock });
    if (!upload) throw uploadGone();
    if (body.edits?.length) checkEdits(upload.columns, upload.rowCount, body.edits);
    return uploadSource(upload, body.edits);
  }
  const table = tableFromObjects(body.data ?? [], 'data');
  if (!table.rows.length) throw new AppError('VALIDATION_FAILED', 'data holds no rows: send the rows to check, or an upload_id', { data: ['No rows'] });
  if (body.edits?.length) checkEdits(table.columns, table.rows.length, body.edits);
  return { kind: 'data', columns: table.columns, rows: table.rows, edits: cellEdits(table.columns, mergeEdits({}, body.edits)) };
}

/** Checks the mappings (400 naming each problem) and builds the row validator, reading numbers as the parse did. */
export function validatorFor(source: RowSource, mappings: BulkMappings, role: 'integrator' | 'supplier' = 'integrator'): RowValidator {
  // A supplier's rows are offers: their terms (currency, condition, lead time, quantity) are read too.
  const offers = role === 'supplier';
  if (source.kind === 'data') {
    const resolved = resolveMappings(source.columns, mappings, { offers });
    return createRowValidator(resolved, { votes: columnDecimalVotes(source.rows, source.columns.length), hint: null }, { offers });
  }
  const meta = source.upload.meta as Partial<ParseMeta>;
  const resolved = resolveMappings(source.upload.columns, mappings, { offers });
  return createRowValidator(resolved, { votes: meta.decimalVotes ?? [], hint: meta.decimalHint ?? null }, { sheetRows: meta.sheetRows, spillFrom: meta.spillFrom, delimiter: meta.delimiter, offers });
}

/** The rows chunk by chunk; `first` is the 1-based data row number of the chunk's first row. */
export async function* rowsOf(source: RowSource, tx: Database): AsyncGenerator<{ first: number; rows: Cell[][] }> {
  if (source.kind === 'data') {
    yield { first: 1, rows: withEdits(source.edits, 1, source.rows) };
    return;
  }
  // Rows stored as read, wider than the columns (ParseMeta.keptColumns): cut to the columns here.
  const kept = (source.upload.meta as Partial<ParseMeta>).keptColumns;
  let first = 1;
  for await (const stored of streamUploadRows(tx, source.upload.id)) {
    const rows = kept ? stored.map((row) => kept.map((i) => row[i] ?? null)) : stored;
    yield { first, rows: withEdits(source.edits, first, rows) };
    first += rows.length;
  }
}

/** The rows of a chunk with the grid's edits applied (edited rows are copies; the others are passed through). */
function withEdits(edits: CellEdits, first: number, rows: Cell[][]): Cell[][] {
  if (!edits.size) return rows;
  return rows.map((row, i) => {
    const fixed = edits.get(first + i);
    if (!fixed) return row;
    const copy = row.slice();
    for (const [c, value] of fixed) {
      while (copy.length <= c) copy.push(null);
      copy[c] = value;
    }
    return copy;
  });
}

/** The columns of a data row changed in the grid. */
export function editedColumns(source: RowSource, columns: readonly string[], dataRow: number): string[] {
  const fixed = source.edits.get(dataRow);
  return fixed ? [...fixed.keys()].sort((a, b) => a - b).map((i) => columns[i] ?? '') : [];
}

export function columnsOf(source: RowSource): string[] {
  return source.kind === 'upload' ? source.upload.columns : source.columns;
}

/** Reads a stored upload inside a (read-only) transaction: cursors need one. */
export function withReader<T>(db: Database, source: RowSource, fn: (tx: Database) => Promise<T>): Promise<T> {
  if (source.kind === 'data') return fn(db);
  return db.transaction((tx) => fn(tx as unknown as Database));
}
