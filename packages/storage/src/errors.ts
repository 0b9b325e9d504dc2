/** Error codes of object storage. OBJECT_NOT_FOUND is the one callers usually branch on. */
export type StorageErrorCode = 'OBJECT_NOT_FOUND' | 'INVALID_BUCKET_NAME' | 'INVALID_OBJECT_KEY' | 'STORAGE_FAILED';

export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Why a ZIP was refused. Each one is a user-facing problem with the upload, not a server fault. */
export type ZipErrorCode = 'ZIP_TOO_MANY_ENTRIES' | 'ZIP_TOO_LARGE' | 'ZIP_PATH_TRAVERSAL' | 'ZIP_BOMB' | 'ZIP_INVALID';

export class ZipError extends Error {
  override readonly name = 'ZipError';
  constructor(
    readonly code: ZipErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isStorageError(err: unknown, code?: StorageErrorCode): err is StorageError {
  return err instanceof StorageError && (code === undefined || err.code === code);
}

export function isZipError(err: unknown): err is ZipError {
  return err instanceof ZipError;
}
