import type { CreateLeadRequest, Lead } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError, notFound } from '../../lib/errors';
import { defined } from '../../lib/invariants';
import { findRobotSeller } from '../catalog';
import type { ProjectsService } from '../projects';
import { findLeadDto, findOpenLead, insertLead, listLeadsFrom } from './leads.repository';

export type LeadsService = ReturnType<typeof createLeadsService>;

/** Customers asking suppliers about a listed robot (contact_suppliers). */
export function createLeadsService(deps: { db: Database; projects: ProjectsService }) {
  const { db } = deps;
  return {
    /**
     * A robot inquiry: only public robots a supplier lists can be asked about (catalog
     * rows from the makers' datasheets have nobody to answer), once per robot until the
     * supplier closes the lead; a project named must be the customer's own.
     */
    async sendRobotInquiry(userId: string, input: CreateLeadRequest): Promise<Lead> {
      const robot = await findRobotSeller(db, input.robot_id);
      if (!robot) throw notFound('Robot');
      if (!robot.ownerId || robot.ownerType !== 'supplier') {
        throw new AppError(
          'CONFLICT',
          'No supplier lists this robot yet: it comes from the makers’ datasheets. Ask the assistant for suppliers of this model or contact the maker.',
        );
      }
      if (input.project_id) await deps.projects.ownProject(userId, input.project_id);
      const existing = await findOpenLead(db, { fromUserId: userId, robotId: robot.id, kind: 'robot_inquiry' });
      if (existing && existing.status !== 'closed') {
        throw new AppError('CONFLICT', 'You have already contacted the supplier about this robot. They will answer you by email.');
      }
      const row = await insertLead(db, {
        kind: 'robot_inquiry',
        robotId: robot.id,
        projectId: input.project_id ?? null,
        fromUserId: userId,
        toUserId: robot.ownerId,
        message: input.message,
      });
      return defined(await findLeadDto(db, row.id), `lead ${row.id}, just written`);
    },

    /** Leads the user sent, newest first. */
    listSent(userId: string): Promise<Lead[]> {
      return listLeadsFrom(db, userId);
    },
  };
}
