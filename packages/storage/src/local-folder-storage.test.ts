import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStorage } from './create-storage';
import { StorageError } from './errors';
import { LocalFolderStorage } from './local-folder-storage';

let root: string;
let storage: LocalFolderStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  storage = new LocalFolderStorage(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('LocalFolderStorage', () => {
  it('stores a buffer at <root>/<bucket>/<key> and reads it back three ways', async () => {
    await storage.putObject('uploads', 'p1/j1/video.mp4', Buffer.from('hello video'), 'video/mp4');
    expect(await readFile(path.join(root, 'uploads', 'p1', 'j1', 'video.mp4'), 'utf8')).toBe('hello video');
    expect((await storage.getObjectBuffer('uploads', 'p1/j1/video.mp4')).toString()).toBe('hello video');
    expect((await readAll(await storage.getObjectStream('uploads', 'p1/j1/video.mp4'))).toString()).toBe('hello video');
    expect((await storage.headObject('uploads', 'p1/j1/video.mp4')).size).toBe(11);
    expect(await storage.objectExists('uploads', 'p1/j1/video.mp4')).toBe(true);
  });

  it('stores a stream and leaves no partial files behind', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    await storage.putObject('uploads', 'big.bin', Readable.from([big.subarray(0, 1_000_000), big.subarray(1_000_000)]));
    expect((await storage.headObject('uploads', 'big.bin')).size).toBe(big.length);
    expect(await readdir(path.join(root, 'uploads'))).toEqual(['big.bin']);
  });

  it('replaces an existing object', async () => {
    await storage.putObject('results', 'a.json', Buffer.from('{"v":1}'));
    await storage.putObject('results', 'a.json', Buffer.from('{"v":2}'));
    expect((await storage.getObjectBuffer('results', 'a.json')).toString()).toBe('{"v":2}');
  });

  it('answers OBJECT_NOT_FOUND for a missing object, on every read', async () => {
    for (const read of [
      () => storage.getObjectBuffer('uploads', 'nope.mp4'),
      () => storage.getObjectStream('uploads', 'nope.mp4'),
      () => storage.headObject('uploads', 'nope.mp4'),
    ]) {
      await expect(read()).rejects.toMatchObject({ name: 'StorageError', code: 'OBJECT_NOT_FOUND' });
    }
    expect(await storage.objectExists('uploads', 'nope.mp4')).toBe(false);
  });

  it('treats a folder as not an object', async () => {
    await storage.putObject('uploads', 'p1/file.txt', Buffer.from('x'));
    await expect(storage.headObject('uploads', 'p1')).rejects.toMatchObject({ code: 'OBJECT_NOT_FOUND' });
    expect(await storage.objectExists('uploads', 'p1')).toBe(false);
  });

  it('deletes, and deleting twice is fine', async () => {
    await storage.putObject('uploads', 'x.txt', Buffer.from('x'));
    await storage.deleteObject('uploads', 'x.txt');
    await storage.deleteObject('uploads', 'x.txt');
    expect(await storage.objectExists('uploads', 'x.txt')).toBe(false);
  });

  it.each([
    ['uploads', '../outside.txt'],
    ['uploads', '/etc/passwd'],
    ['uploads', 'a/../../outside.txt'],
    ['uploads', 'C:/x.txt'],
    ['uploads', 'a\0b'],
  ])('refuses key %s/%j', async (bucket, key) => {
    const err = await storage.putObject(bucket, key, Buffer.from('x')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect((err as StorageError).code).toBe('INVALID_OBJECT_KEY');
    expect(await readdir(root)).toEqual([]);
  });

  it.each(['..', '../x', 'UP', 'a', 'a/b', '/abs'])('refuses bucket %j', async (bucket) => {
    await expect(storage.getObjectBuffer(bucket, 'k')).rejects.toMatchObject({ code: 'INVALID_BUCKET_NAME' });
  });
});

describe('createStorage', () => {
  it('chooses local files without S3 settings and S3 with them', () => {
    expect(createStorage({ localRoot: root }).kind).toBe('local');
    expect(createStorage({ localRoot: root, s3: { endpoint: 'http://127.0.0.1:9', region: 'us-east-1', bucket: 'b' } }).kind).toBe('s3');
  });
});
