import { Router, type RequestHandler } from 'express';
import multer from 'multer';
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
  supplierListingsQuerySchema,
  offerAnalyticsQuerySchema,
  type OfferAnalyticsResponse,
  updateLeadStatusSchema,
  type LeadListResponse,
  type LeadResponse,
  type SupplierAnalyticsResponse,
  type SupplierFiguresResponse,
  type Robot,
  offerImageAltSchema,
  offerImageOrderSchema,
  offerImageUploadFieldsSchema,
  type OfferImageListResponse,
  type OfferImageResponse,
} from '@cellforge/contracts';
import { AppError } from '../../lib/errors';
import { parseUpload } from '../../lib/uploads';
import { hasControlCharacters } from '../../middleware/input-guard';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import { requirePermission, requireRole } from '../../middleware/require-role';
import type { SupplierService } from './supplier.service';
import type { OffersService } from './offers.service';
import type { OfferImagesService } from './offer-images.service';

/** /api/supplier: a supplier's own listings, leads and analytics (docs/product.md, supplier portal). */
export function createSupplierRouter(deps: {
  supplier: SupplierService;
  offers: OffersService;
  tokens: TokenService;
  /** Offer pictures and the largest file accepted (bytes). */
  images: OfferImagesService;
  imageMaxBytes: number;
}): Router {
  const { supplier, offers, images } = deps;
  // Pictures are read in memory (at most imageMaxBytes): their kind is told by sharp from the content, not the name.
  const imageUpload: RequestHandler = parseUpload(
    multer({ storage: multer.memoryStorage(), limits: { fileSize: deps.imageMaxBytes, files: 1, fields: 5, fieldSize: 2_000 } }).single('file'),
    `The picture is larger than the limit of ${Math.round((deps.imageMaxBytes / 1024 / 1024) * 10) / 10} MB. Make it smaller and try again.`,
  );
  const router = Router();
  router.use(authenticate(deps.tokens, { required: true }), requireRole('supplier'));

  router.get('/listings', requirePermission('manage_robots'), signedIn(async (req, res, user) => {
    const { import_id } = supplierListingsQuerySchema.parse(req.query);
    res.json({ data: await supplier.listings(user.userId, import_id) } satisfies { data: Robot[] });
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

  // Pictures of an offer (migration 0016): at most 8, in the supplier's order.
  router.get('/offers/:id/images', requirePermission('manage_robots'), signedIn(async (req, res, user) => {
    res.json({ data: await images.list(user.userId, String(req.params.id)) } satisfies OfferImageListResponse);
  }));

  router.post('/offers/:id/images', requirePermission('edit_listings'), imageUpload, signedIn(async (req, res, user) => {
    const fields = offerImageUploadFieldsSchema.parse(req.body ?? {});
    if (hasControlCharacters(fields.alt)) throw new AppError('VALIDATION_FAILED', 'Alt text holds control characters', { alt: ['Remove control characters'] });
    if (!req.file) throw new AppError('BAD_REQUEST', 'Send the picture in the "file" field (multipart/form-data).');
    res.status(201).json({ data: await images.add(user.userId, String(req.params.id), req.file.buffer, fields.alt) } satisfies OfferImageResponse);
  }));

  router.put('/offers/:id/images/order', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    const { ids } = offerImageOrderSchema.parse(req.body);
    res.json({ data: await images.reorder(user.userId, String(req.params.id), ids) } satisfies OfferImageListResponse);
  }));

  router.patch('/offers/:id/images/:imageId', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    const { alt } = offerImageAltSchema.parse(req.body);
    res.json({ data: await images.setAlt(user.userId, String(req.params.id), String(req.params.imageId), alt) } satisfies OfferImageResponse);
  }));

  router.delete('/offers/:id/images/:imageId', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    await images.remove(user.userId, String(req.params.id), String(req.params.imageId));
    res.status(204).end();
  }));

  router.get('/leads', requirePermission('view_leads'), signedIn(async (_req, res, user) => {
    res.json({ data: await supplier.leads(user.userId) } satisfies LeadListResponse);
  }));

  router.patch('/leads/:id', requirePermission('view_leads'), signedIn(async (req, res, user) => {
    const { status } = updateLeadStatusSchema.parse(req.body);
    res.json({ data: await supplier.setLeadStatus(user.userId, String(req.params.id), status) } satisfies LeadResponse);
  }));

  router.get('/offer-analytics', requirePermission('view_analytics'), signedIn(async (req, res, user) => {
    const { days } = offerAnalyticsQuerySchema.parse(req.query);
    res.json({ days, data: await supplier.offerAnalytics(user.userId, days) } satisfies OfferAnalyticsResponse);
  }));

  // The dashboard's figures, one number per figure from the module that owns the rows.
  router.get('/figures', requirePermission('manage_robots'), signedIn(async (_req, res, user) => {
    res.json({ data: await supplier.figures(user.userId) } satisfies SupplierFiguresResponse);
  }));

  router.get('/analytics', requirePermission('view_analytics'), signedIn(async (req, res, user) => {
    const { days } = supplierAnalyticsQuerySchema.parse(req.query);
    res.json({ days, data: await supplier.analytics(user.userId, days) } satisfies SupplierAnalyticsResponse);
  }));

  return router;
}
