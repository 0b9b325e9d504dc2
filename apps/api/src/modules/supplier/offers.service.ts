import type { CreateOfferInput, Offer, OfferInput } from '@cellforge/contracts';
import type { createOfferSchema, offerInputSchema } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-values';
import { defined } from '../../lib/invariants';
import {
  activateContributedModel,
  deleteOffer,
  findOfferDto,
  findOfferRow,
  findOrAddContributedModel,
  findRobotRow,
  insertOffer,
  listOffersOf,
  updateOffer,
  type OfferRow,
  type OfferValues,
  type RobotRow,
} from '../catalog';

type Fields = z.infer<typeof offerInputSchema>;
type Created = z.infer<typeof createOfferSchema>;
export type { CreateOfferInput, OfferInput };

function offerValues(input: Fields): OfferValues {
  return {
    priceMin: input.price_min,
    priceMax: input.price_max,
    currency: input.currency,
    condition: input.condition,
    leadTimeWeeks: input.lead_time_weeks,
    regions: [...new Set(input.regions)],
    warrantyMonths: input.warranty_months,
    quantity: input.quantity,
    notes: input.notes,
    status: input.status,
  };
}

const duplicate = (condition: string) =>
  new AppError('CONFLICT', `You already have an offer on this model in ${condition} condition. Edit that offer instead.`, {
    condition: ['You already offer this model in this condition'],
  });

/** A model a supplier may offer: public, or one they contributed that is hidden (it shows again with the offer). */
const offerable = (robot: RobotRow | undefined, supplierId: string): robot is RobotRow =>
  robot !== undefined && robot.listed && robot.ownerId === null && (robot.status === 'active' || robot.contributedBy === supplierId);

export type OffersService = ReturnType<typeof createOffersService>;

/**
 * A supplier's offers on catalog models (issue 13; docs/product.md, supplier portal). Another
 * supplier's offer is unknown here (404, like an unknown id). Every write tells the catalog
 * search (`onCatalogChange`): offers change the catalog's prices, counts and condition facet.
 */
export function createOffersService(deps: {
  db: Database;
  onCatalogChange?: () => void;
  /** The offer's pictures: their files are removed with the offer. */
  images?: { filesOf(offerId: string): Promise<string[]>; removeFiles(keys: string[]): Promise<void> };
}) {
  const { db } = deps;
  const changed = async (row: OfferRow): Promise<Offer> => {
    deps.onCatalogChange?.();
    return defined(await findOfferDto(db, row.id), `offer ${row.id}, just written`);
  };
  const own = async (supplierId: string, id: string): Promise<OfferRow> => {
    const row = await findOfferRow(db, id);
    if (!row || row.supplierId !== supplierId) throw notFound('Offer');
    return row;
  };
  const refusingDuplicates = async (condition: string, write: () => Promise<OfferRow>) => {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(condition);
      throw err;
    }
  };

  return {
    list(supplierId: string): Promise<Offer[]> {
      return listOffersOf(db, supplierId);
    },

    async create(supplierId: string, input: Created): Promise<{ offer: Offer; model_added: boolean }> {
      let robot: RobotRow | undefined;
      let added = false;
      if (input.new_model) {
        const found = await findOrAddContributedModel(db, supplierId, input.new_model);
        robot = found.row;
        added = found.added;
        if (!offerable(robot, supplierId)) throw new AppError('CONFLICT', `The ${found.row.manufacturer} ${found.row.model} cannot take offers now.`);
      } else {
        robot = await findRobotRow(db, defined(input.robot_id, 'robot_id (the schema requires it without new_model)'));
        if (!offerable(robot, supplierId)) throw notFound('Robot');
      }
      const model = robot;
      const row = await refusingDuplicates(input.condition, () => insertOffer(db, supplierId, model.id, offerValues(input)));
      if (row.status === 'active' && model.status !== 'active') await activateContributedModel(db, model.id, supplierId);
      return { offer: await changed(row), model_added: added };
    },

    async update(supplierId: string, id: string, input: Fields): Promise<Offer> {
      const row = await own(supplierId, id);
      const updated = await refusingDuplicates(input.condition, () => updateOffer(db, row.id, offerValues(input)));
      if (updated.status === 'active') await activateContributedModel(db, row.robotId, supplierId);
      return changed(updated);
    },

    async setStatus(supplierId: string, id: string, status: 'active' | 'paused'): Promise<Offer> {
      const row = await own(supplierId, id);
      const updated = await updateOffer(db, row.id, { status });
      if (status === 'active') await activateContributedModel(db, row.robotId, supplierId);
      return changed(updated);
    },

    async remove(supplierId: string, id: string): Promise<void> {
      const row = await own(supplierId, id);
      const files = (await deps.images?.filesOf(row.id)) ?? [];
      await deleteOffer(db, row.id);
      await deps.images?.removeFiles(files);
      deps.onCatalogChange?.();
    },
  };
}
