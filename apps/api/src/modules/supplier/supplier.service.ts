import type { Lead, ListingAnalytics, Robot, listingInputSchema } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-values';
import { defined } from '../../lib/invariants';
import {
  dailyViewsOfOwnedRobots,
  findOwnedRobot,
  insertOwnedRobot,
  listOwnedRobots,
  robotValues,
  toRobotDto,
  updateRobot,
  type RobotRow,
} from '../catalog';
import { offerAnalytics } from './offer-analytics';
import { dailyLeadCounts, findLeadDto, findLeadRow, listLeadsTo, setLeadStatus } from '../leads';

type ListingInput = z.infer<typeof listingInputSchema>;

const duplicate = () =>
  new AppError('CONFLICT', 'You already list this model. Edit the existing listing instead.', {
    model: ['You already list this model'],
  });

async function refusingDuplicates(write: () => Promise<RobotRow>): Promise<RobotRow> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

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
  /** Only the owner may change a listing; the shared catalog is read-only. */
  const ownListing = (userId: string, id: string) =>
    findOwnedRobot(db, userId, id, {
      label: 'Listing',
      othersRobot: { status: 403, message: 'Only the supplier who created this listing may change it.' },
    });

  return {
    async listings(userId: string): Promise<Robot[]> {
      return (await listOwnedRobots(db, userId)).map(toRobotDto);
    },

    async createListing(userId: string, input: ListingInput): Promise<Robot> {
      return changed(await refusingDuplicates(() => insertOwnedRobot(db, userId, input, { listed: true })));
    },

    async updateListing(userId: string, id: string, input: ListingInput): Promise<Robot> {
      const row = await ownListing(userId, id);
      return changed(await refusingDuplicates(() => updateRobot(db, row.id, robotValues(input))));
    },

    async setListingStatus(userId: string, id: string, status: 'active' | 'inactive'): Promise<Robot> {
      const row = await ownListing(userId, id);
      return changed(await updateRobot(db, row.id, { status }));
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
