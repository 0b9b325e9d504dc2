import type { ZodError } from 'zod';

/**
 * Error codes of the perception service and their HTTP status. The shared ones match
 * packages/contracts/src/errors.ts; the others are specific to video analysis.
 */
export const perceptionErrorStatus = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  NOT_FOUND: 404,
  /** The uploaded object (bucket_name/object_key) does not exist. */
  OBJECT_NOT_FOUND: 404,
  /** /confirm before stage 1 produced results for the job. */
  STAGE1_NOT_FOUND: 404,
  /** /stage2 without a confirmation with confirmed=true. */
  NOT_CONFIRMED: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** Not a video ffprobe/ffmpeg can read (or not a video at all). */
  VIDEO_UNREADABLE: 422,
  /** A ZIP without any .mp4/.mov/.m4v/.mkv/.avi inside. */
  NO_VIDEO_FOUND: 422,
  /** manifest.json inside the ZIP is not valid JSON or does not match the manifest schema. */
  MANIFEST_INVALID: 422,
  ZIP_TOO_MANY_ENTRIES: 422,
  ZIP_TOO_LARGE: 422,
  ZIP_PATH_TRAVERSAL: 422,
  ZIP_BOMB: 422,
  ZIP_INVALID: 422,
  INTERNAL: 500,
  /** The robot catalog (GET /api/robots on the API) could not be read. */
  CATALOG_UNAVAILABLE: 502,
  /** Object storage failed (not a missing object: an unreachable or failing store). */
  STORAGE_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  /** The analysis ran past the service's own deadline (kept under the callers' 300 s). */
  ANALYSIS_TIMEOUT: 504,
} as const;

export type PerceptionErrorCode = keyof typeof perceptionErrorStatus;

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
    this.status = perceptionErrorStatus[code];
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
