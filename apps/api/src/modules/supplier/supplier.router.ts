import { Router } from 'express';
import { z } from 'zod';
import { listingInputSchema, listingStatusSchema, updateLeadStatusSchema } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError, notFound } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import { requirePermission, requireRole } from '../../middleware/require-role';
import { findLeadDto, findLeadRow, listLeadsTo, setLeadStatus } from '../leads';
import { toRobotDto } from '../catalog';
import { findOwnedRobot, robotValues, updateRobot } from '../catalog';
import { insertListing, listingAnalytics, listListings } from './supplier.repository';
import { isUniqueViolation } from '../../lib/db-values';

const duplicate = () =>
  new AppError('CONFLICT', 'You already list this model. Edit the existing listing instead.', {
    model: ['You already list this model'],
  });

/** /api/supplier: a supplier's own listings, leads and analytics (spec section 6, supplier permissions). */
export function createSupplierRouter(deps: { db: Database; tokens: TokenService; onCatalogChange?: () => void }): Router {
  const router = Router();
  router.use(authenticate(deps.tokens, { required: true }), requireRole('supplier'));
  // Listings are part of the public catalog: writes refresh its search index.
  router.use((req, res, next) => {
    if (req.method !== 'GET') res.on('finish', () => res.statusCode < 400 && deps.onCatalogChange?.());
    next();
  });

  /** Only the owner may change a listing; the shared catalog is read-only. */
  const ownListing = (userId: string, id: string) =>
    findOwnedRobot(deps.db, userId, id, {
      label: 'Listing',
      othersRobot: { status: 403, message: 'Only the supplier who created this listing may change it.' },
    });

  router.get('/listings', requirePermission('manage_robots'), signedIn(async (_req, res, user) => {
    res.json({ data: (await listListings(deps.db, user.userId)).map(toRobotDto) });
  }));

  router.post('/listings', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    const input = listingInputSchema.parse(req.body);
    try {
      res.status(201).json({ data: toRobotDto(await insertListing(deps.db, user.userId, input)) });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
  }));

  router.put('/listings/:id', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    const row = await ownListing(user.userId, String(req.params.id));
    const input = listingInputSchema.parse(req.body);
    try {
      res.json({ data: toRobotDto(await updateRobot(deps.db, row.id, robotValues(input))) });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
  }));

  router.patch('/listings/:id/status', requirePermission('edit_listings'), signedIn(async (req, res, user) => {
    const row = await ownListing(user.userId, String(req.params.id));
    const { status } = listingStatusSchema.parse(req.body);
    res.json({ data: toRobotDto(await updateRobot(deps.db, row.id, { status })) });
  }));

  router.get('/leads', requirePermission('view_leads'), signedIn(async (_req, res, user) => {
    res.json({ data: await listLeadsTo(deps.db, user.userId, 'robot_inquiry') });
  }));

  router.patch('/leads/:id', requirePermission('view_leads'), signedIn(async (req, res, user) => {
    const lead = await findLeadRow(deps.db, String(req.params.id));
    if (!lead || lead.toUserId !== user.userId) throw notFound('Lead');
    const { status } = updateLeadStatusSchema.parse(req.body);
    await setLeadStatus(deps.db, lead.id, status);
    res.json({ data: await findLeadDto(deps.db, lead.id) });
  }));

  router.get('/analytics', requirePermission('view_analytics'), signedIn(async (req, res, user) => {
    const { days } = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }).parse(req.query);
    const rows = await listingAnalytics(deps.db, user.userId, days);
    const byRobot = new Map<string, { robot_id: string; model: string; manufacturer: string; total_views: number; total_leads: number; series: Array<{ date: string; views: number; leads: number }> }>();
    for (const r of rows) {
      let entry = byRobot.get(r.robot_id);
      if (!entry) {
        entry = { robot_id: r.robot_id, model: r.model, manufacturer: r.manufacturer, total_views: 0, total_leads: 0, series: [] };
        byRobot.set(r.robot_id, entry);
      }
      entry.total_views += Number(r.views);
      entry.total_leads += Number(r.leads);
      entry.series.push({ date: r.date, views: Number(r.views), leads: Number(r.leads) });
    }
    res.json({ days, data: [...byRobot.values()] });
  }));

  return router;
}
