import type { ProjectStatus } from '@cellforge/contracts';

/** Every integrator query lives under ['integrator', ...]: the customer's ['projects'] cache is another user's data shape. */
export const integratorKeys = {
  all: ['integrator'] as const,
  catalog: ['integrator', 'catalog'] as const,
  catalogRobotLists: ['integrator', 'catalog', 'robots'] as const,
  catalogRobots: (page: number, search: string) => ['integrator', 'catalog', 'robots', { page, search }] as const,
  catalogStats: ['integrator', 'catalog', 'stats'] as const,
  catalogRobot: (id: string) => ['integrator', 'catalog', 'robot', id] as const,
  projects: ['integrator', 'projects'] as const,
  projectList: (status: ProjectStatus | 'all') => ['integrator', 'projects', 'list', status] as const,
  projectStats: ['integrator', 'projects', 'stats'] as const,
  settings: ['integrator', 'settings'] as const,
  opportunities: ['integrator', 'opportunities'] as const,
  analyses: ['integrator', 'analysis'] as const,
  analysisList: (projectId: string) => ['integrator', 'analysis', 'list', projectId] as const,
  analysisJob: (jobId: string) => ['integrator', 'analysis', 'job', jobId] as const,
  stage2Results: (projectId: string) => ['integrator', 'analysis', 'stage2-results', projectId] as const,
};
