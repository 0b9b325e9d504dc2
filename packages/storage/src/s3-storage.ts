import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { StorageError } from './errors';
import { assertBucketName, assertObjectKey } from './keys';
import type { ObjectInfo, ObjectStorage, PutObjectOptions } from './object-storage';

export interface S3StorageConfig {
  endpoint: string;
  region: string;
  /** The one real bucket; logical buckets become its top-level prefixes. */
  bucket: string;
  /** Without keys the SDK's default credential chain applies (env, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * S3-compatible storage (AWS S3, MinIO, ...). A deployment creates one bucket (S3_BUCKET);
 * the logical bucket names used by the apps ("uploads", "results", ...) are prefixes inside
 * it, exactly like the folders of LocalFolderStorage: logical bucket b, key k -> s3://S3_BUCKET/b/k.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(config: S3StorageConfig, client?: S3Client) {
    this.bucket = config.bucket;
    const options: S3ClientConfig = {
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      // Newer SDKs add CRC checksums and aws-chunked bodies by default, which several
      // S3-compatible stores reject; only send checksums where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (config.accessKeyId && config.secretAccessKey) {
      options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
    }
    this.client = client ?? new S3Client(options);
  }

  private keyFor(bucket: string, key: string): string {
    assertBucketName(bucket);
    assertObjectKey(key);
    return `${bucket}/${key}`;
  }

  private fail(action: string, bucket: string, key: string, err: unknown): StorageError {
    if (isNotFound(err)) return new StorageError('OBJECT_NOT_FOUND', `Object not found: ${bucket}/${key}`, { cause: err });
    return new StorageError('STORAGE_FAILED', `Could not ${action} ${bucket}/${key}: ${(err as Error)?.message ?? String(err)}`, {
      cause: err,
    });
  }

  async putObject(bucket: string, key: string, body: Buffer | Readable, contentType?: string, options?: PutObjectOptions): Promise<void> {
    const Key = this.keyFor(bucket, key);
    let spoolDir: string | undefined;
    try {
      let Body: Buffer | Readable = body;
      let ContentLength = Buffer.isBuffer(body) ? body.length : options?.contentLength;
      if (!Buffer.isBuffer(body) && ContentLength === undefined) {
        const fromFile = (body as Readable & { path?: unknown }).path;
        if (typeof fromFile === 'string') {
          ContentLength = (await stat(fromFile)).size;
        } else {
          // A single PUT needs the length up front: spool unknown-length streams to disk
          // rather than into memory (videos can be large).
          spoolDir = await mkdtemp(path.join(tmpdir(), 'cellforge-s3-'));
          const spool = path.join(spoolDir, 'body');
          await pipeline(body, createWriteStream(spool));
          ContentLength = (await stat(spool)).size;
          Body = createReadStream(spool);
        }
      }
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body, ContentLength, ContentType: contentType }));
    } catch (err) {
      throw this.fail('store', bucket, key, err);
    } finally {
      if (spoolDir) await rm(spoolDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  async getObjectStream(bucket: string, key: string): Promise<Readable> {
    const Key = this.keyFor(bucket, key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      const body = out.Body;
      if (body instanceof Readable) return body;
      if (body && typeof (body as { transformToWebStream?: unknown }).transformToWebStream === 'function') {
        return Readable.fromWeb((body as { transformToWebStream(): WebReadableStream }).transformToWebStream());
      }
      throw new Error('empty body');
    } catch (err) {
      throw this.fail('read', bucket, key, err);
    }
  }

  async getObjectBuffer(bucket: string, key: string): Promise<Buffer> {
    const stream = await this.getObjectStream(bucket, key);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    } catch (err) {
      throw this.fail('read', bucket, key, err);
    }
    return Buffer.concat(chunks);
  }

  async headObject(bucket: string, key: string): Promise<ObjectInfo> {
    const Key = this.keyFor(bucket, key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return { size: out.ContentLength ?? 0, lastModified: out.LastModified, contentType: out.ContentType };
    } catch (err) {
      throw this.fail('read', bucket, key, err);
    }
  }

  async deleteObject(bucket: string, key: string): Promise<void> {
    const Key = this.keyFor(bucket, key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (err) {
      if (isNotFound(err)) return;
      throw this.fail('delete', bucket, key, err);
    }
  }

  async objectExists(bucket: string, key: string): Promise<boolean> {
    try {
      await this.headObject(bucket, key);
      return true;
    } catch (err) {
      if (err instanceof StorageError && err.code === 'OBJECT_NOT_FOUND') return false;
      throw err;
    }
  }
}
