import { Router } from 'express';
import {
  INTEGRATOR_SETTINGS_SAVED_MESSAGE,
  integratorCatalogQuerySchema,
  integratorSettingsUpdateSchema,
  type IntegratorSettingsSaveResponse,
  listingInputSchema,
  type CatalogStats,
  type IntegratorCatalogRobot,
  type IntegratorSettings,
} from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import { requireRole } from '../../middleware/require-role';
import { integratorCatalog, integratorCatalogStats, type IntegratorCatalogDetail } from '../catalog';
import { robotOfImport } from '../bulk-upload';
import type { IntegratorService } from './integrator.service';

/**
 * /api/integrator: catalog and settings of the integrator portal (docs/product.md §4).
 * Integrator or system_integrator only. The guard is attached per route, not with
 * router.use, so other /api/integrator/* routers mounted later keep their own.
 */
export function createIntegratorRouter(deps: { db: Database; tokens: TokenService; integrator: IntegratorService }): Router {
  const router = Router();
  const guard = [authenticate(deps.tokens, { required: true }), requireRole('integrator')];
  const catalog = integratorCatalog(deps.db);

  router.get('/catalog/robots', ...guard, signedIn(async (req, res, user) => {
    const query = integratorCatalogQuerySchema.parse(req.query);
    const page = await catalog.page(user.userId, query, query.import_id ? robotOfImport(query.import_id, user.userId) : undefined);
    res.json({ data: page.data, page: query.page, limit: query.limit, total: page.total } satisfies {
      data: IntegratorCatalogRobot[];
      page: number;
      limit: number;
      total: number;
    });
  }));

  router.get('/catalog/robots/:id', ...guard, signedIn(async (req, res, user) => {
    res.json({ data: await catalog.get(user.userId, String(req.params.id)) } satisfies { data: IntegratorCatalogDetail });
  }));

  router.put('/catalog/robots/:id', ...guard, signedIn(async (req, res, user) => {
    const input = listingInputSchema.parse(req.body ?? {});
    res.json({ data: await catalog.update(user.userId, String(req.params.id), input) } satisfies { data: IntegratorCatalogDetail });
  }));

  router.delete('/catalog/robots/:id', ...guard, signedIn(async (req, res, user) => {
    await catalog.remove(user.userId, String(req.params.id));
    res.status(204).end();
  }));

  router.get('/catalog/stats', ...guard, signedIn(async (_req, res, user) => {
    res.json({ data: await integratorCatalogStats(deps.db, user.userId) } satisfies { data: CatalogStats });
  }));

  router.get('/settings', ...guard, signedIn(async (_req, res, user) => {
    res.json({ data: await deps.integrator.settings(user.userId) } satisfies { data: IntegratorSettings });
  }));

  router.put('/settings', ...guard, signedIn(async (req, res, user) => {
    const input = integratorSettingsUpdateSchema.parse(req.body ?? {});
    const data = await deps.integrator.saveSettings(user.userId, input);
    res.json({ success: true, message: INTEGRATOR_SETTINGS_SAVED_MESSAGE, data } satisfies IntegratorSettingsSaveResponse);
  }));

  return router;
}
