import { Router } from 'express';
import {
  createOfferSchema,
  offerInputSchema,
  offerStatusSchema,
  type CreateOfferResponse,
  type OfferListResponse,
  type OfferResponse,
  listingInputSchema,
  listingStatusSchema,
  supplierAnalyticsQuerySchema,
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
import type { OffersService } from './offers.service';

/** /api/supplier: a supplier's own listings, leads and analytics (docs/product.md, supplier portal). */
export function createSupplierRouter(deps: { supplier: SupplierService; offers: OffersService; tokens: TokenService }): Router {
  const { supplier, offers } = deps;
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

  // Offers on catalog models (issue 13): what a supplier sells is an offer on a model.
  router.get('/offers', requirePermission('manage_robots'), signedIn(async (_req, res, user) => {
    res.json({ data: await offers.list(user.userId) } satisfies OfferListResponse);
  }));

  router.post('/offers', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    const input = createOfferSchema.parse(req.body);
    const { offer, model_added } = await offers.create(user.userId, input);
    res.status(201).json({ data: offer, model_added } satisfies CreateOfferResponse);
  }));

  router.put('/offers/:id', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    const input = offerInputSchema.parse(req.body);
    res.json({ data: await offers.update(user.userId, String(req.params.id), input) } satisfies OfferResponse);
  }));

  router.patch('/offers/:id/status', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    const { status } = offerStatusSchema.parse(req.body);
    res.json({ data: await offers.setStatus(user.userId, String(req.params.id), status) } satisfies OfferResponse);
  }));

  router.delete('/offers/:id', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    await offers.remove(user.userId, String(req.params.id));
    res.status(204).end();
  }));

  router.get('/leads', requirePermission('view_leads'), signedIn(async (_req, res, user) => {
    res.json({ data: await supplier.leads(user.userId) } satisfies LeadListResponse);
  }));

  router.patch('/leads/:id', requirePermission('view_leads'), signedIn(async (req, res, user) => {
    const { status } = updateLeadStatusSchema.parse(req.body);
    res.json({ data: await supplier.setLeadStatus(user.userId, String(req.params.id), status) } satisfies LeadResponse);
  }));

  router.get('/analytics', requirePermission('view_analytics'), signedIn(async (req, res, user) => {
    const { days } = supplierAnalyticsQuerySchema.parse(req.query);
    res.json({ days, data: await supplier.analytics(user.userId, days) } satisfies SupplierAnalyticsResponse);
  }));

  return router;
}
