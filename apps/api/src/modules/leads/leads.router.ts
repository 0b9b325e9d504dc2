import { Router } from 'express';
import { createLeadSchema, type LeadListResponse, type LeadResponse } from '@cellforge/contracts';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { requirePermission } from '../../middleware/require-role';
import { signedIn } from '../../middleware/signed-in';
import type { LeadsService } from './leads.service';

/** Customers contacting suppliers about a listing (contact_suppliers). */
export function createLeadsRouter(deps: { leads: LeadsService; tokens: TokenService }): Router {
  const router = Router();
  router.use(authenticate(deps.tokens, { required: true }));

  router.post(
    '/',
    requirePermission('contact_suppliers'),
    signedIn(async (req, res, user) => {
      const input = createLeadSchema.parse(req.body);
      res.status(201).json({ data: await deps.leads.sendRobotInquiry(user.userId, input) } satisfies LeadResponse);
    }),
  );

  router.get(
    '/sent',
    signedIn(async (_req, res, user) => {
      res.json({ data: await deps.leads.listSent(user.userId) } satisfies LeadListResponse);
    }),
  );

  return router;
}
