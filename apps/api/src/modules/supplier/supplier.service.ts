import type { Lead, ListingAnalytics, Robot, SupplierFigures, listingInputSchema } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-values';
import { defined } from '../../lib/invariants';
import { normalizeRobotKey } from '@cellforge/db';
import {
  activateContributedModel,
  countActiveOffersOf,
  dailyViewsOfOwnedRobots,
  findListingOffer,
  findOfferSummaries,
  findOrAddContributedModel,
  findRobotRow,
  insertOffer,
  isRobotVisibleTo,
  listingUsdPrices,
  listListingOffers,
  listOwnedRobots,
  robotValues,
  SHARED_CATALOG_READ_ONLY,
  toListingDto,
  toRobotDto,
  updateOffer,
  updateRobot,
  type ListingOffer,
  type OfferValues,
  type RobotRow,
} from '../catalog';
import { offerAnalytics } from './offer-analytics';
import { dailyLeadCounts, findLeadDto, findLeadRow, listLeadsTo, setLeadStatus } from '../leads';
import { robotOfImport } from '../bulk-upload';

type ListingInput = z.infer<typeof listingInputSchema>;

const duplicate = () =>
  new AppError('CONFLICT', 'You already list this model. Edit the existing listing instead.', {
    model: ['You already list this model'],
  });

