import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { normalizeRobotKey, offers, robotKeyVariants, queryRows, robotOfferSummaries, robots, users, type Database } from '@cellforge/db';
import type { z } from 'zod';
import type { listingInputSchema, Offer, OfferImage, OfferSummary } from '@cellforge/contracts';
import { offerConditions, offerCurrencies } from '@cellforge/contracts';
import { isUuid } from '../../lib/db-values';
import { firstRow } from '../../lib/invariants';
import { robotColumns, textArray } from './catalog.repository';
import { listImagesOfOffers } from './offer-images.repository';
import { compareOffers, toOfferSummary } from './offers-summary';
import type { RobotRow } from './robot-dto';
import { robotValues } from './owned-robots.repository';

/**
 * Supplier offers on catalog models (migration 0010). The catalog module owns them with the
 * robots they are offers on: the search reads their summaries (robot_offer_summaries, kept
 * by triggers), the quote requests reach their suppliers.
 */
export type OfferRow = typeof offers.$inferSelect;
export type OfferValues = Pick<
  typeof offers.$inferInsert,
  'priceMin' | 'priceMax' | 'currency' | 'condition' | 'leadTimeWeeks' | 'regions' | 'warrantyMonths' | 'quantity' | 'notes' | 'status' | 'listingSnapshot'
>;

const offerColumns = {
  offer: offers,
  robotId: robots.id,
  manufacturer: robots.manufacturer,
  model: robots.model,
  category: robots.category,
  contributedBy: robots.contributedBy,
  supplierFirst: users.firstName,
  supplierLast: users.lastName,
  supplierCompany: users.companyName,
};

type OfferJoinRow = {
  offer: OfferRow;
  robotId: string;
  manufacturer: string;
  model: string;
  category: string;
  contributedBy: string | null;
  supplierFirst: string;
  supplierLast: string;
  supplierCompany: string | null;
};

const asCondition = (v: string) => offerConditions.find((c) => c === v) ?? 'new';
const asCurrency = (v: string) => offerCurrencies.find((c) => c === v) ?? 'USD';

function toOfferDto(row: OfferJoinRow, images: Map<string, OfferImage[]>): Offer {
  const o = row.offer;
  return {
    id: o.id,
    robot: { id: row.robotId, manufacturer: row.manufacturer, model: row.model, category: row.category, contributed: row.contributedBy !== null },
    supplier: { id: o.supplierId, name: row.supplierCompany?.trim() || `${row.supplierFirst} ${row.supplierLast}`.trim() },
    price_min: o.priceMin,
    price_max: o.priceMax,
    currency: asCurrency(o.currency),
    condition: asCondition(o.condition),
    lead_time_weeks: o.leadTimeWeeks,
    regions: o.regions,
    warranty_months: o.warrantyMonths,
    quantity: o.quantity,
    notes: o.notes,
    status: o.status === 'paused' ? 'paused' : 'active',
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    images: images.get(o.id) ?? [],
  };
}

/** The answers' offers, with their pictures (one query for all of them). */
async function withImages(db: Database, rows: OfferJoinRow[]): Promise<Offer[]> {
  const images = await listImagesOfOffers(db, rows.map((r) => r.offer.id));
  return rows.map((r) => toOfferDto(r, images));
}

const selectOffers = (db: Database) =>
  db.select(offerColumns).from(offers).innerJoin(robots, eq(robots.id, offers.robotId)).innerJoin(users, eq(users.id, offers.supplierId));

export async function findOfferRow(db: Database, id: string): Promise<OfferRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).limit(1);
  return row;
}

export async function findOfferDto(db: Database, id: string): Promise<Offer | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await selectOffers(db).where(eq(offers.id, id)).limit(1);
  return (await withImages(db, rows))[0];
}

/** A supplier's offers, newest first. */
export async function listOffersOf(db: Database, supplierId: string): Promise<Offer[]> {
  const rows = await selectOffers(db).where(eq(offers.supplierId, supplierId)).orderBy(desc(offers.createdAt), asc(offers.id));
  return withImages(db, rows);
}

/**
 * The active offers on a model in offer order (compareOffers): lowest price first, compared in
 * USD through the one currency table, unpriced last; then shortest lead time, then newest. A
 * model has a handful of offers: they are ordered here, where the table is.
 */
export async function listActiveOffersOn(db: Database, robotId: string): Promise<Offer[]> {
  const rows = await selectOffers(db).where(and(eq(offers.robotId, robotId), eq(offers.status, 'active')));
  const key = (o: OfferRow) => ({ price: o.priceMin ?? o.priceMax, currency: o.currency, leadTimeWeeks: o.leadTimeWeeks, createdAt: o.createdAt });
  rows.sort((a, b) => compareOffers(key(a.offer), key(b.offer)) || a.offer.id.localeCompare(b.offer.id));
  return withImages(db, rows);
}

export async function insertOffer(db: Database, supplierId: string, robotId: string, values: OfferValues): Promise<OfferRow> {
  return firstRow(await db.insert(offers).values({ ...values, supplierId, robotId }).returning(), 'the new offer');
}

export async function updateOffer(db: Database, id: string, values: Partial<OfferValues>): Promise<OfferRow> {
  return firstRow(await db.update(offers).set({ ...values, updatedAt: new Date() }).where(eq(offers.id, id)).returning(), `offer ${id}, updated`);
}

export async function deleteOffer(db: Database, id: string): Promise<void> {
  await db.delete(offers).where(eq(offers.id, id));
}

