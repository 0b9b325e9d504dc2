import { Router } from 'express';
import {
  createProjectSchema,
  INTEGRATOR_SETTINGS_SAVED_MESSAGE,
  integratorCatalogQuerySchema,
  integratorSettingsSchema,
  listingInputSchema,
  projectStatusFilterSchema,
  updateProjectSchema,
  type IntegratorCatalogRobot,
} from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import { requireRole } from '../../middleware/require-role';
import type { ProjectsService } from '../projects';
import { toRobotDto, type RobotRow } from '../catalog';
import { deleteRobot, findOwnedRobot, findRobotRow, integratorCatalogStats, listIntegratorCatalog, robotValues, updateRobot } from '../catalog';
import { AppError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-values';
import {
  findIntegratorSettings,
  saveIntegratorSettings,
} from './integrator.repository';

/** Spec section 3 "Integrator catalog robot": own robots are editable, the shared catalog is read-only. */
export function toIntegratorCatalogRobot(row: RobotRow, viewerId: string): IntegratorCatalogRobot {
  const own = row.ownerId === viewerId;
  return {
    _id: row.id,
    model_name: row.model,
    manufacturer: row.manufacturer,
    normalized_specs: { payload_kg: row.payloadKg, reach_mm: row.reachMm, dof: row.dof },
    can_edit: own,
    permission_level: own ? 'owner' : 'read',
    category: row.category,
    status: row.status === 'inactive' ? 'inactive' : 'active',
  };
}

/**
 * /api/integrator: catalog, projects and settings of the integrator portal (spec
 * section 7). Integrator or system_integrator only. The guard is attached per route,
 * not with router.use, so other /api/integrator/* routers mounted later keep their own.
 */
export function createIntegratorRouter(deps: { db: Database; tokens: TokenService; projects: ProjectsService }): Router {
  const router = Router();
  const guard = [authenticate(deps.tokens, { required: true }), requireRole('integrator')];

  router.get('/catalog/robots', ...guard, signedIn(async (req, res, user) => {
    const query = integratorCatalogQuerySchema.parse(req.query);
    const page = await listIntegratorCatalog(deps.db, user.userId, query);
    res.json({
      data: page.rows.map((r) => toIntegratorCatalogRobot(r, user.userId)),
      page: query.page,
      limit: query.limit,
      total: page.total,
    });
  }));

  // One robot of the integrator's catalog with every field (the edit form needs them):
  // their own robots and the shared catalog; another integrator's robots do not exist here.
  router.get('/catalog/robots/:id', ...guard, signedIn(async (req, res, user) => {
    const row = await findRobotRow(deps.db, String(req.params.id));
    if (!row || (row.ownerId !== null && row.ownerId !== user.userId)) throw notFound('Robot');
    const summary = toIntegratorCatalogRobot(row, user.userId);
    res.json({ data: { ...toRobotDto(row), can_edit: summary.can_edit, permission_level: summary.permission_level } });
  }));

  /** DECISIONS: an integrator edits only robots where can_edit is true (their own). */
  const ownRobot = (userId: string, id: string) => findOwnedRobot(deps.db, userId, id, { label: 'Robot', othersRobot: { status: 404 } });

  router.put('/catalog/robots/:id', ...guard, signedIn(async (req, res, user) => {
    const row = await ownRobot(user.userId, String(req.params.id));
    const input = listingInputSchema.parse(req.body ?? {});
    try {
      const saved = await updateRobot(deps.db, row.id, robotValues(input));
      res.json({ data: { ...toRobotDto(saved), can_edit: true, permission_level: 'owner' } });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw new AppError('CONFLICT', 'Your catalog already has this manufacturer and model. Edit that robot instead.', {
        model: ['Your catalog already has this manufacturer and model'],
      });
    }
  }));

  router.delete('/catalog/robots/:id', ...guard, signedIn(async (req, res, user) => {
    const row = await ownRobot(user.userId, String(req.params.id));
    await deleteRobot(deps.db, row.id);
    res.status(204).end();
  }));

  router.get('/catalog/stats', ...guard, signedIn(async (_req, res, user) => {
    res.json({ data: await integratorCatalogStats(deps.db, user.userId) });
  }));

  router.get('/projects', ...guard, signedIn(async (req, res, user) => {
    const { status } = projectStatusFilterSchema.parse(req.query);
    res.json({ data: await deps.projects.list(user.userId, status) });
  }));

  router.get('/projects/stats', ...guard, signedIn(async (_req, res, user) => {
    res.json({ data: await deps.projects.stats(user.userId) });
  }));

  router.post('/projects', ...guard, signedIn(async (req, res, user) => {
    const input = createProjectSchema.parse(req.body ?? {});
    res.status(201).json({ data: await deps.projects.create(user.userId, input) });
  }));

  router.get('/projects/:id', ...guard, signedIn(async (req, res, user) => {
    res.json({ data: await deps.projects.get(user.userId, String(req.params.id)) });
  }));

  router.patch('/projects/:id', ...guard, signedIn(async (req, res, user) => {
    const input = updateProjectSchema.parse(req.body ?? {});
    res.json({ data: await deps.projects.update(user.userId, String(req.params.id), input) });
  }));

  router.get('/settings', ...guard, signedIn(async (_req, res, user) => {
    res.json({ data: await findIntegratorSettings(deps.db, user.userId) });
  }));

  router.put('/settings', ...guard, signedIn(async (req, res, user) => {
    // Fields left out keep their saved value; the settings dialog sends all four.
    const input = integratorSettingsSchema.partial().parse(req.body ?? {});
    const current = await findIntegratorSettings(deps.db, user.userId);
    const data = await saveIntegratorSettings(deps.db, user.userId, { ...current, ...input });
    res.json({ success: true, message: INTEGRATOR_SETTINGS_SAVED_MESSAGE, data });
  }));

  return router;
}
