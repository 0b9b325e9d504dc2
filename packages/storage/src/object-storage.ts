import type { Readable } from 'node:stream';

export interface ObjectInfo {
  /** Size in bytes. */
  size: number;
  lastModified?: Date;
  contentType?: string;
}

export interface PutObjectOptions {
  /** Length of a stream body when known; lets S3 upload it without buffering. */
  contentLength?: number;
}

/**
 * Where uploads and analysis results live. Buckets are logical names (validated like
 * S3's); keys are relative slash-separated paths. Every method throws StorageError:
 * OBJECT_NOT_FOUND for a missing object, INVALID_* for a bad name, STORAGE_FAILED otherwise.
 */
export interface ObjectStorage {
  /** "local" or "s3": for logs and the health answer. */
  readonly kind: 'local' | 's3';
  putObject(bucket: string, key: string, body: Buffer | Readable, contentType?: string, options?: PutObjectOptions): Promise<void>;
  getObjectStream(bucket: string, key: string): Promise<Readable>;
  getObjectBuffer(bucket: string, key: string): Promise<Buffer>;
  headObject(bucket: string, key: string): Promise<ObjectInfo>;
  /** Deleting a missing object is not an error (as in S3). */
  deleteObject(bucket: string, key: string): Promise<void>;
  objectExists(bucket: string, key: string): Promise<boolean>;
}
