import { rm } from 'node:fs/promises';
import type { Request, RequestHandler, Response } from 'express';
import { AppError } from './errors';

function receivedPaths(req: Request): string[] {
  const files = req.files ? (Array.isArray(req.files) ? req.files : Object.values(req.files).flat()) : [];
  return [...(req.file ? [req.file] : []), ...files].map((f) => f.path).filter((p): p is string => typeof p === 'string');
}

/**
 * Removes what an upload route received when the request does not succeed: any 4xx or
 * 5xx answer (a refusal for another account's user_id, a bad field, a file of the wrong
 * kind) or a client that went away. parseUpload registers it itself, before the
 * multipart parser runs, so no upload route can forget it; a route that keeps the file
 * moves it before answering 2xx, so nothing it keeps is removed. One mechanism for every
 * upload route, so a new refusal path cannot leave up to 1 GB behind in DATA_DIR/tmp
 * (issue 15, item 4). Registering it twice is harmless.
 */
export const removeUploadsUnlessSuccessful: RequestHandler = (req, res, next) => {
  registerCleanup(req, res);
  next();
};

function registerCleanup(req: Request, res: Response): void {
  let done = false;
  const cleanUp = () => {
    if (done) return;
    done = true;
    if (res.statusCode < 400 && res.writableFinished) return;
    for (const path of receivedPaths(req)) void rm(path, { force: true }).catch(() => undefined);
  };
  res.once('finish', cleanUp);
  res.once('close', cleanUp);
}

/** C0 controls (NUL included) and DEL, and lone UTF-16 surrogates: never part of a file name a route may store. */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The client's file names without control characters or lone surrogates: a name sent as
 * `filename*=UTF-8''cell%00.mp4` reached the database as text with a NUL (a 500).
 */
function cleanFileNames(req: Request): void {
  const files = req.files ? (Array.isArray(req.files) ? req.files : Object.values(req.files).flat()) : [];
  for (const file of [...(req.file ? [req.file] : []), ...files]) file.originalname = file.originalname.replace(UNSAFE_NAME_CHARACTERS, '');
}

const MULTIPART_ERRORS = /multipart|boundary|unexpected end of form|malformed part header|part terminated early|field name missing|too many parts/i;

/**
 * The one way an upload route takes a file: a multer middleware with the cleanup of what
 * it receives registered first (removeUploadsUnlessSuccessful: any non-2xx answer removes
 * the files), and its failures turned into clear 4xx answers: the size limit is a 413
 * with `tooLarge` as its message (or what it answers for the request), other multer limits and a malformed multipart body (no
 * boundary, truncated part, empty body) a 400; refusals raised by the file filter
 * (AppError) pass through. A test checks that no route uses multer without it.
 */
export function parseUpload(upload: RequestHandler, tooLarge: string | ((req: Request) => string)): RequestHandler {
  return function parsedUpload(req, res, next) {
    registerCleanup(req, res);
    upload(req, res, (err: unknown) => {
      if (!err) {
        cleanFileNames(req);
        return next();
      }
      if (err instanceof AppError) return next(err);
      const e = err as { code?: string; name?: string; message?: string };
      if (e.code === 'LIMIT_FILE_SIZE') return next(new AppError('PAYLOAD_TOO_LARGE', typeof tooLarge === 'string' ? tooLarge : tooLarge(req)));
      if (e.name === 'MulterError') {
        return next(new AppError('BAD_REQUEST', e.code === 'LIMIT_UNEXPECTED_FILE' || e.code === 'LIMIT_FILE_COUNT' ? 'Send exactly one file in the "file" field' : `The upload was refused: ${e.message ?? 'bad multipart request'}`));
      }
      if (MULTIPART_ERRORS.test(e.message ?? '')) {
        return next(new AppError('BAD_REQUEST', 'The upload is not a valid multipart/form-data request: send the file in the "file" field.'));
      }
      next(err);
    });
  };
}
