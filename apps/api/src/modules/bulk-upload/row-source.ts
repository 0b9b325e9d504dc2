import { BULK_UPLOAD_TTL_HOURS, type BulkMappings, type BulkValidateRequest } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError } from '../../lib/errors';
import { findUpload, streamUploadRows, type BulkUploadInfo } from './bulk-upload.repository';
import { tableFromObjects, type ParseMeta } from './parsing/parse-file';
import type { Cell } from './parsing/table';
import { columnDecimalVotes, createRowValidator, resolveMappings, type RowValidator } from './parsing/validate-rows';

/** Where the rows of a validate or import come from: a stored upload (streamed from the database) or the request's `data`. */
export type RowSource =
  | { kind: 'upload'; upload: BulkUploadInfo }
  | { kind: 'data'; columns: string[]; rows: Cell[][] };

/** Rows per cursor FETCH: small enough that a chunk dies young (little old-generation garbage). */
const STREAM_CHUNK_ROWS = 1000;

export const uploadGone = () =>
  new AppError('NOT_FOUND', `This upload was not found: it expired (uploads are kept ${BULK_UPLOAD_TTL_HOURS} hours), was already imported, or belongs to someone else. Choose the file again.`);

/** The owner's unexpired upload named by `upload_id` (`lock`: a row lock, one import at a time), else the request's rows. */
export async function loadSource(tx: Database, ownerId: string, body: BulkValidateRequest, lock = false): Promise<RowSource> {
  if (body.upload_id !== undefined) {
    const upload = await findUpload(tx, ownerId, body.upload_id, { lock });
    if (!upload) throw uploadGone();
    return { kind: 'upload', upload };
  }
  const table = tableFromObjects(body.data ?? [], 'data');
  if (!table.rows.length) throw new AppError('VALIDATION_FAILED', 'data holds no rows: send the rows to check, or an upload_id', { data: ['No rows'] });
  return { kind: 'data', columns: table.columns, rows: table.rows };
}

/** Checks the mappings (400 naming each problem) and builds the row validator, reading numbers as the parse did. */
export function validatorFor(source: RowSource, mappings: BulkMappings): RowValidator {
  if (source.kind === 'data') {
    const resolved = resolveMappings(source.columns, mappings);
    return createRowValidator(resolved, { votes: columnDecimalVotes(source.rows, source.columns.length), hint: null });
  }
  const meta = source.upload.meta as Partial<ParseMeta>;
  const resolved = resolveMappings(source.upload.columns, mappings);
  return createRowValidator(resolved, { votes: meta.decimalVotes ?? [], hint: meta.decimalHint ?? null }, { sheetRows: meta.sheetRows });
}

/** The rows chunk by chunk; `first` is the 1-based data row number of the chunk's first row. */
export async function* rowsOf(source: RowSource, tx: Database): AsyncGenerator<{ first: number; rows: Cell[][] }> {
  if (source.kind === 'data') {
    yield { first: 1, rows: source.rows };
    return;
  }
  let first = 1;
  for await (const rows of streamUploadRows(tx, source.upload.id, STREAM_CHUNK_ROWS)) {
    yield { first, rows };
    first += rows.length;
  }
}

/** Reads a stored upload inside a (read-only) transaction: cursors need one. */
export function withReader<T>(db: Database, source: RowSource, fn: (tx: Database) => Promise<T>): Promise<T> {
  if (source.kind === 'data') return fn(db);
  return db.transaction((tx) => fn(tx as unknown as Database));
}
