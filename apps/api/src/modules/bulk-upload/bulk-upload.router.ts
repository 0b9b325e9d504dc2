import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import {
  BULK_CSV_UPLOAD_DEFAULT_MAX_BYTES,
  BULK_UPLOAD_DEFAULT_MAX_BYTES,
  bulkEditRequestSchema,
  bulkImportRequestSchema,
  bulkMappingsSchema,
  bulkParseOptionsSchema,
  bulkValidateRequestSchema,
  bulkSaveMappingRequestSchema,
  type BulkEditResponse,
  type BulkImportResponse,
  type BulkSavedMapping,
  type BulkSavedMappingList,
  type BulkParseResponse,
  type BulkValidateResponse,
} from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError } from '../../lib/errors';
import { parseUpload } from '../../lib/uploads';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import { requirePermission, requireRole } from '../../middleware/require-role';
import { webhookEvents } from '../webhooks';
import { createBulkUploadService, type BulkImporterRole } from './bulk-upload.service';
import { formatOf } from './parsing/parse-file';
import { templateCsv, templateXlsx } from './template';


function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${Math.round(n / 1024)} KB`;
}

/** Uploads are written to the API's temporary folder while read, and removed after /parse. */
export const UPLOAD_FILE_PREFIX = 'cellforge-bulk-';

/** The limits of a bulk upload: a CSV is read as a stream, workbooks and JSON are read whole. */
export interface BulkUploadLimits {
  /** .xlsx, .xls and .json (BULK_UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** .csv (BULK_CSV_UPLOAD_MAX_BYTES). */
  maxCsvBytes: number;
}

const isCsvName = (name: string) => name.toLowerCase().trim().endsWith('.csv');

/** The 413 message for a file of this name over its limit: the limit of its kind, and what to do. */
export function tooLargeMessage(fileName: string, limits: BulkUploadLimits): string {
  const csv = formatBytes(limits.maxCsvBytes);
  const other = formatBytes(limits.maxBytes);
  if (isCsvName(fileName)) return `The file is larger than the ${csv} limit for CSV files. Split it into smaller files and upload them one by one.`;
  if (/\.(xlsx|xls|json)$/.test(fileName.toLowerCase().trim())) {
    const hint = limits.maxCsvBytes > limits.maxBytes ? `Save it as CSV (up to ${csv}) or split it into smaller files` : 'Split it into smaller files';
    return `The file is larger than the ${other} limit for .xlsx, .xls and .json files. ${hint} and upload it again.`;
  }
  return `The file is larger than the limit for bulk uploads (CSV up to ${csv}; .xlsx, .xls and .json up to ${other}).`;
}

/**
 * multer, with its size error turned into a 413 that says what the limit is. The file
 * is streamed to disk (DATA_DIR/tmp; os.tmpdir() when none is given), not memory: a slow client sending 95 MB holds no
 * buffer in the API, and the CSV reader streams it from there. multer removes a partial
 * file when the upload fails (size limit, aborted request); /parse removes the file when
 * it is done with it, whatever the outcome. multer has one size limit per request, the larger
 * of the two (a CSV's); the name is known before the bytes, so the 413 names the limit of
 * the file's kind, and /parse refuses a workbook or JSON file over its own, smaller limit.
 */
function singleFile(limits: BulkUploadLimits, dir: string): RequestHandler {
  mkdirSync(dir, { recursive: true });
  const names = new WeakMap<object, string>();
  return parseUpload(
    multer({
      storage: multer.diskStorage({
        destination: (_req, _file, cb) => cb(null, dir),
        filename: (_req, _file, cb) => cb(null, `${UPLOAD_FILE_PREFIX}${randomUUID()}`),
      }),
      fileFilter: (req, file, cb) => {
        names.set(req, file.originalname);
        cb(null, true);
      },
      limits: { fileSize: Math.max(limits.maxBytes, limits.maxCsvBytes), files: 1, fields: 20, parts: 25 },
    }).single('file'),
    (req) => tooLargeMessage(names.get(req) ?? '.csv', limits),
  );
}

export interface BulkUploadRouterDeps {
  db: Database;
  tokens: TokenService;
  /** integrator: private robots (listed false); supplier: listings (listed true). */
  role: BulkImporterRole;
  /** BULK_UPLOAD_MAX_BYTES (default 25 MB): larger .xlsx, .xls and .json files answer 413. */
  maxBytes?: number;
  /** BULK_CSV_UPLOAD_MAX_BYTES (default 200 MB): larger CSV files answer 413. */
  maxCsvBytes?: number;
  /** Where uploads wait while they are parsed (the app passes DATA_DIR/tmp, swept of leftovers at start). */
  tmpDir?: string;
  /** Called after an import changed listed robots (supplier imports), so the public catalog search forgets its remembered answers at once. */
  onCatalogChange?: () => void;
}

/**
 * The bulk-upload pipeline, mounted for integrators (/api/integrator/bulk-upload,
 * integrator role) and suppliers (/api/supplier/bulk-upload, upload_robots permission).
 */
export function createBulkUploadRouter(deps: BulkUploadRouterDeps): Router {
  const router = Router();
  const service = createBulkUploadService(deps.db, deps.role);
  const limits: BulkUploadLimits = { maxBytes: deps.maxBytes ?? BULK_UPLOAD_DEFAULT_MAX_BYTES, maxCsvBytes: deps.maxCsvBytes ?? BULK_CSV_UPLOAD_DEFAULT_MAX_BYTES };
  router.use(
    authenticate(deps.tokens, { required: true }),
    deps.role === 'supplier' ? requirePermission('upload_robots') : requireRole('integrator'),
  );

  router.post('/parse', singleFile(limits, deps.tmpDir ?? tmpdir()), signedIn(async (req, res, user) => {
    const file = req.file;
    if (!file) {
      throw new AppError('BAD_REQUEST', 'Choose a file to upload: send it as multipart/form-data in the field "file" (.csv, .json, .xlsx or .xls).');
    }
    try {
      // An unsupported type is a 415 whatever its size; a workbook or JSON file over its own limit a 413.
      if (formatOf(file.originalname) !== 'csv' && file.size > limits.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(file.originalname, limits));
      const options = bulkParseOptionsSchema.parse(req.body ?? {});
      res.json((await service.parse(user.userId, { originalname: file.originalname, source: { path: file.path } }, options)) satisfies BulkParseResponse);
    } finally {
      await rm(file.path, { force: true });
    }
  }));

  router.post('/validate', signedIn(async (req, res, user) => {
    const body = bulkValidateRequestSchema.parse(req.body ?? {});
    res.json((await service.validate(user.userId, body, (id) => `${req.baseUrl}/${id}/errors.csv`)) satisfies BulkValidateResponse);
  }));

  router.post('/edits', signedIn(async (req, res, user) => {
    const body = bulkEditRequestSchema.parse(req.body ?? {});
    res.json((await service.edit(user.userId, body, (id) => `${req.baseUrl}/${id}/errors.csv`)) satisfies BulkEditResponse);
  }));

  router.post('/import', signedIn(async (req, res, user) => {
    const body = bulkImportRequestSchema.parse(req.body ?? {});
    const result = await service.import(user.userId, body, (id) => `${req.baseUrl}/${id}/errors.csv`);
    if (deps.role === 'supplier' && result.inserted + result.updated + (result.attached ?? 0) > 0) deps.onCatalogChange?.();
    await webhookEvents.publish(deps.db, [user.userId], 'import.finished', { role: deps.role, inserted: result.inserted, updated: result.updated, unchanged: result.unchanged ?? 0, skipped: result.skipped ?? 0 });
    res.json(result satisfies BulkImportResponse);
  }));

  /** The import template: every mappable field as a header, one example row; the XLSX adds a "Fields" sheet. */
  router.get('/template.csv', (_req, res) => {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="cellforge-robots-template.csv"');
    res.send(templateCsv(deps.role));
  });
  router.get('/template.xlsx', (_req, res) => {
    res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('Content-Disposition', 'attachment; filename="cellforge-robots-template.xlsx"');
    res.send(templateXlsx(deps.role));
  });

  /** Saved mappings (issue 14): each person sees and deletes only their own. */
  router.get('/mappings', signedIn(async (_req, res, user) => {
    res.json((await service.listMappings(user.userId)) satisfies BulkSavedMappingList);
  }));
  router.post('/mappings', signedIn(async (req, res, user) => {
    const body = bulkSaveMappingRequestSchema.parse(req.body ?? {});
    res.status(201).json((await service.saveMapping(user.userId, body)) satisfies BulkSavedMapping);
  }));
  router.delete('/mappings/:mappingId', signedIn(async (req, res, user) => {
    await service.deleteMapping(user.userId, String(req.params.mappingId));
    res.status(204).end();
  }));

  router.get('/:uploadId/errors.csv', signedIn(async (req, res, user) => {
    let mappings;
    if (typeof req.query.mappings === 'string') {
      let raw: unknown;
      try {
        raw = JSON.parse(req.query.mappings);
      } catch {
        throw new AppError('VALIDATION_FAILED', 'mappings must be JSON, e.g. {"Brand":"manufacturer"}', { mappings: ['Not JSON'] });
      }
      mappings = bulkMappingsSchema.parse(raw);
    }
    const report = await service.errorsCsv(user.userId, String(req.params.uploadId), mappings);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${report.fileName.replace(/[^\w.-]+/g, '_')}"`);
    res.send(report.csv);
  }));

  return router;
}
