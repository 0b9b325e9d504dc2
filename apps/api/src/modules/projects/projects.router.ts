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
import { signedIn } from '../../middleware/signed-in';
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

  router.get('/', signedIn(async (req, res, user) => {
    const { status } = projectStatusFilterSchema.parse(req.query);
    res.json({ data: await deps.projects.list(user.userId, status) });
  }));
  router.get('/stats/overview', signedIn(async (_req, res, user) => {
    res.json({ data: await deps.projects.stats(user.userId) });
  }));
  router.post('/', canManageProjects, signedIn(async (req, res, user) => {
    const input = createProjectSchema.parse(req.body);
    res.status(201).json({ data: await deps.projects.create(user.userId, input) });
  }));
  router.get('/:id', signedIn(async (req, res, user) => {
    res.json({ data: await deps.projects.get(user.userId, String(req.params.id)) });
  }));
  router.patch('/:id', canManageProjects, signedIn(async (req, res, user) => {
    const input = updateProjectSchema.parse(req.body);
    res.json({ data: await deps.projects.update(user.userId, String(req.params.id), input) });
  }));
  router.delete('/:id', canManageProjects, signedIn(async (req, res, user) => {
    await deps.projects.remove(user.userId, String(req.params.id));
    res.status(204).end();
  }));
  router.get('/:id/matches', requirePermission('view_matches'), signedIn(async (req, res, user) => {
    res.json(await deps.projects.matches(user.userId, String(req.params.id)));
  }));
  return router;
}