/** Offer summaries of these robots (only robots with active offers are in the map). */
export async function findOfferSummaries(db: Database, robotIds: string[]): Promise<Map<string, OfferSummary>> {
  const ids = [...new Set(robotIds.filter(isUuid))];
  if (!ids.length) return new Map();
  const rows = await db.select().from(robotOfferSummaries).where(inArray(robotOfferSummaries.robotId, ids));
  return new Map(rows.map((r) => [r.robotId, toOfferSummary(r)]));
}

/**
 * The model a supplier proposes: the shared catalog's row with the same key (maker|model,
 * letters and digits only) when there is one, else a new public model contributed by them.
 */
export async function findOrAddContributedModel(
  db: Database,
  supplierId: string,
  input: z.infer<typeof listingInputSchema>,
): Promise<{ row: RobotRow; added: boolean }> {
  const key = normalizeRobotKey(input.manufacturer, input.model);
  // The maker as people type it ("UR", "Motoman") finds the catalog's model under its official name, as imports do.
  const keys = robotKeyVariants(input.manufacturer, input.model);
  const [existing] = await db
    .select(robotColumns)
    .from(robots)
    .where(and(sql`${robots.ownerId} is null`, inArray(robots.normalizedKey, keys)))
    .orderBy(sql`${robots.normalizedKey} = ${key} desc`, asc(robots.createdAt))
    .limit(1);
  if (existing) return { row: existing, added: false };
  // A new model of a maker the catalog knows under another name is filed under that name: no second maker facet.
  const makerKeys = [...new Set(keys.map((k) => k.slice(0, k.indexOf('|'))))];
  const [known] = await queryRows<{ manufacturer: string }>(
    db,
    sql`select manufacturer from robots where owner_id is null and split_part(normalized_key, '|', 1) = any(${textArray(makerKeys)})
        group by manufacturer order by count(*) desc, manufacturer limit 1`,
  );
  const filed = { ...input, manufacturer: known?.manufacturer ?? input.manufacturer };
  const filedKey = normalizeRobotKey(filed.manufacturer, filed.model);
  const rows = await db
    .insert(robots)
    .values({ ...robotValues(filed), ownerId: null, contributedBy: supplierId, listed: true, status: 'active' })
    .onConflictDoNothing()
    .returning(robotColumns);
  if (rows[0]) return { row: rows[0], added: true };
  // Proposed by someone else at the same moment: theirs is the model.
  const [again] = await db
    .select(robotColumns)
    .from(robots)
    .where(and(sql`${robots.ownerId} is null`, eq(robots.normalizedKey, filedKey)))
    .limit(1);
  return { row: firstRow(again ? [again] : [], `the model ${filedKey}`), added: false };
}

/** Shows a supplier-contributed model again (it was hidden as an inactive listing before 0010). */
export async function activateContributedModel(db: Database, robotId: string, supplierId: string): Promise<void> {
  await db
    .update(robots)
    .set({ status: 'active', updatedAt: new Date() })
    .where(and(eq(robots.id, robotId), eq(robots.status, 'inactive'), eq(robots.contributedBy, supplierId)));
}

/** Robot ids a supplier has offers on (their analytics read the views of these). */
export async function robotIdsOfferedBy(db: Database, supplierId: string): Promise<string[]> {
  const rows = await queryRows<{ robot_id: string }>(db, sql`select distinct robot_id from offers where supplier_id = ${supplierId}`);
  return rows.map((r) => r.robot_id);
}


export type OfferDailyViews = {
  offer_id: string;
  robot_id: string;
  manufacturer: string;
  model: string;
  category: string;
  condition: string;
  status: string;
  date: string;
  views: number;
};

export interface PageView {
  robotId: string;
  viewerId: string | null;
}

/**
 * Views of offers (migration 0022): for each page view, one row per offer active on that model
 * at the time (the page shows it) unless the viewer is that offer's supplier. One statement.
 */
export async function recordOfferViews(db: Database, views: readonly PageView[]): Promise<void> {
  if (!views.length) return;
  const json = JSON.stringify(views.map((v) => ({ robot_id: v.robotId, viewer_id: v.viewerId })));
  await db.execute(sql`insert into offer_views (offer_id)
    select o.id from json_to_recordset(${json}::json) as v(robot_id uuid, viewer_id uuid)
    join offers o on o.robot_id = v.robot_id and o.status = 'active' and o.supplier_id is distinct from v.viewer_id`);
}

/**
 * A supplier's offers, each with one row per day of the last `days` days (YYYY-MM-DD, oldest
 * first) and that day's views of the offer (offer_views: its model's page viewed while the
 * offer was shown, not by the supplier). Days without views are zeros.
 */
export async function dailyViewsOfOffers(db: Database, supplierId: string, days: number): Promise<OfferDailyViews[]> {
  return queryRows<OfferDailyViews>(
    db,
    sql`with days as (
          select generate_series(current_date - ${days - 1}::int, current_date, interval '1 day')::date as day
        )
        select o.id as offer_id, r.id as robot_id, r.manufacturer, r.model, r.category, o.condition, o.status,
          to_char(d.day, 'YYYY-MM-DD') as date,
          (select count(*)::int from offer_views v
            where v.offer_id = o.id and v.viewed_at >= d.day and v.viewed_at < d.day + 1) as views
        from offers o
        join robots r on r.id = o.robot_id
        cross join days d
        where o.supplier_id = ${supplierId}
        order by r.manufacturer, r.model, o.condition, d.day`,
  );
}
