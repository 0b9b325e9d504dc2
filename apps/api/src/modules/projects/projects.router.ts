import { Router, type RequestHandler } from 'express';
import {
  createProjectSchema,
  hasPermission,
  integratorSearchQuerySchema,
  projectStatusFilterSchema,
  updateProjectSchema,
  type CustomerProject,
  type IntegratorCard,
  type ProjectMatchesResponse,
  type ProjectStats,
  type IntegratorSearchQuery,
  type Stage2Results,
  type ProjectStage2Answer,
} from '@cellforge/contracts';
import { AppError } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import { requirePermission, requireRole } from '../../middleware/require-role';
import type { ProjectsService } from './projects.service';

/** Creating and changing projects: customers (create_projects) and integrators (manage_projects). */
const canManageProjects: RequestHandler = (req, _res, next) => {
  const role = req.auth?.role;
  if (!hasPermission(role, 'create_projects') && !hasPermission(role, 'manage_projects')) {
    throw new AppError('FORBIDDEN', 'Only customers and system integrators keep projects.');
  }
  next();
};

/** The project handlers both mounts share: a user only ever sees their own projects (another's is 404). */
function projectHandlers(projects: ProjectsService) {
  return {
    list: signedIn(async (req, res, user) => {
      const { status } = projectStatusFilterSchema.parse(req.query);
      res.json({ data: await projects.list(user.userId, status) } satisfies { data: CustomerProject[] });
    }),
    stats: signedIn(async (_req, res, user) => {
      res.json({ data: await projects.stats(user.userId) } satisfies { data: ProjectStats });
    }),
    create: signedIn(async (req, res, user) => {
      const input = createProjectSchema.parse(req.body ?? {});
      res.status(201).json({ data: await projects.create(user.userId, input) } satisfies { data: CustomerProject });
    }),
    get: signedIn(async (req, res, user) => {
      res.json({ data: await projects.get(user.userId, String(req.params.id)) } satisfies { data: CustomerProject });
    }),
    update: signedIn(async (req, res, user) => {
      const input = updateProjectSchema.parse(req.body ?? {});
      res.json({ data: await projects.update(user.userId, String(req.params.id), input) } satisfies { data: CustomerProject });
    }),
  };
}

export interface ProjectsRouterDeps {
  projects: ProjectsService;
  tokens: TokenService;
  /** The integrators a customer can ask to deploy a project (the opportunities module). */
  integratorsFor: (projectId: string, filters: IntegratorSearchQuery) => Promise<IntegratorCard[]>;
  /** The latest Stage 2 results of the user's project (the analysis module). */
  stage2For: (userId: string, projectId: string) => Promise<{ success: true; job_id: string; data: Stage2Results }>;
}

/**
 * /projects (docs/product.md, projects): every signed-in user lists their own projects;
 * nobody sees another user's project (404). Every route under /projects lives here; the
 * integrators and Stage 2 results of a project come from their modules.
 */
export function createProjectsRouter(deps: ProjectsRouterDeps): Router {
  const router = Router();
  const handlers = projectHandlers(deps.projects);
  router.use(authenticate(deps.tokens, { required: true }));

  router.get('/', handlers.list);
  router.get('/stats/overview', handlers.stats);
  router.post('/', canManageProjects, handlers.create);
  router.get('/:id', handlers.get);
  router.patch('/:id', canManageProjects, handlers.update);
  router.delete('/:id', canManageProjects, signedIn(async (req, res, user) => {
    await deps.projects.remove(user.userId, String(req.params.id));
    res.status(204).end();
  }));
  router.get('/:id/matches', requirePermission('view_matches'), signedIn(async (req, res, user) => {
    res.json((await deps.projects.matches(user.userId, String(req.params.id))) satisfies ProjectMatchesResponse);
  }));
  router.get('/:id/integrators', requirePermission('find_integrators'), signedIn(async (req, res, user) => {
    const project = await deps.projects.ownProject(user.userId, String(req.params.id));
    const filters = integratorSearchQuerySchema.parse(req.query);
    res.json({ data: await deps.integratorsFor(project.id, filters) } satisfies { data: IntegratorCard[] });
  }));
  router.get('/:id/stage2-results', signedIn(async (req, res, user) => {
    res.json((await deps.stage2For(user.userId, String(req.params.id))) satisfies ProjectStage2Answer);
  }));
  return router;
}

/** /api/integrator/projects: the integrator portal's view of the same projects (integrators only). */
export function createIntegratorProjectsRouter(deps: { projects: ProjectsService; tokens: TokenService }): Router {
  const router = Router();
  const handlers = projectHandlers(deps.projects);
  router.use(authenticate(deps.tokens, { required: true }), requireRole('integrator'));
  router.get('/', handlers.list);
  router.get('/stats', handlers.stats);
  router.post('/', handlers.create);
  router.get('/:id', handlers.get);
  router.patch('/:id', handlers.update);
  return router;
}
