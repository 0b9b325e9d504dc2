import { createHash, randomUUID } from 'node:crypto';
import {
  BULK_PREVIEW_ROWS,
  BULK_RESULTS_LIMIT,
  bulkLimits,
  type BulkImportResponse,
  type BulkMappings,
  type BulkParseOptions,
  type BulkParseResponse,
  type BulkWarningGroup,
  type BulkUnit,
  type BulkValidateResponse,
  type BulkValidateRequest,
  type BulkEditRequest,
  type BulkEditResponse,
  BULK_SAVED_MAPPINGS_MAX,
  type BulkSaveMappingRequest,
  type BulkSavedMapping,
  type BulkSavedMappingList,
} from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError } from '../../lib/errors';
import { beginUpload, deleteUpload, findUpload, finishUpload, markUploadImported, pruneUploads, recordImportRobotsOf, setUploadEdits, setUploadMappings, UploadRowsWriter, validatedRowsOf, validatedRowsQuery, ValidatedRowsWriter } from './bulk-upload.repository';
import { findCatalogModelsFor, RobotImportStage, type StagedRobot } from '../catalog';
import { catalogMatchOf, MatchChoices, type MatchCounts } from './catalog-matching';
import { csvDocument, csvLines } from './errors-csv';
import { checkEdits, columnsOf, editedColumns, loadSource, mergeEdits, rowsOf, uploadGone, uploadSource, validatorFor, withReader, type RowSource } from './row-source';
import { suggestMappings } from './parsing/header-mapping';
import { readUploadedFile, type ParseMeta, type UploadSource } from './parsing/parse-file';
import type { Cell } from './parsing/table';
import type { ValidRow } from './parsing/validate-rows';
import { unitFromHeader } from './parsing/units';
import { isUniqueViolation } from '../../lib/db-values';
import {
  countImportMappings,
  deleteImportMapping,
  findImportMappingByName,
  findImportMappingBySignature,
  listImportMappings,
  touchImportMapping,
  upsertImportMapping,
} from './import-mappings.repository';
import { headerSignature, mappingForColumns, savedMappingDto } from './saved-mappings';

/** Who imports: integrators' robots are private (listed false), suppliers' are listings (listed true). */
export type BulkImporterRole = 'integrator' | 'supplier';

/** The request of validate and import (contracts' bulkValidateRequestSchema; import takes the same). */
export type BulkRequest = BulkValidateRequest;



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


/** Warnings counted by kind over a whole file ("12 rows: payload converted from lb to kg"). */
export class WarningGroups {
  private readonly kinds = new Map<string, { rows: number; first: number[] }>();

  add(row: Pick<ValidRow, 'sheet_row' | 'warningKinds'>): void {
    for (const kind of new Set(row.warningKinds)) {
      const group = this.kinds.get(kind) ?? { rows: 0, first: [] };
      group.rows += 1;
      if (group.first.length < 5) group.first.push(row.sheet_row);
      this.kinds.set(kind, group);
    }
  }

  /** Most frequent first; ties in the order they first appeared. */
  list(): BulkWarningGroup[] {
    return [...this.kinds.entries()]
      .map(([kind, group]) => ({ kind, rows: group.rows, first_rows: group.first, text: `${group.rows} ${group.rows === 1 ? 'row' : 'rows'}: ${kind}` }))
      .sort((a, b) => b.rows - a.rows);
  }
}

type EditedRow = BulkEditResponse['edited_rows'][number];

/**
 * The version of what a validation keeps for its import (RobotImportStage.storedRow and the
 * validator): bump it when either changes, so rows kept by an older build are validated again.
 */
const VALIDATED_ROWS_VERSION = 2;

/**
 * What a validation of an upload depends on beyond the stored file: who imports, the mappings
 * and the grid's edits (stored and sent). The import reuses the kept rows only when its own
 * request gives the same fingerprint.
 */
