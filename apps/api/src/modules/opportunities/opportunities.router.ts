import { Router } from 'express';
import { expressInterestSchema, type LeadResponse, type Opportunity } from '@cellforge/contracts';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import { requirePermission } from '../../middleware/require-role';
import type { OpportunitiesService } from './opportunities.service';

/** /api/integrator/opportunities: customer projects shared with integrators (view_opportunities). */
export function createOpportunitiesRouter(deps: { opportunities: OpportunitiesService; tokens: TokenService }): Router {
  const router = Router();
  router.use(authenticate(deps.tokens, { required: true }), requirePermission('view_opportunities'));

  router.get('/', signedIn(async (_req, res, user) => {
    res.json({ data: await deps.opportunities.listFor(user.userId) } satisfies { data: Opportunity[] });
  }));

  router.post('/:projectId/interest', signedIn(async (req, res, user) => {
    const { message } = expressInterestSchema.parse(req.body);
    res.status(201).json({ data: await deps.opportunities.expressInterest(user.userId, String(req.params.projectId), message) } satisfies LeadResponse);
  }));

  return router;
}
