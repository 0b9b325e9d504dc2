import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import sharp, { type Sharp } from 'sharp';
import { sql } from 'drizzle-orm';
import {
  createOfferResponseSchema,
  errorBodySchema,
  offerImageListResponseSchema,
  offerImageResponseSchema,
  offerListResponseSchema,
  robotListResponseSchema,
  robotSchema,
  type OfferImage,
} from '@cellforge/contracts';
import { seedCatalog } from '@cellforge/db';
import { LocalFolderStorage, S3Storage, type ObjectStorage } from '@cellforge/storage';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined } from '../../test/defined';

const BUCKET = 'offer-images';

/** A real picture made here: a gradient, so encoders have something to encode. */
async function picture(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif', extra?: (s: Sharp) => Sharp): Promise<Buffer> {
  let s = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><rect x="0" y="0" width="${Math.round(width / 2)}" height="${Math.round(height / 3)}" fill="#f80"/></svg>`), top: 0, left: 0 }]);
  if (extra) s = extra(s);
  return s.toFormat(format).toBuffer();
}

/** A PNG whose header claims 50,000 x 50,000 pixels (2.5 gigapixels) in a file of a few hundred bytes. */
function pngBomb(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

async function offerOn(app: Express, token: string, q = 'Fanuc CRX 10iA', price = 42000) {
  const found = robotListResponseSchema.parse((await request(app).get('/api/robots').query({ q, limit: 1 }).expect(200)).body);
  const model = defined(found.data[0], `a model for ${q}`);
  const created = createOfferResponseSchema.parse((await request(app).post('/api/supplier/offers').set(bearer(token)).send({ robot_id: model.id, price_min: price }).expect(201)).body);
  return created.data;
}

const upload = (app: Express, token: string, offerId: string, file: Buffer, name = 'photo.jpg', alt?: string) => {
  const req = request(app).post(`/api/supplier/offers/${offerId}/images`).set(bearer(token)).attach('file', file, name);
  return alt === undefined ? req : req.field('alt', alt);
};

const uploaded = async (app: Express, token: string, offerId: string, file: Buffer, name?: string, alt?: string): Promise<OfferImage> =>
  offerImageResponseSchema.parse((await upload(app, token, offerId, file, name, alt).expect(201)).body).data;

const fetchImage = (app: Express, url: string, token?: string) => {
  const req = request(app).get(url).buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
  return token ? req.set(bearer(token)) : req;
};

const keysOf = (offerId: string, image: OfferImage, originalExt: string) =>
  [`offers/${offerId}/${image.id}/original.${originalExt}`, `offers/${offerId}/${image.id}/thumb.webp`, `offers/${offerId}/${image.id}/display.webp`];

describe.each(testBackends)('offer images on %s', (backend) => {
  const root = mkdtempSync(path.join(tmpdir(), 'cf-offer-images-'));
  const storage = new LocalFolderStorage(root);
  const ctx = useTestApp(backend, { offerImageMaxBytes: 400_000 }, { seed: (db) => seedCatalog(db), storage: () => storage });
  const app = () => ctx().app;

  it('a supplier uploads a photo: stored upright without EXIF, a 320 px thumbnail and a 1280 px display size; buyers see it on the card and the robot page', async () => {
    const { token } = await registerUser(app(), { user_type: 'supplier', company_name: 'CoboSupply' });
    const offer = await offerOn(app(), token);
    // 2400 x 1200 taken with the camera turned: EXIF orientation 6 says "rotate 90° to view".
    const photo = await picture(2400, 1200, 'jpeg', (s) => s.withMetadata({ orientation: 6 }).withExifMerge({ IFD0: { Copyright: 'Secret Location GmbH' } }));
    const sent = await sharp(photo).metadata();
    expect([sent.orientation, sent.exif === undefined]).toEqual([6, false]);

    const image = await uploaded(app(), token, offer.id, photo, 'IMG_0001.JPG', '  CRX-10iA on its stand  ');
    expect(image).toMatchObject({
      offer_id: offer.id,
      position: 0,
      alt: 'CRX-10iA on its stand',
      content_type: 'image/jpeg',
      original: { width: 1200, height: 2400 },
      display: { width: 640, height: 1280 },
      thumb: { width: 160, height: 320 },
    });

    const original = await fetchImage(app(), image.original.url).expect(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const originalMeta = await sharp(original.body as Buffer).metadata();
    expect([originalMeta.width, originalMeta.height, originalMeta.exif, originalMeta.orientation]).toEqual([1200, 2400, undefined, undefined]);
    for (const [size, w, h] of [['thumb', 160, 320], ['display', 640, 1280]] as const) {
      const res = await fetchImage(app(), image[size].url).expect(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, h]);
    }
    const etag = defined((await fetchImage(app(), image.thumb.url).expect(200)).headers.etag, 'etag');
    await request(app()).get(image.thumb.url).set('If-None-Match', etag).expect(304);
    for (const key of keysOf(offer.id, image, 'jpg')) expect(await storage.objectExists(BUCKET, key)).toBe(true);

    // Buyers: the card's picture is the thumbnail with its size; the robot page's offers carry the gallery.
    const card = defined(robotListResponseSchema.parse((await request(app()).get('/api/robots').query({ q: 'crx 10ia' }).expect(200)).body).data.find((r) => r.id === offer.robot.id), 'the card');
    expect(card.offers?.image).toEqual({ id: image.id, url: image.thumb.url, width: 160, height: 320, alt: 'CRX-10iA on its stand' });
    const page = robotSchema.parse((await request(app()).get(`/api/robots/${offer.robot.id}`).expect(200)).body.data);
    expect(page.offers?.image?.id).toBe(image.id);
    const offers = offerListResponseSchema.parse((await request(app()).get(`/api/robots/${offer.robot.id}/offers`).expect(200)).body);
    expect(offers.data[0]?.images.map((i) => [i.id, i.position, i.alt])).toEqual([[image.id, 0, 'CRX-10iA on its stand']]);
  });

  it('PNG, WebP and AVIF are taken by content; at most 8 per offer, the 9th refused with OFFER_IMAGE_LIMIT; reorder and alt text', async () => {
    const { token } = await registerUser(app(), { user_type: 'supplier' });
    const offer = await offerOn(app(), token);
    const formats = ['png', 'webp', 'avif', 'jpeg', 'png', 'webp', 'jpeg', 'png'] as const;
    const images: OfferImage[] = [];
    for (const [i, format] of formats.entries()) {
      // The name says nothing true: the content decides.
      images.push(await uploaded(app(), token, offer.id, await picture(200 + i * 10, 100, format), `file-${i}.bin`));
    }
    expect(images.map((i) => i.content_type)).toEqual(['image/png', 'image/webp', 'image/avif', 'image/jpeg', 'image/png', 'image/webp', 'image/jpeg', 'image/png']);
    expect(images.map((i) => i.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Small pictures are never enlarged.
    expect(images[0]?.display).toMatchObject({ width: 200, height: 100 });

    const ninth = await upload(app(), token, offer.id, await picture(100, 100, 'jpeg')).expect(409);
    expect(errorBodySchema.parse(ninth.body)).toMatchObject({ code: 'OFFER_IMAGE_LIMIT', message: 'An offer has at most 8 images. Delete one before adding another.' });
    // The table holds the cap too: no 9th row past the service, and no two images on one position.
    const row = (position: number) =>
      sql`insert into offer_images (offer_id, position, original_key, thumb_key, display_key, width, height, thumb_width, thumb_height, display_width, display_height, content_type, bytes)
          values (${offer.id}, ${position}, 'k', 'k', 'k', 1, 1, 1, 1, 1, 1, 'image/png', 1)`;
    await expect(ctx().handle.db.execute(row(8))).rejects.toThrow();
    await expect(ctx().handle.db.execute(row(3))).rejects.toThrow();

    const ids = images.map((i) => i.id);
    const reversed = [...ids].reverse();
    const reordered = offerImageListResponseSchema.parse((await request(app()).put(`/api/supplier/offers/${offer.id}/images/order`).set(bearer(token)).send({ ids: reversed }).expect(200)).body);
    expect(reordered.data.map((i) => i.id)).toEqual(reversed);
    expect(reordered.data.map((i) => i.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The card's picture follows the order.
    const robot = robotSchema.parse((await request(app()).get(`/api/robots/${offer.robot.id}`).expect(200)).body.data);
    expect(robot.offers?.image?.id).toBe(reversed[0]);
    // An order that leaves one out, or names another offer's image, is refused.
    const partial = await request(app()).put(`/api/supplier/offers/${offer.id}/images/order`).set(bearer(token)).send({ ids: reversed.slice(1) }).expect(400);
    expect(errorBodySchema.parse(partial.body).code).toBe('VALIDATION_FAILED');

    const captioned = offerImageResponseSchema.parse((await request(app()).patch(`/api/supplier/offers/${offer.id}/images/${ids[2]}`).set(bearer(token)).send({ alt: 'Teach pendant' }).expect(200)).body);
    expect(captioned.data.alt).toBe('Teach pendant');
    const listed = offerImageListResponseSchema.parse((await request(app()).get(`/api/supplier/offers/${offer.id}/images`).set(bearer(token)).expect(200)).body);
    expect(listed.data.find((i) => i.id === ids[2])?.alt).toBe('Teach pendant');
  });

  it('refuses a text file named .jpg, a ZIP named .jpg, a 2.5-gigapixel PNG and a file over the size limit, each with a clear code', async () => {
    const { token } = await registerUser(app(), { user_type: 'supplier' });
    const offer = await offerOn(app(), token);
    const text = await upload(app(), token, offer.id, Buffer.from('just some words, not a picture\n'.repeat(20)), 'photo.jpg').expect(415);
    expect(errorBodySchema.parse(text.body)).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(text.body.message).toMatch(/JPEG, PNG, WebP or AVIF/);
    const zip = await upload(app(), token, offer.id, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200)]), 'photo.jpg').expect(415);
    expect(zip.body.code).toBe('UNSUPPORTED_FILE_TYPE');
    const gif = await upload(app(), token, offer.id, await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).gif().toBuffer(), 'x.png').expect(415);
    expect(gif.body.message).toMatch(/reads as gif/);

    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2000);
    const huge = await upload(app(), token, offer.id, bomb, 'huge.png').expect(422);
    expect(errorBodySchema.parse(huge.body)).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS' });
    expect(huge.body.message).toMatch(/50000 × 50000 pixels; at most 40 megapixels/);

    const big = await upload(app(), token, offer.id, Buffer.alloc(500_000, 1), 'big.jpg').expect(413);
    expect(errorBodySchema.parse(big.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(big.body.message).toMatch(/limit of 0.4 MB/);

    const truncated = (await picture(400, 300, 'jpeg')).subarray(0, 600);
    const cut = await upload(app(), token, offer.id, truncated, 'cut.jpg').expect(422);
    expect(cut.body.code).toBe('IMAGE_UNREADABLE');

    await request(app()).post(`/api/supplier/offers/${offer.id}/images`).set(bearer(token)).field('alt', 'no file').expect(400);
    const longAlt = await upload(app(), token, offer.id, await picture(50, 50, 'png'), 'a.png', 'x'.repeat(201)).expect(400);
    expect(longAlt.body.code).toBe('VALIDATION_FAILED');
    // Nothing was stored by any refusal.
    const listed = offerImageListResponseSchema.parse((await request(app()).get(`/api/supplier/offers/${offer.id}/images`).set(bearer(token)).expect(200)).body);
    expect(listed.data).toEqual([]);
  });

  it('only the offer\'s supplier adds or deletes its images; deleting removes the stored files and closes the gap', async () => {
    const owner = await registerUser(app(), { user_type: 'supplier' });
    const rival = await registerUser(app(), { user_type: 'supplier' });
    const buyer = await registerUser(app(), { user_type: 'customer' });
    const offer = await offerOn(app(), owner.token);
    const first = await uploaded(app(), owner.token, offer.id, await picture(300, 200, 'png'), 'a.png');
    const second = await uploaded(app(), owner.token, offer.id, await picture(300, 200, 'jpeg'), 'b.jpg');

    expect((await upload(app(), rival.token, offer.id, await picture(30, 20, 'png')).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await request(app()).delete(`/api/supplier/offers/${offer.id}/images/${first.id}`).set(bearer(rival.token)).expect(404)).body.code).toBe('NOT_FOUND');
    await request(app()).patch(`/api/supplier/offers/${offer.id}/images/${first.id}`).set(bearer(rival.token)).send({ alt: 'mine' }).expect(404);
    await request(app()).put(`/api/supplier/offers/${offer.id}/images/order`).set(bearer(rival.token)).send({ ids: [second.id, first.id] }).expect(404);
    await upload(app(), buyer.token, offer.id, await picture(30, 20, 'png')).expect(403);
    await request(app()).post(`/api/supplier/offers/${offer.id}/images`).attach('file', await picture(30, 20, 'png'), 'a.png').expect(401);

    const keys = keysOf(offer.id, first, 'png');
    for (const key of keys) expect(await storage.objectExists(BUCKET, key)).toBe(true);
    await request(app()).delete(`/api/supplier/offers/${offer.id}/images/${first.id}`).set(bearer(owner.token)).expect(204);
    for (const key of keys) expect(await storage.objectExists(BUCKET, key)).toBe(false);
    await fetchImage(app(), first.thumb.url).expect(404);
    const left = offerImageListResponseSchema.parse((await request(app()).get(`/api/supplier/offers/${offer.id}/images`).set(bearer(owner.token)).expect(200)).body);
    expect(left.data.map((i) => [i.id, i.position])).toEqual([[second.id, 0]]);
    // Deleting the offer removes the files of its images too.
    await request(app()).delete(`/api/supplier/offers/${offer.id}`).set(bearer(owner.token)).expect(204);
    for (const key of keysOf(offer.id, second, 'jpg')) expect(await storage.objectExists(BUCKET, key)).toBe(false);
  });

  it('images of a paused offer or of a hidden model are served to the offer\'s supplier only', async () => {
    const owner = await registerUser(app(), { user_type: 'supplier' });
    const other = await registerUser(app(), { user_type: 'customer' });
    const offer = await offerOn(app(), owner.token);
    const image = await uploaded(app(), owner.token, offer.id, await picture(300, 200, 'webp'), 'a.webp');
    await fetchImage(app(), image.thumb.url).expect(200);

    await request(app()).patch(`/api/supplier/offers/${offer.id}/status`).set(bearer(owner.token)).send({ status: 'paused' }).expect(200);
    expect((await fetchImage(app(), image.thumb.url).expect(404)).body).toBeDefined();
    await fetchImage(app(), image.display.url, other.token).expect(404);
    const own = await fetchImage(app(), image.display.url, owner.token).expect(200);
    expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    // A paused offer's picture is not the card's picture.
    const robot = robotSchema.parse((await request(app()).get(`/api/robots/${offer.robot.id}`).expect(200)).body.data);
    expect(robot.offers?.image).toBeUndefined();

    await request(app()).patch(`/api/supplier/offers/${offer.id}/status`).set(bearer(owner.token)).send({ status: 'active' }).expect(200);
    await fetchImage(app(), image.thumb.url).expect(200);
    // The model itself made private (an unlisted robot): hidden from everyone but the offer's supplier.
    await ctx().handle.db.execute(sql`update robots set listed = false where id = ${offer.robot.id}`);
    await fetchImage(app(), image.thumb.url).expect(404);
    await fetchImage(app(), image.thumb.url, other.token).expect(404);
    await fetchImage(app(), image.thumb.url, owner.token).expect(200);
  });

  it('bad ids and sizes are 404 or 400, never a 500', async () => {
    const { token } = await registerUser(app(), { user_type: 'supplier' });
    const offer = await offerOn(app(), token);
    const image = await uploaded(app(), token, offer.id, await picture(100, 100, 'png'), 'a.png');
    expect((await request(app()).get(`/api/offer-images/${image.id}/huge`).expect(400)).body.code).toBe('VALIDATION_FAILED');
    await request(app()).get('/api/offer-images/not-a-uuid/thumb').expect(404);
    await request(app()).get('/api/offer-images/00000000-0000-4000-8000-000000000000/thumb').expect(404);
    await request(app()).delete(`/api/supplier/offers/${offer.id}/images/not-a-uuid`).set(bearer(token)).expect(404);
    await request(app()).put(`/api/supplier/offers/${offer.id}/images/order`).set(bearer(token)).send({ ids: ['x'] }).expect(400);
    await request(app()).put(`/api/supplier/offers/${offer.id}/images/order`).set(bearer(token)).send({ ids: [image.id, image.id] }).expect(400);
    await request(app()).patch(`/api/supplier/offers/${offer.id}/images/${image.id}`).set(bearer(token)).send({ alt: 5 }).expect(400);
    await request(app()).post(`/api/supplier/offers/${offer.id}/images`).set(bearer(token)).set('Content-Type', 'multipart/form-data').send('garbage').expect(400);
    await upload(app(), token, 'not-a-uuid', await picture(30, 30, 'png')).expect(404);
  });
});

/** Just enough of S3's path-style REST API for the storage client: PUT, GET, HEAD, DELETE. */
function startFakeS3() {
  const objects = new Map<string, Buffer>();
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server: Server = createServer(async (req, res) => {
    const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (req.method === 'PUT') {
      objects.set(key, await readBody(req));
      res.writeHead(200, { ETag: '"x"' }).end();
      return;
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
      return;
    }
    const body = objects.get(key);
    if (!body) {
      res.writeHead(404, { 'Content-Type': 'application/xml' }).end(req.method === 'HEAD' ? undefined : '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
      return;
    }
    res.writeHead(200, { 'Content-Length': body.length, 'Content-Type': 'application/octet-stream' }).end(req.method === 'HEAD' ? undefined : body);
  });
  return { server, objects };
}

describe('offer images in S3 storage', () => {
  const fake = startFakeS3();
  let s3: S3Storage | undefined;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    s3 = new S3Storage({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'cellforge', accessKeyId: 'k', secretAccessKey: 's' });
  });
  afterAll(async () => {
    s3?.client.destroy();
    await new Promise((resolve) => fake.server.close(resolve));
  });
  const ctx = useTestApp('pglite', {}, { seed: (db) => seedCatalog(db), storage: (): ObjectStorage => defined(s3, 'the S3 storage') });
  const app = () => ctx().app;

  it('stores the three files under the one bucket, serves them back and deletes them', async () => {
    const { token } = await registerUser(app(), { user_type: 'supplier' });
    const offer = await offerOn(app(), token);
    const image = await uploaded(app(), token, offer.id, await picture(1600, 900, 'jpeg'), 'a.jpg');
    const keys = keysOf(offer.id, image, 'jpg').map((k) => `/cellforge/${BUCKET}/${k}`);
    expect(keys.every((k) => fake.objects.has(k))).toBe(true);
    const display = await fetchImage(app(), image.display.url).expect(200);
    expect((await sharp(display.body as Buffer).metadata()).width).toBe(1280);
    await request(app()).delete(`/api/supplier/offers/${offer.id}/images/${image.id}`).set(bearer(token)).expect(204);
    expect(keys.some((k) => fake.objects.has(k))).toBe(false);
  });
});
