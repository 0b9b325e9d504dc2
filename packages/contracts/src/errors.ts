import { z } from 'zod';

/**
 * Stable error codes. Clients branch on `code`, never on message text.
 * The HTTP status for each code lives here too so every service maps them alike.
 */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  /** Password-reset links: unknown (mistyped, cut short), expired, or already used. */
  RESET_TOKEN_INVALID: 400,
  RESET_TOKEN_EXPIRED: 400,
  RESET_TOKEN_USED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_INVALID: 401,
  /** API keys (Authorization: Bearer cfk_...): not a key of this server, or malformed. */
  API_KEY_INVALID: 401,
  API_KEY_REVOKED: 401,
  API_KEY_EXPIRED: 401,
  FORBIDDEN: 403,
  ROLE_MISMATCH: 403,
  /** The key works but lacks the scope this route needs. */
  API_KEY_SCOPE_MISSING: 403,
  /** The route is for signed-in sessions only (account, key management): no key reaches it. */
  API_KEY_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  OBJECT_NOT_FOUND: 404,
  STAGE1_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  NOT_CONFIRMED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  VIDEO_UNREADABLE: 422,
  /** Offer images (issue 13): a picture the decoder cannot read, or one of more pixels than accepted. */
  IMAGE_UNREADABLE: 422,
  IMAGE_TOO_MANY_PIXELS: 422,
  /** An offer already has its 8 images. */
  OFFER_IMAGE_LIMIT: 409,
  NO_VIDEO_FOUND: 422,
  MANIFEST_INVALID: 422,
  ZIP_TOO_MANY_ENTRIES: 422,
  ZIP_TOO_LARGE: 422,
  ZIP_PATH_TRAVERSAL: 422,
  ZIP_BOMB: 422,
  ZIP_INVALID: 422,
  /** Bulk import (issue 14): workbooks refused before they are read, each with its own code. */
  WORKBOOK_ENCRYPTED: 400,
  WORKBOOK_UNREADABLE: 400,
  WORKBOOK_UNSAFE: 400,
  WORKBOOK_TOO_LARGE: 400,
  FILE_TOO_MANY_ROWS: 400,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  CATALOG_UNAVAILABLE: 502,
  SERVICE_UNAVAILABLE: 503,
  STORAGE_UNAVAILABLE: 503,
  UPSTREAM_TIMEOUT: 504,
  ANALYSIS_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof errorCodes;
export const errorCodeNames = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];
/** The stable codes as a schema (the API reference lists them). */
export const errorCodeSchema = z.enum(errorCodeNames);

/** Field-level details of a validation error: field path -> messages. */
export const errorDetailsSchema = z.record(z.string(), z.array(z.string()));

/** Every API error answer: `message` and `error` carry the same text. */
export const errorBodySchema = z.object({
  message: z.string(),
  error: z.string(),
  code: z.string(),
  details: errorDetailsSchema.optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
/** The error shape as the API documents it: `code` is one of the stable codes. */
export const apiErrorSchema = errorBodySchema.extend({ code: errorCodeSchema });

export function statusForCode(code: ErrorCode): number {
  return errorCodes[code];
}