function validationFingerprint(role: BulkImporterRole, mappings: BulkMappings, source: RowSource): string {
  const mapped = Object.entries(mappings).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const edits = [...source.edits].sort(([a], [b]) => a - b).map(([row, cells]) => [row, [...cells].sort(([a], [b]) => a - b)]);
  return createHash('sha256').update(JSON.stringify([VALIDATED_ROWS_VERSION, role, mapped, edits])).digest('base64url');
}

/**
 * Validates every row of a source (streamed), with the grid's edits applied: the counts,
 * the grouped warnings and up to 1,000 entries of each kind, each with its cells and
 * the column of each message. `track`: data rows whose outcome is reported whatever the limit.
 */
async function validateSource(db: Database, role: BulkImporterRole, source: RowSource, mappings: BulkMappings, choices: MatchChoices, track: ReadonlySet<number> = new Set()) {
  const validator = validatorFor(source, mappings, role);
  const columns = columnsOf(source);
  const counts = { valid: 0, warnings: 0, errors: 0 };
  const matches: MatchCounts = { total: 0, attach: 0, private_copy: 0, skip: 0 };
  const groups = new WarningGroups();
  const valid: BulkValidateResponse['results']['valid'] = [];
  const errors: BulkValidateResponse['results']['errors'] = [];
  const tracked: EditedRow[] = [];
  const cellsOf = (row: readonly Cell[]) => Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null]));
  await withReader(db, source, async (tx) => {
    // An upload's valid rows are kept for its import, so the import does not validate them again.
    const keep = source.kind === 'upload' ? await ValidatedRowsWriter.open(tx, source.upload.id) : null;
    for await (const chunk of rowsOf(source, tx)) {
      // Valid rows matched against the shared catalog here, in one statement per chunk: those listed in
      // the answer; every valid row when nothing is kept (the kept ones are counted in SQL at the end).
      const shown: Array<{ row: Cell[]; dataRow: number; valid: ValidRow }> = [];
      const kept: string[] = [];
      for (let i = 0; i < chunk.rows.length; i += 1) {
        const row = chunk.rows[i] ?? [];
        const dataRow = chunk.first + i;
        const result = validator.check(row, dataRow);
        if ('error' in result) {
          counts.errors += 1;
          if (errors.length < BULK_RESULTS_LIMIT) errors.push({ ...result.error, cells: cellsOf(row), edited: editedColumns(source, columns, dataRow) });
          if (track.has(dataRow)) tracked.push({ row: dataRow, sheet_row: result.error.sheet_row, status: 'error', errors: result.error.errors });
          continue;
        }
        counts.valid += 1;
        if (result.valid.warnings.length) counts.warnings += 1;
        groups.add(result.valid);
        if (keep) kept.push(RobotImportStage.storedRow(result.valid));
        if (!keep || valid.length + shown.length < BULK_RESULTS_LIMIT) shown.push({ row, dataRow, valid: result.valid });
        if (track.has(dataRow)) tracked.push({ row: dataRow, sheet_row: result.valid.sheet_row, status: result.valid.warnings.length ? 'warning' : 'valid', errors: [] });
      }
      await keep?.add(kept);
      if (!shown.length) continue;
      const models = await findCatalogModelsFor(tx, shown.map((s) => s.valid));
      for (const { row, dataRow, valid: v } of shown) {
        const model = models.get(v.key);
        const match = model ? catalogMatchOf(v, model, choices.of(dataRow)) : null;
        if (match && !keep) {
          matches.total += 1;
          matches[match.choice] += 1;
        }
        if (valid.length < BULK_RESULTS_LIMIT) {
          const { key: _key, warningKinds: _kinds, ...entry } = v;
          valid.push({ ...entry, cells: cellsOf(row), edited: editedColumns(source, columns, dataRow), catalog_match: match });
        }
      }
    }
    if (keep && source.kind === 'upload') {
      await keep.finish({ fingerprint: validationFingerprint(role, mappings, source), valid: counts.valid, errors: counts.errors });
      Object.assign(matches, await RobotImportStage.countCatalogMatches(tx, validatedRowsQuery(source.upload.id), choices.default, choices.overrides));
    }
  });
  const answer = {
    valid_count: counts.valid,
    warning_count: counts.warnings,
    error_count: counts.errors,
    warning_groups: groups.list(),
    results: { valid, errors },
    truncated: counts.valid > valid.length || counts.errors > errors.length,
    catalog_matches: matches,
  };
  return { answer, tracked };
}

