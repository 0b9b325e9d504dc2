import { Router } from 'express';
import { offerImageSizeParamSchema } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { isStorageError, type ObjectStorage } from '@cellforge/storage';
import { notFound } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { findServableImage } from './offer-images.repository';

/**
 * GET /api/offer-images/:id/:size (thumb, display, original): an offer's picture, for
 * whoever may see the offer: an active offer on a robot the reader may see (the catalog's
 * visibility rule), or the offer's own supplier. Anything else is a 404, like an unknown id.
 * Keys never change (a new upload is a new id), so a public picture is cached for a year as
 * immutable; one only its supplier may see is cached by their browser only.
 */
export function createOfferImagesRouter(deps: { db: Database; tokens: TokenService; storage: ObjectStorage; bucket: string }): Router {
  const router = Router();
  router.get('/:id/:size', authenticate(deps.tokens, { required: false }), async (req, res) => {
    const size = offerImageSizeParamSchema.parse(req.params.size);
    const found = await findServableImage(deps.db, String(req.params.id), req.auth?.userId);
    if (!found) throw notFound('Image');
    const { row } = found;
    const key = size === 'thumb' ? row.thumbKey : size === 'display' ? row.displayKey : row.originalKey;
    const etag = `"${row.id}-${size}"`;
    res.setHeader('Cache-Control', found.public ? 'public, max-age=31536000, immutable' : 'private, max-age=31536000, immutable');
    res.setHeader('ETag', etag);
    res.setHeader('Vary', 'Authorization');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    let body: Buffer;
    try {
      body = await deps.storage.getObjectBuffer(deps.bucket, key);
    } catch (err) {
      if (isStorageError(err) && err.code === 'OBJECT_NOT_FOUND') throw notFound('Image');
      throw err;
    }
    res.type(size === 'original' ? row.contentType : 'image/webp');
    res.setHeader('Content-Length', String(body.length));
    res.end(body);
  });
  return router;
}