async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** The offer terms an old-shape listing carries: its USD price and its description (as the offer's notes). */
const listingTerms = (input: ListingInput): Pick<OfferValues, 'priceMin' | 'priceMax' | 'currency' | 'notes'> => ({
  priceMin: input.price_min_usd === null ? null : Math.round(input.price_min_usd),
  priceMax: input.price_max_usd === null ? null : Math.round(input.price_max_usd),
  currency: 'USD',
  notes: input.description,
});

/**
 * The terms a listing edit writes on its offer. An offer in another currency is answered to
 * the listing routes in USD by the one table (toListingDto): sent back unchanged (an older
 * client saving its notes), its price stays as the supplier wrote it; a changed price is
 * what the listing shape says, USD.
 */
function editedListingTerms(offer: ListingOffer['offer'], input: ListingInput): Pick<OfferValues, 'priceMin' | 'priceMax' | 'currency' | 'notes'> {
  const terms = listingTerms(input);
  const answered = listingUsdPrices(offer);
  return offer.currency !== 'USD' && terms.priceMin === answered.price_min_usd && terms.priceMax === answered.price_max_usd
    ? { ...terms, priceMin: offer.priceMin, priceMax: offer.priceMax, currency: offer.currency }
    : terms;
}

/** What the listing routes sent, kept whole on the offer (the specs of a catalog model are the catalog's). */
const snapshotOf = (input: ListingInput) => ({ ...input, via: 'listing route' });

const othersListing = 'Only the supplier who created this listing may change it.';

type Listing = { kind: 'offer'; listing: ListingOffer } | { kind: 'robot'; row: RobotRow };

export type SupplierService = ReturnType<typeof createSupplierService>;

/**
 * A supplier's listings (robots of the catalog they own and sell), the leads sent to
 * them and their analytics (docs/product.md, supplier portal). Listings are public
 * catalog rows: every write tells the catalog search (`onCatalogChange`).
 */
export function createSupplierService(deps: { db: Database; onCatalogChange?: () => void }) {
  const { db } = deps;
  const changed = (row: RobotRow): Robot => {
    deps.onCatalogChange?.();
    return toRobotDto(row);
  };
  const changedListing = async (userId: string, robotId: string): Promise<Robot> => {
    deps.onCatalogChange?.();
    return toListingDto(defined(await findListingOffer(db, userId, robotId), `the listing offer on ${robotId}, just written`));
  };
  /**
   * What a listing id names for this supplier: their offer on that model, or a robot row they
   * still own (written by the listing routes before offers). Another supplier's listing is 403
   * with its message, the shared catalog 403 read-only, a robot they may not see 404.
   */
  const ownListing = async (userId: string, id: string): Promise<Listing> => {
    const row = await findRobotRow(db, id);
    if (!row || !isRobotVisibleTo(row, userId)) throw notFound('Listing');
    if (row.ownerId === userId) return { kind: 'robot', row };
    if (row.ownerId !== null) throw new AppError('FORBIDDEN', othersListing);
    const listing = await findListingOffer(db, userId, row.id);
    if (listing) return { kind: 'offer', listing };
    throw new AppError('FORBIDDEN', row.contributedBy !== null ? othersListing : SHARED_CATALOG_READ_ONLY);
  };

  return {
    /**
     * Their offers as listings (one per model), then any robot rows they still own;
     * `importId`: only the models of that bulk import of theirs (another's import names none).
     */
    async listings(userId: string, importId?: string): Promise<Robot[]> {
      const only = importId ? robotOfImport(importId, userId) : undefined;
      const offered = (await listListingOffers(db, userId, only)).map(toListingDto);
      const owned = (await listOwnedRobots(db, userId, only)).map(toRobotDto);
      return [...offered, ...owned].sort((a, b) => a.manufacturer.localeCompare(b.manufacturer) || a.model.localeCompare(b.model));
    },

    /**
     * A listing is an offer ("new" condition) on the catalog model with the same maker and
     * model key (the offers' matching); a model the catalog lacks is added as a
     * supplier-contributed model, as an offer's proposed model is.
     */
    async createListing(userId: string, input: ListingInput): Promise<Robot> {
      const key = normalizeRobotKey(input.manufacturer, input.model);
      if ((await listOwnedRobots(db, userId)).some((r) => r.normalizedKey === key)) throw duplicate();
      const { row: model } = await findOrAddContributedModel(db, userId, input);
      if (!model.listed || (model.status !== 'active' && model.contributedBy !== userId)) {
        throw new AppError('CONFLICT', `The ${model.manufacturer} ${model.model} cannot take offers now.`);
      }
      if (await findListingOffer(db, userId, model.id)) throw duplicate();
      await refusingDuplicates(() =>
        insertOffer(db, userId, model.id, {
          ...listingTerms(input),
          condition: 'new',
          leadTimeWeeks: null,
          regions: [],
          warrantyMonths: null,
          quantity: null,
          status: 'active',
          listingSnapshot: snapshotOf(input),
        }),
      );
      await activateContributedModel(db, model.id, userId);
      return changedListing(userId, model.id);
    },

    /** The offer's price and notes; the specs too when the supplier contributed the model. */
    async updateListing(userId: string, id: string, input: ListingInput): Promise<Robot> {
      const found = await ownListing(userId, id);
      if (found.kind === 'robot') return changed(await refusingDuplicates(() => updateRobot(db, found.row.id, robotValues(input))));
      const { robot, offer } = found.listing;
      if (robot.contributedBy === userId) await refusingDuplicates(() => updateRobot(db, robot.id, robotValues(input)));
      await updateOffer(db, offer.id, { ...editedListingTerms(offer, input), listingSnapshot: snapshotOf(input) });
      return changedListing(userId, robot.id);
    },

    /** Inactive pauses the offer; active resumes it (and shows again a model the supplier contributed). */
    async setListingStatus(userId: string, id: string, status: 'active' | 'inactive'): Promise<Robot> {
      const found = await ownListing(userId, id);
      if (found.kind === 'robot') return changed(await updateRobot(db, found.row.id, { status }));
      const { robot, offer } = found.listing;
      await updateOffer(db, offer.id, { status: status === 'active' ? 'active' : 'paused' });
      if (status === 'active') await activateContributedModel(db, robot.id, userId);
      // A model this supplier proposed leaves the catalog with their last active offer on it, as an inactive listing did.
      else if (robot.contributedBy === userId && !(await findOfferSummaries(db, [robot.id])).has(robot.id)) await updateRobot(db, robot.id, { status: 'inactive' });
      return changedListing(userId, robot.id);
    },

    /** The dashboard's figures, counted where the rows are (an old-route listing is one offer, never two). */
    async figures(userId: string): Promise<SupplierFigures> {
      return { active_offers: await countActiveOffersOf(db, userId) };
    },

    leads(userId: string): Promise<Lead[]> {
      return listLeadsTo(db, userId, ['robot_inquiry', 'quote_request']);
    },

    /** A lead sent to someone else is unknown here (404), like an unknown id. */
    async setLeadStatus(userId: string, id: string, status: string): Promise<Lead> {
      const lead = await findLeadRow(db, id);
      if (!lead || lead.toUserId !== userId) throw notFound('Lead');
      await setLeadStatus(db, lead.id, status);
      return defined(await findLeadDto(db, lead.id), `lead ${lead.id}, just updated`);
    },

    /** Views, requests, quotes and quote-to-win rate per offer per day for the last `days` days. */
    offerAnalytics(userId: string, days: number) {
      return offerAnalytics(db, userId, days);
    },

    /** Views and leads per listing per day for the last `days` days (days without activity are zeros). */
    async analytics(userId: string, days: number): Promise<ListingAnalytics[]> {
      const views = await dailyViewsOfOwnedRobots(db, userId, days);
      const byRobot = new Map<string, ListingAnalytics>();
      for (const r of views) {
        let entry = byRobot.get(r.robot_id);
        if (!entry) {
          entry = { robot_id: r.robot_id, model: r.model, manufacturer: r.manufacturer, total_views: 0, total_leads: 0, series: [] };
          byRobot.set(r.robot_id, entry);
        }
        entry.total_views += Number(r.views);
        entry.series.push({ date: r.date, views: Number(r.views), leads: 0 });
      }
      for (const l of await dailyLeadCounts(db, [...byRobot.keys()], days, userId)) {
        const entry = byRobot.get(l.robot_id);
        const day = entry?.series.find((s) => s.date === l.date);
        if (!entry || !day) continue;
        day.leads = Number(l.leads);
        entry.total_leads += day.leads;
      }
      return [...byRobot.values()];
    },
  };
}