export function createBulkUploadService(db: Database, role: BulkImporterRole) {

  return {
    role,

    /**
     * Reads the file (a path: multer's disk storage; or a buffer) and stores it as a
     * pending upload. The packed rows go to PostgreSQL chunk by chunk and are let go;
     * only the preview stays for the answer.
     */
    async parse(ownerId: string, file: { originalname: string; source: UploadSource }, options: BulkParseOptions = {}): Promise<BulkParseResponse> {
      const fileName = sanitizeFileName(file.originalname);
      const { parsed, rowCount, uploadId } = await oneParseAtATime(async () => {
        await pruneUploads(db, ownerId);
        // One transaction: the upload, its rows stored while the file is read (CSV and workbooks), then its columns. A file that fails leaves nothing.
        return db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Database;
          const id = await beginUpload(tx, { ownerId, fileName });
          const rows = new UploadRowsWriter(tx, id);
          const table = await readUploadedFile(fileName, file.source, { sheet: options.sheet, headerRow: options.header_row, onRows: (chunks) => rows.add(chunks), discardRows: () => rows.discard() });
          const count = table.rows.length;
          await rows.add(table.rows.takeChunks());
          await finishUpload(tx, id, { columns: table.columns, rowCount: count, meta: table.meta });
          return { parsed: table, rowCount: count, uploadId: id };
        });
      });
      const meta: ParseMeta = parsed.meta;
      // A saved mapping for the same headers (any order) is applied in place of the guess.
      const saved = await findImportMappingBySignature(db, ownerId, headerSignature(parsed.columns));
      const applied = saved ? mappingForColumns(saved, parsed.columns) : null;
      if (saved && applied) await touchImportMapping(db, saved.id);
      return {
        upload_id: uploadId,
        file_name: fileName,
        row_count: rowCount,
        detected_columns: parsed.columns,
        suggested_mappings: applied ?? suggestMappings(parsed.columns, role),
        saved_mapping: saved && applied ? { id: saved.id, name: saved.name } : null,
        preview_rows: previewOf(parsed.columns, parsed.preview),
        format: meta.format,
        detected_units: unitsOf(parsed.columns),
        header_row: meta.headerRow,
        ...(meta.sheetName !== undefined ? { sheet_name: meta.sheetName } : {}),
        warnings: parsed.warnings,
        ...(parsed.sheets ? { sheets: parsed.sheets } : {}),
        ...(parsed.firstRows ? { first_rows: parsed.firstRows } : {}),
      };
    },

    async validate(ownerId: string, body: BulkRequest, errorsCsvUrl?: (id: string) => string): Promise<BulkValidateResponse> {
      const source = await loadSource(db, ownerId, body);
      const { answer } = await validateSource(db, role, source, body.mappings, new MatchChoices(body));
      if (source.kind === 'upload') await setUploadMappings(db, source.upload.id, body.mappings);
      return { ...answer, errors_csv_url: source.kind === 'upload' && errorsCsvUrl ? errorsCsvUrl(source.upload.id) : null };
    },

    /**
     * Cells fixed in the validate grid: stored with the upload (merged over earlier edits),
     * then the whole file is validated again with them; the edited rows' outcomes are listed.
     */
    async edit(ownerId: string, body: BulkEditRequest, errorsCsvUrl?: (id: string) => string): Promise<BulkEditResponse> {
      const upload = await findUpload(db, ownerId, body.upload_id);
      if (!upload) throw uploadGone();
      checkEdits(upload.columns, upload.rowCount, body.edits);
      validatorFor(uploadSource(upload), body.mappings, role); // a mapping problem is a 400 before anything is stored
      const edits = mergeEdits(upload.edits, body.edits);
      await setUploadEdits(db, upload.id, edits);
      await setUploadMappings(db, upload.id, body.mappings);
      const source = uploadSource({ ...upload, edits });
      const { answer, tracked } = await validateSource(db, role, source, body.mappings, new MatchChoices({}), new Set(body.edits.map((e) => e.row)));
      return { ...answer, errors_csv_url: errorsCsvUrl ? errorsCsvUrl(upload.id) : null, edited_rows: tracked };
    },

    /**
     * One transaction: the upload row is locked (a second import of the same upload
     * waits, then finds it gone), rows are streamed, validated and upserted in batches
     * of 1,000, the upload is deleted. Any failure rolls all of it back.
     */
    async import(ownerId: string, body: BulkRequest, errorsCsvUrl?: (id: string) => string): Promise<BulkImportResponse> {
      try {
        return await db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Database;
          const source = await loadSource(tx, ownerId, body, true);
          const validator = validatorFor(source, body.mappings, role);
          const choices = new MatchChoices(body);
          const options = { source: `Bulk upload${source.kind === 'upload' ? `: ${source.upload.fileName}` : ''}`, dofAssumed: bulkLimits.dof.assumed };
          // The import is named by its upload; the robots it wrote or matched are recorded for the catalog's import_id filter.
          const importId = source.kind === 'upload' ? source.upload.id : randomUUID();
          // Every valid row is staged (COPY into a temporary table), then written by one set-based upsert (docs/decisions.md).
          const stage = await RobotImportStage.open(tx);
          let rows = 0;
          let skipped = 0;
          // The rows kept by the last validation, when it validated exactly this request (mappings, edits): staged in SQL.
          const kept = source.kind === 'upload' ? validatedRowsOf(source.upload) : null;
          if (source.kind === 'upload' && kept && kept.fingerprint === validationFingerprint(role, body.mappings, source)) {
            rows = source.upload.rowCount;
            skipped = kept.errors;
            await stage.addStored(validatedRowsQuery(source.upload.id), choices.default, choices.overrides);
          } else {
            for await (const chunk of rowsOf(source, tx)) {
              const valid: StagedRobot[] = [];
              for (const [i, row] of chunk.rows.entries()) {
                rows += 1;
                const result = validator.check(row, chunk.first + i);
                if ('error' in result) skipped += 1;
                else valid.push({ ...result.valid, choice: choices.of(result.valid.row) });
              }
              await stage.add(valid);
            }
          }
          if (stage.size === 0) {
            throw new AppError('BAD_REQUEST', `Nothing to import: none of the ${rows} rows passed validation. Fix the errors and try again.`);
          }
          await stage.analyze();
          await stage.matchCatalog();
          await stage.fixSearchColumns(ownerId);
          const record = recordImportRobotsOf(importId, ownerId);
          // Rows naming a shared catalog model go where their choice says. The others: a supplier's
          // are offers on models they contribute (docs/decisions.md), an integrator's robots of their own.
          const counts =
            role === 'supplier'
              ? await stage.upsertOffers(ownerId, { ...options, record })
              : await stage.upsertOwned(ownerId, { ...options, own: true, listed: false, record });
          const { inserted, updated, unchanged } = counts;
          const matched = { attached: counts.attached, privateCopies: counts.privateCopies, skipped: counts.skippedMatches };
          // With rows still in error the upload is kept (marked imported) so the result can offer its error report.
          let reportUrl: string | null = null;
          if (source.kind === 'upload') {
            if (skipped > 0) {
              await markUploadImported(tx, source.upload.id);
              reportUrl = errorsCsvUrl ? errorsCsvUrl(source.upload.id) : null;
            } else {
              await deleteUpload(tx, source.upload.id);
            }
          }
          return {
            inserted,
            updated,
            unchanged,
            skipped,
            import_id: importId,
            attached: matched.attached,
            private_copies: matched.privateCopies,
            skipped_matches: matched.skipped,
            errors_csv_url: reportUrl,
          };
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
      // An imported upload stays readable here (its report is offered by the import's result).
      const upload = await findUpload(db, ownerId, uploadId, { imported: true });
      if (!upload) throw uploadGone();
      const source = uploadSource(upload);
      const chosen = mappings ?? (upload.mappings as BulkMappings | null) ?? suggestMappings(upload.columns, role);
      const validator = validatorFor(source, chosen, role);
      // "row": the row as the spreadsheet shows it, so the report points at the cell to fix.
      const lines: string[] = [csvLines([['row', 'errors', ...upload.columns]])];
      await withReader(db, source, async (tx) => {
        for await (const chunk of rowsOf(source, tx)) {
          const out: unknown[][] = [];
          chunk.rows.forEach((row, i) => {
            const result = validator.check(row, chunk.first + i);
            if ('error' in result) out.push([String(result.error.sheet_row), result.error.errors.join('; '), ...upload.columns.map((_, c) => row[c])]);
          });
          if (out.length) lines.push(csvLines(out));
        }
      });
      const base = upload.fileName.replace(/\.[^.]+$/, '');
      return { fileName: `${base}-errors.csv`, csv: csvDocument(lines) };
    },

    /** The person's saved mappings (issue 14), most recently used first. */
    async listMappings(userId: string): Promise<BulkSavedMappingList> {
      return { mappings: (await listImportMappings(db, userId)).map(savedMappingDto) };
    },

    /**
     * Saves the mapping of a file's columns under a name (the same name replaces it). The
     * mapped columns must be among `columns`, each field from one column; at most
     * BULK_SAVED_MAPPINGS_MAX per person.
     */
    async saveMapping(userId: string, body: BulkSaveMappingRequest): Promise<BulkSavedMapping> {
      const columns = new Set(body.columns);
      const details: Record<string, string[]> = {};
      const used = new Map<string, string>();
      for (const [column, target] of Object.entries(body.mappings)) {
        if (!columns.has(column)) (details[`mappings.${column}`] ??= []).push(`"${column}" is not among the columns sent`);
        else if (target !== null) {
          const other = used.get(target);
          if (other !== undefined) (details[`mappings.${column}`] ??= []).push(`${target} is already mapped from the column "${other}"; map each field from one column`);
          else used.set(target, column);
        }
      }
      if (!used.size) (details.mappings ??= []).push('Map at least one column before saving');
      const problems = Object.values(details).flat();
      if (problems.length) throw new AppError('VALIDATION_FAILED', `Check the mapping: ${problems[0] ?? ''}`, details);
      const replacing = await findImportMappingByName(db, userId, body.name);
      if (!replacing && (await countImportMappings(db, userId)) >= BULK_SAVED_MAPPINGS_MAX) {
        throw new AppError('CONFLICT', `You have ${BULK_SAVED_MAPPINGS_MAX} saved mappings, the most we keep: delete one you no longer use, or save under an existing name to replace it.`);
      }
      const mapping = Object.fromEntries(body.columns.map((c) => [c, body.mappings[c] ?? null]));
      const row = await upsertImportMapping(db, { userId, name: body.name, headerSignature: headerSignature(body.columns), columns: body.columns, mapping });
      return savedMappingDto(row);
    },

    /** Deletes one of the person's saved mappings; another person's (or an unknown id) is a 404. */
    async deleteMapping(userId: string, id: string): Promise<void> {
      if (!(await deleteImportMapping(db, userId, id))) throw new AppError('NOT_FOUND', 'This saved mapping was not found: it was deleted, or belongs to someone else.');
    },

  };
}

export type BulkUploadService = ReturnType<typeof createBulkUploadService>;
