import type { CreateLeadRequest, Lead } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError, notFound } from '../../lib/errors';
import { defined } from '../../lib/invariants';
import { findRobotSeller, listActiveOffersOn } from '../catalog';
import type { ProjectsService } from '../projects';
import { findLeadDto, findOpenLead, insertLead, listLeadsFrom } from './leads.repository';

export type LeadsService = ReturnType<typeof createLeadsService>;

/** Customers asking suppliers about a listed robot (contact_suppliers). */
export function createLeadsService(deps: { db: Database; projects: ProjectsService }) {
  const { db } = deps;
  return {
    /**
     * A robot inquiry: only public robots a supplier sells can be asked about (a robot row
     * they own, or a catalog model with their active offer; the makers' datasheets alone have
     * nobody to answer), once per robot until the supplier closes the lead; a project named
     * must be the customer's own. A model several suppliers offer sends each of them a lead.
     */
    async sendRobotInquiry(userId: string, input: CreateLeadRequest): Promise<Lead> {
      const robot = await findRobotSeller(db, input.robot_id);
      if (!robot) throw notFound('Robot');
      // A robot row a supplier owns has one seller; a catalog model has the suppliers with an active offer on it
      // (the old listing routes make offers now, so "contact the supplier" of such a listing reaches them).
      const sellers =
        robot.ownerId && robot.ownerType === 'supplier'
          ? [robot.ownerId]
          : [...new Set((await listActiveOffersOn(db, robot.id)).map((o) => o.supplier.id))];
      if (!sellers.length) {
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
      const rows = [];
      for (const toUserId of sellers) {
        rows.push(
          await insertLead(db, { kind: 'robot_inquiry', robotId: robot.id, projectId: input.project_id ?? null, fromUserId: userId, toUserId, message: input.message }),
        );
      }
      const first = defined(rows[0], 'the first lead, just written');
      return defined(await findLeadDto(db, first.id), `lead ${first.id}, just written`);
    },

    /** Leads the user sent, newest first. */
    listSent(userId: string): Promise<Lead[]> {
      return listLeadsFrom(db, userId);
    },
  };
}
