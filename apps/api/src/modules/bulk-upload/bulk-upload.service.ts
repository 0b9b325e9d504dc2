import Papa from 'papaparse';
import {
  BULK_PREVIEW_ROWS,
  BULK_RESULTS_LIMIT,
  BULK_UPLOAD_TTL_HOURS,
  bulkLimits,
  type BulkImportResponse,
  type BulkMappings,
  type BulkParseResponse,
  type BulkUnit,
  type BulkValidateResponse,
  type BulkValidateRequest,
} from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError } from '../../lib/errors';
import {
  deleteUpload,
  findUpload,
  insertUpload,
  pruneUploads,
  setUploadMappings,
  streamUploadRows,
  type BulkUploadInfo,
} from './bulk-upload.repository';
import { IMPORT_BATCH_SIZE, ownerHasRobots, upsertOwnedRobotBatch, type UpsertCounts } from '../catalog';
import { suggestMappings } from './parsing/header-mapping';
import { readUploadedFile, tableFromObjects, type ParseMeta, type UploadSource } from './parsing/parse-file';
import type { Cell } from './parsing/table';
import { columnDecimalVotes, createRowValidator, resolveMappings, type RowValidator, type ValidRow } from './parsing/validate-rows';
import { unitFromHeader } from './parsing/units';
import { isUniqueViolation } from '../../lib/db-values';

/** Who imports: integrators' robots are private (listed false), suppliers' are listings (listed true). */
export type BulkImporterRole = 'integrator' | 'supplier';

/** The request of validate and import (contracts' bulkValidateRequestSchema; import takes the same). */
export type BulkRequest = BulkValidateRequest;

/** Where the rows come from: a stored upload (streamed from the database) or the request's `data`. */
type RowSource =
  | { kind: 'upload'; upload: BulkUploadInfo }
  | { kind: 'data'; columns: string[]; rows: Cell[][] };

/** Rows per cursor FETCH: small enough that a chunk dies young (little old-generation garbage). */
const STREAM_CHUNK_ROWS = 1000;

/**
 * Files are read and stored one at a time per process, whoever sends them: a parse
 * holds one file's rows (a 25 MB workbook needs a few hundred MB while SheetJS reads
 * it), so two at once could outgrow the heap budget (API_MAX_OLD_SPACE_MB). The others
 * wait on disk (multer's disk storage), not in memory; reading is CPU work on the one
 * JavaScript thread, so waiting costs them little.
 */
let parseQueue: Promise<unknown> = Promise.resolve();
export function oneParseAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const run = parseQueue.then(fn, fn);
  parseQueue = run.catch(() => undefined);
  return run;
}

const uploadGone = () =>
  new AppError('NOT_FOUND', `This upload was not found: it expired (uploads are kept ${BULK_UPLOAD_TTL_HOURS} hours), was already imported, or belongs to someone else. Choose the file again.`);

function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'upload';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'upload';
}

function previewOf(columns: readonly string[], rows: readonly Cell[][]): Array<Record<string, Cell>> {
  return rows.slice(0, BULK_PREVIEW_ROWS).map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null])));
}

function unitsOf(columns: readonly string[]): Record<string, BulkUnit> {
  const out: Record<string, BulkUnit> = {};
  for (const c of columns) {
    const u = unitFromHeader(c);
    if (u) out[c] = u;
  }
  return out;
}

/** A spreadsheet must not run a cell of the error report as a formula (CSV injection). */
function safeCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a cell is a string, number, boolean or date here
  const s = String(value);
  return /^[=+\-@\t\r]/.test(s) && !/^[+-]?\d[\d.,]*$/.test(s) ? `'${s}` : s;
}

