import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { offers, robots, type Database } from '@cellforge/db';
import { offerCurrencies, type Robot } from '@cellforge/contracts';
import { toUsd } from '@cellforge/requirements';
import { robotColumns } from './catalog.repository';
import { toRobotDto, type RobotRow } from './robot-dto';

/**
 * The old listing routes (/api/supplier/listings) read and write offers (docs/decisions.md,
 * "Old listing routes write offers"): a supplier's listing of a model is their offer on it,
 * the one in "new" condition when they have several (the old listing shape has no condition),
 * else their oldest.
 */
export interface ListingOffer {
  robot: RobotRow;
  offer: typeof offers.$inferSelect;
}

/** "new" first, then the oldest: the offer a listing stands for when a supplier has several on one model. */
const listingOrder = [sql`(${offers.condition} = 'new') desc`, asc(offers.createdAt), asc(offers.id)];

/** The supplier's offer a listing of this model stands for, with the model. */
export async function findListingOffer(db: Database, supplierId: string, robotId: string): Promise<ListingOffer | undefined> {
  const [row] = await db
    .select({ robot: robotColumns, offer: offers })
    .from(offers)
    .innerJoin(robots, eq(robots.id, offers.robotId))
    .where(and(eq(offers.supplierId, supplierId), eq(offers.robotId, robotId)))
    .orderBy(...listingOrder)
    .limit(1);
  return row;
}

/** A supplier's listings made of offers: one per model, by maker and model; `onlyRobots` narrows the models (a condition on "robots"). */
export async function listListingOffers(db: Database, supplierId: string, onlyRobots?: SQL): Promise<ListingOffer[]> {
  const rows = await db
    .select({ robot: robotColumns, offer: offers })
    .from(offers)
    .innerJoin(robots, eq(robots.id, offers.robotId))
    .where(and(eq(offers.supplierId, supplierId), onlyRobots))
    .orderBy(asc(robots.manufacturer), asc(robots.model), ...listingOrder);
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.robot.id) && Boolean(seen.add(r.robot.id)));
}

/**
 * A listing in the old answer shape (a robot): the model's specs with the supplier's terms,
 * their price as they wrote it (`offer_price`, null: unpriced) and, for older clients, in USD
 * (price_min_usd/price_max_usd; another currency converted by the one currency table), their
 * notes when they wrote any, and the offer's state (a paused offer is an inactive listing).
 */
export function toListingDto({ robot, offer }: ListingOffer): Robot {
  const dto = toRobotDto(robot);
  const currency = offerCurrencies.find((c) => c === offer.currency) ?? 'USD';
  const priced = offer.priceMin !== null || offer.priceMax !== null;
  return {
    ...dto,
    ...listingUsdPrices(offer),
    offer_price: priced ? { min: offer.priceMin, max: offer.priceMax, currency } : null,
    description: offer.notes.trim() ? offer.notes : dto.description,
    status: offer.status === 'active' && robot.status === 'active' ? 'active' : 'inactive',
    updated_at: (offer.updatedAt > robot.updatedAt ? offer.updatedAt : robot.updatedAt).toISOString(),
  };
}

/** An offer's price in the listing shape's USD fields: USD as written, another currency by the one table. */
export function listingUsdPrices(offer: Pick<ListingOffer['offer'], 'priceMin' | 'priceMax' | 'currency'>): Pick<Robot, 'price_min_usd' | 'price_max_usd'> {
  const currency = offerCurrencies.find((c) => c === offer.currency) ?? 'USD';
  const usd = (amount: number | null) => (amount === null ? null : toUsd(amount, currency));
  return { price_min_usd: usd(offer.priceMin), price_max_usd: usd(offer.priceMax) };
}

/**
 * What a supplier sells now, counted once (the dashboard's "Active offers"): each active offer on
 * a model the catalog shows, a listing made through the listing routes included (it is one of
 * these offers), plus each active robot row of their own from before offers (the Listings tab's
 * other rows). A model offered in two conditions is two offers (and one listing).
 */
export async function countActiveOffersOf(db: Database, supplierId: string): Promise<number> {
  const [offered] = await db
    .select({ n: count() })
    .from(offers)
    .innerJoin(robots, eq(robots.id, offers.robotId))
    .where(and(eq(offers.supplierId, supplierId), eq(offers.status, 'active'), eq(robots.status, 'active')));
  const [owned] = await db
    .select({ n: count() })
    .from(robots)
    .where(and(eq(robots.ownerId, supplierId), eq(robots.status, 'active')));
  return Number(offered?.n ?? 0) + Number(owned?.n ?? 0);
}
