import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ConfigFromEnv } from './create-storage';
import { S3Storage } from './s3-storage';

/** Just enough of S3's path-style REST API: PUT, GET, HEAD, DELETE on /<bucket>/<key>. */
function startFakeS3() {
  const objects = new Map<string, { body: Buffer; type?: string }>();
  const requests: { method?: string; path: string; auth?: string }[] = [];
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = decodeURIComponent(url.pathname);
    requests.push({ method: req.method, path: key, auth: req.headers.authorization });
    if (req.method === 'PUT') {
      objects.set(key, { body: await readBody(req), type: req.headers['content-type'] });
      res.writeHead(200, { ETag: '"x"' }).end();
      return;
    }
    const obj = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
      return;
    }
    if (!obj) {
      const xml = '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>';
      res.writeHead(404, { 'Content-Type': 'application/xml' }).end(req.method === 'HEAD' ? undefined : xml);
      return;
    }
    res.writeHead(200, { 'Content-Length': obj.body.length, 'Content-Type': obj.type ?? 'application/octet-stream', 'Last-Modified': new Date().toUTCString() });
    res.end(req.method === 'HEAD' ? undefined : obj.body);
  });
  return { server, objects, requests };
}

let fake: ReturnType<typeof startFakeS3>;
let storage: S3Storage;

beforeAll(async () => {
  fake = startFakeS3();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const { port } = fake.server.address() as AddressInfo;
  storage = new S3Storage({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'cellforge', accessKeyId: 'k', secretAccessKey: 's' });
});
afterAll(async () => {
  storage.client.destroy();
  await new Promise((resolve) => fake.server.close(resolve));
});

describe('S3Storage against a fake S3', () => {
  it('puts logical bucket/key under the one real bucket, path-style, signed', async () => {
    await storage.putObject('uploads', 'p1/video.mp4', Buffer.from('abc'), 'video/mp4');
    expect(fake.objects.get('/cellforge/uploads/p1/video.mp4')).toEqual({ body: Buffer.from('abc'), type: 'video/mp4' });
    expect(fake.requests.at(-1)?.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=k\//);
  });

  it('reads back as buffer, stream and head', async () => {
    await storage.putObject('results', 'r.json', Buffer.from('{"ok":true}'), 'application/json');
    expect((await storage.getObjectBuffer('results', 'r.json')).toString()).toBe('{"ok":true}');
    const chunks: Buffer[] = [];
    for await (const c of await storage.getObjectStream('results', 'r.json')) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('{"ok":true}');
    expect(await storage.headObject('results', 'r.json')).toMatchObject({ size: 11, contentType: 'application/json' });
  });

  it('uploads a stream of unknown length with its real length', async () => {
    await storage.putObject('uploads', 'stream.bin', Readable.from([Buffer.alloc(1000, 1), Buffer.alloc(500, 2)]));
    expect(fake.objects.get('/cellforge/uploads/stream.bin')?.body.length).toBe(1500);
  });

  it('maps a missing object to OBJECT_NOT_FOUND and exists() to false', async () => {
    await expect(storage.getObjectBuffer('uploads', 'missing.mp4')).rejects.toMatchObject({ code: 'OBJECT_NOT_FOUND' });
    await expect(storage.headObject('uploads', 'missing.mp4')).rejects.toMatchObject({ code: 'OBJECT_NOT_FOUND' });
    expect(await storage.objectExists('uploads', 'missing.mp4')).toBe(false);
  });

  it('deletes', async () => {
    await storage.putObject('uploads', 'gone.txt', Buffer.from('x'));
    await storage.deleteObject('uploads', 'gone.txt');
    expect(await storage.objectExists('uploads', 'gone.txt')).toBe(false);
  });

  it('refuses unsafe keys before any request', async () => {
    const before = fake.requests.length;
    await expect(storage.putObject('uploads', '../x', Buffer.from('x'))).rejects.toMatchObject({ code: 'INVALID_OBJECT_KEY' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('s3ConfigFromEnv', () => {
  it('needs S3_ENDPOINT and S3_BUCKET; empty values count as unset', () => {
    expect(s3ConfigFromEnv({ S3_ENDPOINT: 'http://minio:9000' })).toBeUndefined();
    expect(s3ConfigFromEnv({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: '' })).toBeUndefined();
    expect(s3ConfigFromEnv({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'cf', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'cf',
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
    });
  });
});
