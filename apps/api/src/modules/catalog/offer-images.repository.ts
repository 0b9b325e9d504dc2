import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { offerImages, offers, robots, type Database } from '@cellforge/db';
import { offerImageUrl, type OfferImage } from '@cellforge/contracts';
import { isUuid } from '../../lib/db-values';
import { firstRow } from '../../lib/invariants';
import { robotVisibleTo } from './catalog.repository';

/**
 * Pictures of offers (migration 0016). The catalog module owns them with the offers: the
 * offer answers carry them, the catalog card reads the cover kept in robot_offer_summaries,
 * and the file route serves them under the catalog's visibility rule.
 */
export type OfferImageRow = typeof offerImages.$inferSelect;
export type NewOfferImage = Omit<typeof offerImages.$inferInsert, 'createdAt'>;

export function toOfferImageDto(row: OfferImageRow): OfferImage {
  return {
    id: row.id,
    offer_id: row.offerId,
    position: row.position,
    alt: row.alt,
    content_type: row.contentType,
    bytes: row.bytes,
    thumb: { url: offerImageUrl(row.id, 'thumb'), width: row.thumbWidth, height: row.thumbHeight },
    display: { url: offerImageUrl(row.id, 'display'), width: row.displayWidth, height: row.displayHeight },
    original: { url: offerImageUrl(row.id, 'original'), width: row.width, height: row.height },
    created_at: row.createdAt.toISOString(),
  };
}

/** The images of these offers, each offer's in its order. */
export async function listImagesOfOffers(db: Database, offerIds: string[]): Promise<Map<string, OfferImage[]>> {
  const ids = [...new Set(offerIds.filter(isUuid))];
  const byOffer = new Map<string, OfferImage[]>();
  if (!ids.length) return byOffer;
  const rows = await db.select().from(offerImages).where(inArray(offerImages.offerId, ids)).orderBy(asc(offerImages.offerId), asc(offerImages.position));
  for (const row of rows) {
    const list = byOffer.get(row.offerId) ?? [];
    list.push(toOfferImageDto(row));
    byOffer.set(row.offerId, list);
  }
  return byOffer;
}

export async function listImageRowsOf(db: Database, offerId: string): Promise<OfferImageRow[]> {
  return db.select().from(offerImages).where(eq(offerImages.offerId, offerId)).orderBy(asc(offerImages.position));
}

export async function findImageRow(db: Database, offerId: string, id: string): Promise<OfferImageRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(offerImages).where(and(eq(offerImages.id, id), eq(offerImages.offerId, offerId))).limit(1);
  return row;
}

/** Adds an image at the end: its position is the count of the offer's images (the table refuses a 9th, and two at once on one position). */
export async function insertImageLast(db: Database, image: Omit<NewOfferImage, 'position'>): Promise<OfferImageRow> {
  const rows = await db
    .insert(offerImages)
    .values({ ...image, position: sql`(select count(*)::smallint from ${offerImages} where ${offerImages.offerId} = ${image.offerId})` })
    .returning();
  return firstRow(rows, 'the new offer image');
}

export async function updateImageAlt(db: Database, id: string, alt: string): Promise<OfferImageRow> {
  return firstRow(await db.update(offerImages).set({ alt }).where(eq(offerImages.id, id)).returning(), `offer image ${id}, updated`);
}

/** Puts the offer's images in this order (ids: all of them) in one statement; positions are checked at its end. */
export async function reorderImages(db: Database, offerId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const cases = sql.join(ids.map((id, i) => sql`when ${id}::uuid then ${i}`), sql` `);
  await db
    .update(offerImages)
    .set({ position: sql`(case ${offerImages.id} ${cases} end)::smallint` })
    .where(and(eq(offerImages.offerId, offerId), inArray(offerImages.id, ids)));
}

/** Removes an image and closes the gap it leaves (one statement each, positions checked at each end). */
export async function deleteImage(db: Database, row: OfferImageRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(offerImages).where(eq(offerImages.id, row.id));
    await tx
      .update(offerImages)
      .set({ position: sql`${offerImages.position} - 1` })
      .where(and(eq(offerImages.offerId, row.offerId), sql`${offerImages.position} > ${row.position}`));
  });
}

/**
 * An image as a reader may fetch it: its offer is active and its robot visible to them
 * (the catalog's rule), or they are the offer's supplier (their own pictures, paused or not).
 * `public` says whether an anonymous visitor could fetch it too (the cache header).
 */
export async function findServableImage(db: Database, id: string, viewerId?: string): Promise<{ row: OfferImageRow; public: boolean } | undefined> {
  if (!isUuid(id)) return undefined;
  const [found] = await db
    .select({
      image: offerImages,
      supplierId: offers.supplierId,
      offerActive: sql<boolean>`${offers.status} = 'active'`,
      robotVisible: sql<boolean>`${robotVisibleTo(viewerId)}`,
      robotPublic: sql<boolean>`${robotVisibleTo()}`,
    })
    .from(offerImages)
    .innerJoin(offers, eq(offers.id, offerImages.offerId))
    .innerJoin(robots, eq(robots.id, offers.robotId))
    .where(eq(offerImages.id, id))
    .limit(1);
  if (!found) return undefined;
  const own = viewerId !== undefined && found.supplierId === viewerId;
  if (!own && !(found.offerActive && found.robotVisible)) return undefined;
  return { row: found.image, public: Boolean(found.offerActive && found.robotPublic) };
}
