import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { ErrorBody } from '@cellforge/contracts';
import { AppError } from '../lib/errors';
import { loggableError } from '../lib/logger';

function body(code: string, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { message, error: message, code, ...extra };
}

function zodToDetails(error: ZodError): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (details[key] ??= []).push(issue.message);
  }
  return details;
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `Route not found: ${req.method} ${req.path}`));
};

interface HttpishError {
  type?: string;
  status?: number;
  statusCode?: number;
  code?: string;
  message?: string;
  /** body-parser: the raw body it could not take. */
  body?: unknown;
}

/** Valid JSON that is not an object or array ("null", "42"): the strict parser refuses it. */
function jsonButNotObject(raw: unknown): boolean {
  if (typeof raw !== 'string') return false;
  try {
    JSON.parse(raw);
    return true;
  } catch {
    return false;
  }
}

/** The redaction is the logger's own (lib/logger.ts); re-exported for the code and tests that used it from here. */
export { loggableError };

/** One place that turns every failure into `{ message, error, code, details? }`. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  if (res.headersSent) return;
  const requestId = typeof req.id === 'string' || typeof req.id === 'number' ? String(req.id) : '';

  if (err instanceof ZodError) {
    const details = zodToDetails(err);
    const fields = Object.keys(details).filter((k) => k !== '_');
    const first = err.issues[0]?.message ?? 'Invalid input';
    const message = fields.length ? `Invalid ${fields.join(', ')}: ${first}` : first;
    res.status(400).json(body('VALIDATION_FAILED', message, { details }));
    return;
  }
  if (err instanceof AppError) {
    res.status(err.status).json(body(err.code, err.message, err.details ? { details: err.details } : {}));
    return;
  }
  const e = (err ?? {}) as HttpishError;
  if (e.type === 'entity.parse.failed') {
    const message = jsonButNotObject(e.body) ? 'The request body must be a JSON object' : 'The request body is not valid JSON';
    res.status(400).json(body('INVALID_JSON', message));
    return;
  }
  if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE') {
    res.status(413).json(body('PAYLOAD_TOO_LARGE', 'The request is too large'));
    return;
  }
  if (e.code === 'LIMIT_UNEXPECTED_FILE' || e.code === 'LIMIT_FILE_COUNT' || e.code === 'LIMIT_PART_COUNT') {
    res.status(400).json(body('BAD_REQUEST', 'Send exactly one file in the "file" field'));
    return;
  }
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).json(body('BAD_REQUEST', e.message || 'Bad request'));
    return;
  }
  req.log?.error({ err: loggableError(err), requestId }, 'unhandled error');
  res.status(500).json(body('INTERNAL', 'Something went wrong on our side. Please try again.', { requestId }));
};

