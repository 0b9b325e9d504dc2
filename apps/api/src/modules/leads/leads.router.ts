import { Router } from 'express';
import { eq } from 'drizzle-orm';
import { createLeadSchema } from '@cellforge/contracts';
import { robots, users, type Database } from '@cellforge/db';
import { AppError, notFound } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { requirePermission } from '../../middleware/require-role';
import type { ProjectsService } from '../projects/projects.service';
import { findLeadDto, findOpenLead, insertLead, listLeadsFrom } from './leads.repository';

/** Customers contacting suppliers about a listing (contact_suppliers). */
export function createLeadsRouter(deps: { db: Database; tokens: TokenService; projects: ProjectsService }): Router {
  const router = Router();
  router.use(authenticate(deps.tokens, { required: true }));

  router.post('/', requirePermission('contact_suppliers'), async (req, res) => {
    const input = createLeadSchema.parse(req.body);
    const [robot] = await deps.db
      .select({ id: robots.id, ownerId: robots.ownerId, listed: robots.listed, status: robots.status, ownerType: users.userType })
      .from(robots)
      .leftJoin(users, eq(users.id, robots.ownerId))
      .where(eq(robots.id, input.robot_id))
      .limit(1);
    if (!robot || !robot.listed || robot.status !== 'active') throw notFound('Robot');
    if (!robot.ownerId || robot.ownerType !== 'supplier') {
      throw new AppError(
        'CONFLICT',
        'No supplier lists this robot yet: it comes from the makers’ datasheets. Ask the assistant for suppliers of this model or contact the maker.',
      );
    }
    if (input.project_id) await deps.projects.ownProject(req.auth!.userId, input.project_id);
    const existing = await findOpenLead(deps.db, { fromUserId: req.auth!.userId, robotId: robot.id, kind: 'robot_inquiry' });
    if (existing && existing.status !== 'closed') {
      throw new AppError('CONFLICT', 'You have already contacted the supplier about this robot. They will answer you by email.');
    }
    const row = await insertLead(deps.db, {
      kind: 'robot_inquiry',
      robotId: robot.id,
      projectId: input.project_id ?? null,
      fromUserId: req.auth!.userId,
      toUserId: robot.ownerId,
      message: input.message,
    });
    res.status(201).json({ data: await findLeadDto(deps.db, row.id) });
  });

  router.get('/sent', async (req, res) => {
    res.json({ data: await listLeadsFrom(deps.db, req.auth!.userId) });
  });

  return router;
}
