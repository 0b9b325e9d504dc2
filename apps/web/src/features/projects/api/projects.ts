import {
  customerProjectSchema,
  projectRequirementsSchema,
  projectSchema,
  projectStatsSchema,
  type CreateProjectInput,
  type CustomerProject,
  type ProjectStats,
  type ProjectStatus,
} from '@cellforge/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';

/**
 * The projects API of both portals, written once. A customer's projects live under
 * /projects (with requirements and sharing, docs/product.md §7.5), an
 * integrator's under /api/integrator/projects (name, customer company, status,
 * §7.8); each portal keeps its own cache keys, since the two answers
 * have different shapes.
 */
export type ProjectPortal = 'customer' | 'integrator';
export type ProjectFilter = ProjectStatus | 'all';

/**
 * An integrator's project: name, customer company, status, and the requirements it holds
 * (payload, reach, cycle time prefill the analysis's confirm step, issue 16). The API
 * answers every requirement field; an older answer without them still reads.
 */
const integratorProjectSchema = projectSchema.extend({ requirements: projectRequirementsSchema.optional() });
export type IntegratorProject = z.infer<typeof integratorProjectSchema>;

/** What each portal's project answer holds. */
export interface PortalProject {
  customer: CustomerProject;
  integrator: IntegratorProject;
}

/** The requirements an integrator keeps on a project (the customer's form has all of them). */
export interface IntegratorRequirementsInput {
  payload_kg: number | null;
  reach_mm: number | null;
  cycle_time_s: number | null;
}

/** The integrator's project fields (the rest of createProjectSchema is the customer's). */
export interface IntegratorProjectInput {
  project_name: string;
  customer_company: string | null;
  status: ProjectStatus;
  requirements?: IntegratorRequirementsInput;
}

/** What each portal sends to create a project (and, partly, to change one). */
export interface PortalProjectInput {
  customer: CreateProjectInput;
  integrator: IntegratorProjectInput;
}

const ENDPOINTS = {
  customer: {
    base: '/projects',
    stats: '/projects/stats/overview',
    item: customerProjectSchema,
    keys: {
      all: ['projects'],
      // A customer's list has no status filter.
      list: (_filter: ProjectFilter) => ['projects', 'list'],
      stats: ['projects', 'stats'],
    },
  },
  integrator: {
    base: '/api/integrator/projects',
    stats: '/api/integrator/projects/stats',
    item: integratorProjectSchema,
    keys: { all: integratorKeys.projects, list: integratorKeys.projectList, stats: integratorKeys.projectStats },
  },
} as const;

const itemPath = (portal: ProjectPortal, id: string) => `${ENDPOINTS[portal].base}/${encodeURIComponent(id)}`;

function parseProject<P extends ProjectPortal>(portal: P, answer: unknown): PortalProject[P] {
  return parseAnswer(z.object({ data: ENDPOINTS[portal].item }), answer).data as PortalProject[P];
}

/** GET the portal's projects: all of them, or (integrator, ?status=) one status. */
export async function getProjects<P extends ProjectPortal>(portal: P, filter: ProjectFilter = 'all', signal?: AbortSignal): Promise<PortalProject[P][]> {
  const query = portal === 'integrator' ? { status: filter === 'all' ? undefined : filter } : undefined;
  const answer = await api.get(ENDPOINTS[portal].base, { query, signal });
  return parseAnswer(z.object({ data: z.array(ENDPOINTS[portal].item) }), answer).data as PortalProject[P][];
}

export function projectsQueryOptions<P extends ProjectPortal>(portal: P, filter: ProjectFilter = 'all') {
  return queryOptions({
    queryKey: ENDPOINTS[portal].keys.list(filter),
    queryFn: ({ signal }) => getProjects(portal, filter, signal),
  });
}

export function useProjects<P extends ProjectPortal>(portal: P, filter: ProjectFilter = 'all', { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...projectsQueryOptions(portal, filter), enabled });
}

/** GET /projects/:id (bearer): one of the customer's projects; 404 for anyone else's. */
export async function getProject(id: string, signal?: AbortSignal): Promise<CustomerProject> {
  return parseProject('customer', await api.get(itemPath('customer', id), { signal }));
}

export function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['projects', 'detail', id],
    queryFn: ({ signal }) => getProject(id, signal),
  });
}

export function useProject(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...projectQueryOptions(id), enabled });
}

/**
 * The stat cards' figures: total, active (In Progress), completed and draft projects.
 * A customer's are null on any failure (the cards then show a dash, docs/product.md
 * §3.9); an integrator's failure is the query's error.
 */
export async function getProjectStats(portal: ProjectPortal, signal?: AbortSignal): Promise<ProjectStats | null> {
  const statsAnswerSchema = z.object({ data: projectStatsSchema });
  if (portal === 'integrator') return parseAnswer(statsAnswerSchema, await api.get(ENDPOINTS.integrator.stats, { signal })).data;
  try {
    return statsAnswerSchema.parse(await api.get(ENDPOINTS.customer.stats, { signal })).data;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return null;
  }
}

export function projectStatsQueryOptions(portal: ProjectPortal) {
  return queryOptions({ queryKey: ENDPOINTS[portal].keys.stats, queryFn: ({ signal }) => getProjectStats(portal, signal) });
}

export function useProjectStats(portal: ProjectPortal) {
  return useQuery(projectStatsQueryOptions(portal));
}

/** POST the portal's projects -> 201 { data }. */
export async function createProject<P extends ProjectPortal>(portal: P, input: PortalProjectInput[P]): Promise<PortalProject[P]> {
  return parseProject(portal, await api.post(ENDPOINTS[portal].base, input));
}

/** PATCH the portal's project with the changed fields. */
export async function updateProject<P extends ProjectPortal>(
  portal: P,
  { id, changes }: { id: string; changes: Partial<PortalProjectInput[P]> },
): Promise<PortalProject[P]> {
  return parseProject(portal, await api.patch(itemPath(portal, id), changes));
}

/** DELETE the portal's project: 204. */
export async function deleteProject(portal: ProjectPortal, id: string): Promise<void> {
  await api.delete(itemPath(portal, id));
}

/** After any change, the portal's whole projects cache: the lists, the stats (status) and, for a customer, the matches (requirements). */
function useInvalidateProjects(portal: ProjectPortal) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ENDPOINTS[portal].keys.all });
}

export function useCreateProject<P extends ProjectPortal>(portal: P) {
  const invalidate = useInvalidateProjects(portal);
  return useMutation({ mutationFn: (input: PortalProjectInput[P]) => createProject(portal, input), onSuccess: invalidate });
}

export function useUpdateProject<P extends ProjectPortal>(portal: P) {
  const invalidate = useInvalidateProjects(portal);
  return useMutation({
    mutationFn: (variables: { id: string; changes: Partial<PortalProjectInput[P]> }) => updateProject(portal, variables),
    onSuccess: invalidate,
  });
}

export function useDeleteProject(portal: ProjectPortal) {
  const invalidate = useInvalidateProjects(portal);
  return useMutation({ mutationFn: (id: string) => deleteProject(portal, id), onSuccess: invalidate });
}
