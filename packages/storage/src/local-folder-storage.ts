import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageError } from './errors';
import { assertBucketName, assertObjectKey } from './keys';
import type { ObjectInfo, ObjectStorage } from './object-storage';

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** Objects as plain files at <rootDir>/<bucket>/<key>: the zero-setup default. */
export class LocalFolderStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly rootDir: string;

  constructor(rootDir: string) {
    this.rootDir = path.resolve(rootDir);
  }

  /** The file an object lives in; throws for names that could leave the root folder. */
  pathFor(bucket: string, key: string): string {
    assertBucketName(bucket);
    assertObjectKey(key);
    const file = path.resolve(this.rootDir, bucket, ...key.split('/'));
    // Belt and braces: the key checks already rule this out.
    if (!file.startsWith(path.join(this.rootDir, bucket) + path.sep)) {
      throw new StorageError('INVALID_OBJECT_KEY', 'Invalid object key: it resolves outside its bucket');
    }
    return file;
  }

  private notFound(bucket: string, key: string, cause?: unknown): StorageError {
    return new StorageError('OBJECT_NOT_FOUND', `Object not found: ${bucket}/${key}`, { cause });
  }

  /** contentType is not kept on disk; readers sniff the bytes. */
  async putObject(bucket: string, key: string, body: Buffer | Readable, _contentType?: string): Promise<void> {
    const file = this.pathFor(bucket, key);
    // Write beside the target and rename, so a reader never sees half a file.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      if (Buffer.isBuffer(body)) await writeFile(tmp, body);
      else await pipeline(body, createWriteStream(tmp));
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => undefined);
      throw new StorageError('STORAGE_FAILED', `Could not store ${bucket}/${key}: ${(err as Error).message}`, { cause: err });
    }
  }

  async getObjectStream(bucket: string, key: string): Promise<Readable> {
    const file = this.pathFor(bucket, key);
    try {
      // Open first so a missing object fails here, not later inside the stream.
      const handle = await open(file, 'r');
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw this.notFound(bucket, key);
      }
      return handle.createReadStream();
    } catch (err) {
      if (err instanceof StorageError) throw err;
      if (isMissing(err)) throw this.notFound(bucket, key, err);
      throw new StorageError('STORAGE_FAILED', `Could not read ${bucket}/${key}: ${(err as Error).message}`, { cause: err });
    }
  }

  async getObjectBuffer(bucket: string, key: string): Promise<Buffer> {
    const file = this.pathFor(bucket, key);
    try {
      return await readFile(file);
    } catch (err) {
      if (isMissing(err)) throw this.notFound(bucket, key, err);
      throw new StorageError('STORAGE_FAILED', `Could not read ${bucket}/${key}: ${(err as Error).message}`, { cause: err });
    }
  }

  async headObject(bucket: string, key: string): Promise<ObjectInfo> {
    const file = this.pathFor(bucket, key);
    try {
      const info = await stat(file);
      if (!info.isFile()) throw this.notFound(bucket, key);
      return { size: info.size, lastModified: info.mtime };
    } catch (err) {
      if (err instanceof StorageError) throw err;
      if (isMissing(err)) throw this.notFound(bucket, key, err);
      throw new StorageError('STORAGE_FAILED', `Could not read ${bucket}/${key}: ${(err as Error).message}`, { cause: err });
    }
  }

  async deleteObject(bucket: string, key: string): Promise<void> {
    const file = this.pathFor(bucket, key);
    try {
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) await rm(file, { force: true });
    } catch (err) {
      throw new StorageError('STORAGE_FAILED', `Could not delete ${bucket}/${key}: ${(err as Error).message}`, { cause: err });
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
