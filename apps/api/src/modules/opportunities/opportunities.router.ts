import { Router } from 'express';
import { expressInterestSchema, integratorSearchQuerySchema } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError, notFound } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import { requirePermission } from '../../middleware/require-role';
import { findLeadDto, findOpenLead, insertLead } from '../leads';
import type { ProjectsService } from '../projects';
import { findIntegratorsForProject, findSharedProject, listSharedProjects } from './opportunities.repository';

/** /api/integrator/opportunities: customer projects shared with integrators (view_opportunities). */
export function createOpportunitiesRouter(deps: { db: Database; tokens: TokenService }): Router {
  const router = Router();
  router.use(authenticate(deps.tokens, { required: true }), requirePermission('view_opportunities'));

  router.get('/', signedIn(async (_req, res, user) => {
    const rows = await listSharedProjects(deps.db, user.userId);
    res.json({
      data: rows.map((r) => ({
        id: r.id,
        project_name: r.projectName,
        customer_company: r.customerCompany,
        description: r.description,
        requirements: r.requirements,
        created_at: r.createdAt.toISOString(),
        interest_expressed: Boolean(r.interest),
      })),
    });
  }));

  router.post('/:projectId/interest', signedIn(async (req, res, user) => {
    const project = await findSharedProject(deps.db, String(req.params.projectId));
    if (!project) throw notFound('Opportunity');
    const { message } = expressInterestSchema.parse(req.body);
    if (await findOpenLead(deps.db, { fromUserId: user.userId, projectId: project.id, kind: 'integrator_interest' })) {
      throw new AppError('CONFLICT', 'You have already expressed interest in this project.');
    }
    const row = await insertLead(deps.db, {
      kind: 'integrator_interest',
      projectId: project.id,
      fromUserId: user.userId,
      toUserId: project.ownerId,
      message,
    });
    res.status(201).json({ data: await findLeadDto(deps.db, row.id) });
  }));

  return router;
}

/** GET /projects/:id/integrators (find_integrators): the customer's view of who can deploy it. */
export function createFindIntegratorsRouter(deps: { db: Database; tokens: TokenService; projects: ProjectsService }): Router {
  const router = Router();
  router.get(
    '/:id/integrators',
    authenticate(deps.tokens, { required: true }),
    requirePermission('find_integrators'),
    signedIn(async (req, res, user) => {
      const project = await deps.projects.ownProject(user.userId, String(req.params.id));
      const filters = integratorSearchQuerySchema.parse(req.query);
      const rows = await findIntegratorsForProject(deps.db, project.id, filters);
      res.json({
        data: rows.map((r) => ({
          id: r.id,
          name: `${r.firstName} ${r.lastName}`.trim(),
          company_name: r.companyName,
          city: r.city,
          website: r.website,
          industries: [...new Set([...(r.industries ?? []), ...(r.industry ? [r.industry] : [])])],
          interested: r.interestMessage !== null,
          interest_message: r.interestMessage,
        })),
      });
    }),
  );
  return router;
}
