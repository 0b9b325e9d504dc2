import { randomUUID } from 'node:crypto';
import { OFFER_IMAGE_MAX_PER_OFFER, type OfferImage } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { ObjectStorage } from '@cellforge/storage';
import { AppError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-values';
import {
  deleteImage,
  findImageRow,
  findOfferRow,
  insertImageLast,
  listImageRowsOf,
  reorderImages,
  toOfferImageDto,
  updateImageAlt,
  type OfferImageRow,
  type OfferRow,
} from '../catalog';
import { processOfferImage } from './offer-image-processing';

export type OfferImagesService = ReturnType<typeof createOfferImagesService>;

const limitReached = () =>
  new AppError('OFFER_IMAGE_LIMIT', `An offer has at most ${OFFER_IMAGE_MAX_PER_OFFER} images. Delete one before adding another.`);

/** PostgreSQL 23514: a CHECK refused the row (position 8, the table's own cap). */
const isCheckViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23514' || e?.cause?.code === '23514';
};

const keysOf = (row: Pick<OfferImageRow, 'originalKey' | 'thumbKey' | 'displayKey'>) => [row.originalKey, row.thumbKey, row.displayKey];

/**
 * A supplier's pictures of their offers (issue 13; docs/product.md, supplier portal). Only
 * the offer's supplier adds, orders, captions or deletes them; another supplier's offer is
 * unknown here (404). Files go to object storage first, then the row: a refused row removes
 * the files it would have named; a deleted row removes its files.
 */
export function createOfferImagesService(deps: { db: Database; storage: ObjectStorage; bucket: string; maxPixels: number; onCatalogChange?: () => void }) {
  const { db, storage, bucket } = deps;
  const own = async (supplierId: string, offerId: string): Promise<OfferRow> => {
    const row = await findOfferRow(db, offerId);
    if (!row || row.supplierId !== supplierId) throw notFound('Offer');
    return row;
  };
  const removeFiles = async (keys: string[]) => {
    await Promise.all(keys.map((key) => storage.deleteObject(bucket, key)));
  };

  return {
    async list(supplierId: string, offerId: string): Promise<OfferImage[]> {
      const offer = await own(supplierId, offerId);
      return (await listImageRowsOf(db, offer.id)).map(toOfferImageDto);
    },

    async add(supplierId: string, offerId: string, file: Buffer, alt: string): Promise<OfferImage> {
      const offer = await own(supplierId, offerId);
      // Counted first so a full offer is told so before its picture is decoded; the table checks again.
      if ((await listImageRowsOf(db, offer.id)).length >= OFFER_IMAGE_MAX_PER_OFFER) throw limitReached();
      const processed = await processOfferImage(file, { maxPixels: deps.maxPixels });
      // Keys are new for every upload and never rewritten: served as immutable.
      const id = randomUUID();
      const prefix = `offers/${offer.id}/${id}`;
      const keys = { originalKey: `${prefix}/original.${processed.original.extension}`, thumbKey: `${prefix}/thumb.webp`, displayKey: `${prefix}/display.webp` };
      await storage.putObject(bucket, keys.originalKey, processed.original.body, processed.original.contentType);
      await storage.putObject(bucket, keys.thumbKey, processed.thumb.body, processed.thumb.contentType);
      await storage.putObject(bucket, keys.displayKey, processed.display.body, processed.display.contentType);
      try {
        const row = await insertImageLast(db, {
          id,
          offerId: offer.id,
          ...keys,
          width: processed.original.width,
          height: processed.original.height,
          thumbWidth: processed.thumb.width,
          thumbHeight: processed.thumb.height,
          displayWidth: processed.display.width,
          displayHeight: processed.display.height,
          contentType: processed.original.contentType,
          bytes: processed.original.body.length,
          alt,
        });
        deps.onCatalogChange?.();
        return toOfferImageDto(row);
      } catch (err) {
        await removeFiles(keysOf(keys)).catch(() => undefined);
        if (isCheckViolation(err)) throw limitReached();
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Another picture was added to this offer at the same moment. Try again.');
        throw err;
      }
    },

    async setAlt(supplierId: string, offerId: string, imageId: string, alt: string): Promise<OfferImage> {
      const offer = await own(supplierId, offerId);
      const image = await findImageRow(db, offer.id, imageId);
      if (!image) throw notFound('Image');
      const row = await updateImageAlt(db, image.id, alt);
      deps.onCatalogChange?.();
      return toOfferImageDto(row);
    },

    async reorder(supplierId: string, offerId: string, ids: string[]): Promise<OfferImage[]> {
      const offer = await own(supplierId, offerId);
      const current = await listImageRowsOf(db, offer.id);
      const known = new Set(current.map((r) => r.id));
      if (ids.length !== current.length || ids.some((id) => !known.has(id))) {
        throw new AppError('VALIDATION_FAILED', 'Send every image id of this offer once, in the new order.', {
          ids: [`This offer has ${current.length} image${current.length === 1 ? '' : 's'}; send all of their ids`],
        });
      }
      await reorderImages(db, offer.id, ids);
      deps.onCatalogChange?.();
      return (await listImageRowsOf(db, offer.id)).map(toOfferImageDto);
    },

    async remove(supplierId: string, offerId: string, imageId: string): Promise<void> {
      const offer = await own(supplierId, offerId);
      const image = await findImageRow(db, offer.id, imageId);
      if (!image) throw notFound('Image');
      await deleteImage(db, image);
      await removeFiles(keysOf(image));
      deps.onCatalogChange?.();
    },

    /** The storage keys of an offer's files (read before the offer is deleted: its rows go with it). */
    async filesOf(offerId: string): Promise<string[]> {
      return (await listImageRowsOf(db, offerId)).flatMap(keysOf);
    },

    removeFiles,
  };
}
