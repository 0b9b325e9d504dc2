import { Router, type RequestHandler } from 'express';
import {
  createProjectSchema,
  hasPermission,
  projectStatusFilterSchema,
  updateProjectSchema,
} from '@cellforge/contracts';
import { AppError } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { requirePermission } from '../../middleware/require-role';
import type { ProjectsService } from './projects.service';

/** Creating and changing projects: customers (create_projects) and integrators (manage_projects). */
const canManageProjects: RequestHandler = (req, _res, next) => {
  const role = req.auth?.role;
  if (!hasPermission(role, 'create_projects') && !hasPermission(role, 'manage_projects')) {
    throw new AppError('FORBIDDEN', 'Only customers and system integrators keep projects.');
  }
  next();
};

/**
 * /projects (spec section 7): every signed-in user lists their own projects; nobody
 * sees another user's project (404).
 */
export function createProjectsRouter(deps: { projects: ProjectsService; tokens: TokenService }): Router {
  const router = Router();
  router.use(authenticate(deps.tokens, { required: true }));

  router.get('/', async (req, res) => {
    const { status } = projectStatusFilterSchema.parse(req.query);
    res.json({ data: await deps.projects.list(req.auth!.userId, status) });
  });
  router.get('/stats/overview', async (req, res) => {
    res.json({ data: await deps.projects.stats(req.auth!.userId) });
  });
  router.post('/', canManageProjects, async (req, res) => {
    const input = createProjectSchema.parse(req.body);
    res.status(201).json({ data: await deps.projects.create(req.auth!.userId, input) });
  });
  router.get('/:id', async (req, res) => {
    res.json({ data: await deps.projects.get(req.auth!.userId, String(req.params.id)) });
  });
  router.patch('/:id', canManageProjects, async (req, res) => {
    const input = updateProjectSchema.parse(req.body);
    res.json({ data: await deps.projects.update(req.auth!.userId, String(req.params.id), input) });
  });
  router.delete('/:id', canManageProjects, async (req, res) => {
    await deps.projects.remove(req.auth!.userId, String(req.params.id));
    res.status(204).end();
  });
  router.get('/:id/matches', requirePermission('view_matches'), async (req, res) => {
    res.json(await deps.projects.matches(req.auth!.userId, String(req.params.id)));
  });
  return router;
}
