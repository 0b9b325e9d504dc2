import type { IntegratorCatalogQuery, IntegratorCatalogRobot, Robot, listingInputSchema } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-values';
import { listIntegratorCatalog } from './integrator-catalog.repository';
import { deleteRobot, findOwnedRobot, findRobotRow, robotValues, updateRobot } from './owned-robots.repository';
import { toRobotDto, type RobotRow } from './robot-dto';

/** docs/product.md §4.3 "Integrator catalog robot": own robots are editable, the shared catalog is read-only. */
export function toIntegratorCatalogRobot(row: RobotRow, viewerId: string): IntegratorCatalogRobot {
  const own = row.ownerId === viewerId;
  return {
    _id: row.id,
    model_name: row.model,
    manufacturer: row.manufacturer,
    normalized_specs: { payload_kg: row.payloadKg, reach_mm: row.reachMm, dof: row.dof },
    can_edit: own,
    permission_level: own ? 'owner' : 'read',
    category: row.category,
    status: row.status === 'inactive' ? 'inactive' : 'active',
  };
}

/** One robot with every field (the edit form needs them) and whether the integrator may change it. */
export type IntegratorCatalogDetail = Robot & Pick<IntegratorCatalogRobot, 'can_edit' | 'permission_level'>;

/** An integrator edits only robots where can_edit is true (their own); another integrator's robots do not exist here. */
const ownRobot = (db: Database, userId: string, id: string) => findOwnedRobot(db, userId, id, { label: 'Robot', othersRobot: { status: 404 } });

/** The integrator's catalog: the shared catalog plus their own robots (docs/product.md §4.3). */
export function integratorCatalog(db: Database) {
  return {
    /** `only`: a further condition on robots from the module that owns it (one import's robots, from bulk-upload). */
    async page(userId: string, query: IntegratorCatalogQuery, only?: SQL) {
      const page = await listIntegratorCatalog(db, userId, query, only);
      return { data: page.rows.map((r) => toIntegratorCatalogRobot(r, userId)), total: page.total };
    },

    async get(userId: string, id: string): Promise<IntegratorCatalogDetail> {
      const row = await findRobotRow(db, id);
      if (!row || (row.ownerId !== null && row.ownerId !== userId)) throw notFound('Robot');
      const summary = toIntegratorCatalogRobot(row, userId);
      return { ...toRobotDto(row), can_edit: summary.can_edit, permission_level: summary.permission_level };
    },

    async update(userId: string, id: string, input: z.infer<typeof listingInputSchema>): Promise<IntegratorCatalogDetail> {
      const row = await ownRobot(db, userId, id);
      try {
        const saved = await updateRobot(db, row.id, robotValues(input));
        return { ...toRobotDto(saved), can_edit: true, permission_level: 'owner' };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        throw new AppError('CONFLICT', 'Your catalog already has this manufacturer and model. Edit that robot instead.', {
          model: ['Your catalog already has this manufacturer and model'],
        });
      }
    },

    async remove(userId: string, id: string): Promise<void> {
      const row = await ownRobot(db, userId, id);
      await deleteRobot(db, row.id);
    },
  };
}
