import type { ZodError } from 'zod';
import { errorCodes, type ErrorCode } from '@cellforge/contracts';

/**
 * The error codes the perception service answers with. Codes and their HTTP statuses
 * live in one table, packages/contracts/src/errors.ts, shared with the API; this is the
 * subset video analysis uses (OBJECT_NOT_FOUND: the uploaded object is missing;
 * STAGE1_NOT_FOUND: /confirm before stage 1 results; NOT_CONFIRMED: /stage2 without a
 * confirmation; VIDEO_UNREADABLE: not a video ffprobe/ffmpeg can read; NO_VIDEO_FOUND and
 * MANIFEST_INVALID / ZIP_*: a ZIP without a video, with a bad manifest.json or unsafe;
 * CATALOG_UNAVAILABLE: the API's robot catalog could not be read; STORAGE_UNAVAILABLE:
 * the store failed; ANALYSIS_TIMEOUT: past the service's own deadline, kept under the
 * callers' 300 s).
 */
export const perceptionErrorCodes = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'NOT_FOUND',
  'OBJECT_NOT_FOUND',
  'STAGE1_NOT_FOUND',
  'NOT_CONFIRMED',
  'PAYLOAD_TOO_LARGE',
  'VIDEO_UNREADABLE',
  'NO_VIDEO_FOUND',
  'MANIFEST_INVALID',
  'ZIP_TOO_MANY_ENTRIES',
  'ZIP_TOO_LARGE',
  'ZIP_PATH_TRAVERSAL',
  'ZIP_BOMB',
  'ZIP_INVALID',
  'INTERNAL',
  'CATALOG_UNAVAILABLE',
  'STORAGE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'ANALYSIS_TIMEOUT',
] as const satisfies readonly ErrorCode[];

export type PerceptionErrorCode = (typeof perceptionErrorCodes)[number];

export class PerceptionError extends Error {
  override readonly name = 'PerceptionError';
  readonly status: number;
  constructor(
    readonly code: PerceptionErrorCode,
    message: string,
    readonly details?: Record<string, string[]>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.status = errorCodes[code];
  }
}

export function errorBody(code: string, message: string, details?: Record<string, string[]>) {
  return details ? { message, error: message, code, details } : { message, error: message, code };
}

/** Zod issues as { "field.path": [messages] }, the `details` of a VALIDATION_FAILED answer. */
export function zodDetails(error: ZodError): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (details[key] ??= []).push(issue.message);
  }
  return details;
}
