import { Router } from 'express';
import { z } from 'zod';
import {
  listingInputSchema,
  listingStatusSchema,
  updateLeadStatusSchema,
  type LeadListResponse,
  type LeadResponse,
  type SupplierAnalyticsResponse,
  type Robot,
} from '@cellforge/contracts';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import { requirePermission, requireRole } from '../../middleware/require-role';
import type { SupplierService } from './supplier.service';

const analyticsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

/** /api/supplier: a supplier's own listings, leads and analytics (docs/product.md, supplier portal). */
export function createSupplierRouter(deps: { supplier: SupplierService; tokens: TokenService }): Router {
  const { supplier } = deps;
  const router = Router();
  router.use(authenticate(deps.tokens, { required: true }), requireRole('supplier'));

  router.get('/listings', requirePermission('manage_robots'), signedIn(async (_req, res, user) => {
    res.json({ data: await supplier.listings(user.userId) } satisfies { data: Robot[] });
  }));

  router.post('/listings', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    const input = listingInputSchema.parse(req.body);
    res.status(201).json({ data: await supplier.createListing(user.userId, input) } satisfies { data: Robot });
  }));

  router.put('/listings/:id', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    const input = listingInputSchema.parse(req.body);
    res.json({ data: await supplier.updateListing(user.userId, String(req.params.id), input) } satisfies { data: Robot });
  }));

  router.patch('/listings/:id/status', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    const { status } = listingStatusSchema.parse(req.body);
    res.json({ data: await supplier.setListingStatus(user.userId, String(req.params.id), status) } satisfies { data: Robot });
  }));

  router.get('/leads', requirePermission('view_leads'), signedIn(async (_req, res, user) => {
    res.json({ data: await supplier.leads(user.userId) } satisfies LeadListResponse);
  }));

  router.patch('/leads/:id', requirePermission('view_leads'), signedIn(async (req, res, user) => {
    const { status } = updateLeadStatusSchema.parse(req.body);
    res.json({ data: await supplier.setLeadStatus(user.userId, String(req.params.id), status) } satisfies LeadResponse);
  }));

  router.get('/analytics', requirePermission('view_analytics'), signedIn(async (req, res, user) => {
    const { days } = analyticsQuerySchema.parse(req.query);
    res.json({ days, data: await supplier.analytics(user.userId, days) } satisfies SupplierAnalyticsResponse);
  }));

  return router;
}