export function createBulkUploadService(db: Database, role: BulkImporterRole) {
  async function loadSource(ownerId: string, body: BulkRequest, tx: Database = db, lock = false): Promise<RowSource> {
    if (body.upload_id !== undefined) {
      const upload = await findUpload(tx, ownerId, body.upload_id, { lock });
      if (!upload) throw uploadGone();
      return { kind: 'upload', upload };
    }
    const table = tableFromObjects(body.data ?? [], 'data');
    if (!table.rows.length) throw new AppError('VALIDATION_FAILED', 'data holds no rows: send the rows to check, or an upload_id', { data: ['No rows'] });
    return { kind: 'data', columns: table.columns, rows: table.rows };
  }

  /** Checks the mappings (400 naming each problem) and builds the row validator. */
  function validatorFor(source: RowSource, mappings: BulkMappings): RowValidator {
    if (source.kind === 'data') {
      const resolved = resolveMappings(source.columns, mappings);
      return createRowValidator(resolved, { votes: columnDecimalVotes(source.rows, source.columns.length), hint: null });
    }
    const meta = source.upload.meta as Partial<ParseMeta>;
    const resolved = resolveMappings(source.upload.columns, mappings);
    return createRowValidator(resolved, { votes: meta.decimalVotes ?? [], hint: meta.decimalHint ?? null });
  }

  /** The rows chunk by chunk; `first` is the 1-based data row number of the chunk's first row. */
  async function* rowsOf(source: RowSource, tx: Database): AsyncGenerator<{ first: number; rows: Cell[][] }> {
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
  function withReader<T>(source: RowSource, fn: (tx: Database) => Promise<T>): Promise<T> {
    if (source.kind === 'data') return fn(db);
    return db.transaction((tx) => fn(tx as unknown as Database));
  }

  return {
    role,

    /**
     * Reads the file (a path: multer's disk storage; or a buffer) and stores it as a
     * pending upload. The packed rows go to PostgreSQL chunk by chunk and are let go;
     * only the preview stays for the answer.
     */
    async parse(ownerId: string, file: { originalname: string; source: UploadSource }): Promise<BulkParseResponse> {
      const fileName = sanitizeFileName(file.originalname);
      const { parsed, rowCount, uploadId } = await oneParseAtATime(async () => {
        const table = await readUploadedFile(fileName, file.source);
        const count = table.rows.length;
        await pruneUploads(db, ownerId);
        const id = await insertUpload(db, { ownerId, fileName, columns: table.columns, rowChunks: table.rows.takeChunks(), rowCount: count, meta: table.meta });
        return { parsed: table, rowCount: count, uploadId: id };
      });
      const meta: ParseMeta = parsed.meta;
      return {
        upload_id: uploadId,
        file_name: fileName,
        row_count: rowCount,
        detected_columns: parsed.columns,
        suggested_mappings: suggestMappings(parsed.columns),
        preview_rows: previewOf(parsed.columns, parsed.preview),
        format: meta.format,
        detected_units: unitsOf(parsed.columns),
        header_row: meta.headerRow,
        ...(meta.sheetName !== undefined ? { sheet_name: meta.sheetName } : {}),
        warnings: parsed.warnings,
      };
    },

    async validate(ownerId: string, body: BulkRequest, errorsCsvUrl?: (id: string) => string): Promise<BulkValidateResponse> {
      const source = await loadSource(ownerId, body);
      const validator = validatorFor(source, body.mappings);
      const counts = { valid: 0, warnings: 0, errors: 0 };
      const valid: BulkValidateResponse['results']['valid'] = [];
      const errors: BulkValidateResponse['results']['errors'] = [];
      await withReader(source, async (tx) => {
        for await (const chunk of rowsOf(source, tx)) {
          for (let i = 0; i < chunk.rows.length; i += 1) {
            const result = validator.check(chunk.rows[i]!, chunk.first + i);
            if ('error' in result) {
              counts.errors += 1;
              if (errors.length < BULK_RESULTS_LIMIT) errors.push(result.error);
            } else {
              counts.valid += 1;
              if (result.valid.warnings.length) counts.warnings += 1;
              if (valid.length < BULK_RESULTS_LIMIT) {
                const { key: _key, ...entry } = result.valid;
                valid.push(entry);
              }
            }
          }
        }
      });
      if (source.kind === 'upload') await setUploadMappings(db, source.upload.id, body.mappings);
      return {
        valid_count: counts.valid,
        warning_count: counts.warnings,
        error_count: counts.errors,
        results: { valid, errors },
        truncated: counts.valid > valid.length || counts.errors > errors.length,
        errors_csv_url: source.kind === 'upload' && errorsCsvUrl ? errorsCsvUrl(source.upload.id) : null,
      };
    },

    /**
     * One transaction: the upload row is locked (a second import of the same upload
     * waits, then finds it gone), rows are streamed, validated and upserted in batches
     * of 1,000, the upload is deleted. Any failure rolls all of it back.
     */
    async import(ownerId: string, body: BulkRequest): Promise<BulkImportResponse> {
      try {
        return await db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Database;
          const source = await loadSource(ownerId, body, tx, true);
          const validator = validatorFor(source, body.mappings);
          const options = {
            listed: role === 'supplier',
            source: `Bulk upload${source.kind === 'upload' ? `: ${source.upload.fileName}` : ''}`,
            dofAssumed: bulkLimits.dof.assumed,
            ownerHasRobots: await ownerHasRobots(tx, ownerId),
          };
          const totals = { inserted: 0, updated: 0, unchanged: 0, skipped: 0, rows: 0 };
          // One batch is in the database while the next is validated: Node and PostgreSQL
          // work at the same time. The promise is settled into a value at once so a failure
          // is never an unhandled rejection; it is rethrown when the batch is awaited.
          let inflight: Promise<{ ok: true; counts: UpsertCounts } | { ok: false; error: unknown }> | null = null;
          const settle = async () => {
            if (!inflight) return;
            const done = await inflight;
            inflight = null;
            if (!done.ok) throw done.error;
            totals.inserted += done.counts.inserted;
            totals.updated += done.counts.updated;
            totals.unchanged += done.counts.unchanged;
          };
          const send = async (batch: ValidRow[]) => {
            await settle();
            inflight = upsertOwnedRobotBatch(tx, ownerId, batch, options).then(
              (counts) => ({ ok: true as const, counts }),
              (error: unknown) => ({ ok: false as const, error }),
            );
          };
          let pending: ValidRow[] = [];
          try {
            for await (const chunk of rowsOf(source, tx)) {
              for (let i = 0; i < chunk.rows.length; i += 1) {
                totals.rows += 1;
                const result = validator.check(chunk.rows[i]!, chunk.first + i);
                if ('error' in result) totals.skipped += 1;
                else pending.push(result.valid);
                if (pending.length >= IMPORT_BATCH_SIZE) {
                  await send(pending);
                  pending = [];
                }
              }
            }
            if (pending.length) await send(pending);
            await settle();
          } catch (err) {
            // A failed batch makes the next statement fail too ("transaction is aborted"): report the first cause.
            await settle();
            throw err;
          }
          if (totals.inserted + totals.updated + totals.unchanged === 0) {
            throw new AppError('BAD_REQUEST', `Nothing to import: none of the ${totals.rows} rows passed validation. Fix the errors and try again.`);
          }
          if (source.kind === 'upload') await deleteUpload(tx, source.upload.id);
          return { inserted: totals.inserted, updated: totals.updated, unchanged: totals.unchanged, skipped: totals.skipped };
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('CONFLICT', 'Another import changed the same robots at the same time. Try the import again.');
        }
        throw err;
      }
    },

    /**
     * Every error row as CSV: row, errors, then the row's original cells. Uses the given
     * mappings, else those of the last validation, else the suggested ones.
     */
    async errorsCsv(ownerId: string, uploadId: string, mappings?: BulkMappings): Promise<{ fileName: string; csv: string }> {
      const upload = await findUpload(db, ownerId, uploadId);
      if (!upload) throw uploadGone();
      const source: RowSource = { kind: 'upload', upload };
      const chosen = mappings ?? (upload.mappings as BulkMappings | null) ?? suggestMappings(upload.columns);
      const validator = validatorFor(source, chosen);
      const lines: string[] = [Papa.unparse([['row', 'errors', ...upload.columns].map(safeCsvCell)], { newline: '\r\n' })];
      await withReader(source, async (tx) => {
        for await (const chunk of rowsOf(source, tx)) {
          const out: string[][] = [];
          chunk.rows.forEach((row, i) => {
            const result = validator.check(row, chunk.first + i);
            if ('error' in result) out.push([String(chunk.first + i), safeCsvCell(result.error.errors.join('; ')), ...upload.columns.map((_, c) => safeCsvCell(row[c]))]);
          });
          if (out.length) lines.push(Papa.unparse(out, { newline: '\r\n' }));
        }
      });
      const base = upload.fileName.replace(/\.[^.]+$/, '');
      return { fileName: `${base}-errors.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
    },

  };
}

export type BulkUploadService = ReturnType<typeof createBulkUploadService>;
