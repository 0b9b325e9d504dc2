import type { z } from 'zod';
import type { createProjectSchema, CustomerProject, ProjectMatchesResponse, ProjectStats, ProjectStatus, updateProjectSchema } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError, notFound } from '../../lib/errors';
import { findMatchCandidates } from '../catalog';
import { rankMatches } from './matching';
import { toProjectDto, type ProjectRow } from './project-dto';
import {
  deleteProject,
  findProjectById,
  insertProject,
  listProjectsByOwner,
  projectStatsForOwner,
  updateProject,
} from './projects.repository';
import { isUuid } from '../../lib/db-values';

type CreateInput = z.infer<typeof createProjectSchema>;
type UpdateInput = z.infer<typeof updateProjectSchema>;

export function createProjectsService(db: Database) {
  /** Another user's project answers 404 like a missing one: its existence is not disclosed. */
  async function ownProject(userId: string, id: string): Promise<ProjectRow> {
    const row = isUuid(id) ? await findProjectById(db, id) : undefined;
    if (!row || row.ownerId !== userId) throw notFound('Project');
    return row;
  }

  return {
    ownProject,
    async list(userId: string, status?: ProjectStatus): Promise<CustomerProject[]> {
      return (await listProjectsByOwner(db, userId, status)).map(toProjectDto);
    },
    async stats(userId: string): Promise<ProjectStats> {
      return projectStatsForOwner(db, userId);
    },
    async get(userId: string, id: string): Promise<CustomerProject> {
      return toProjectDto(await ownProject(userId, id));
    },
    async create(userId: string, input: CreateInput): Promise<CustomerProject> {
      const row = await insertProject(db, {
        ownerId: userId,
        projectName: input.project_name,
        customerCompany: input.customer_company ?? null,
        status: input.status,
        description: input.description,
        requirements: input.requirements,
        sharedWithIntegrators: input.shared_with_integrators,
      });
      return toProjectDto(row);
    },
    async update(userId: string, id: string, input: UpdateInput): Promise<CustomerProject> {
      const current = toProjectDto(await ownProject(userId, id));
      const row = await updateProject(db, id, {
        projectName: input.project_name,
        customerCompany: input.customer_company,
        status: input.status,
        description: input.description,
        // A PATCH of one requirement keeps the others.
        requirements: input.requirements ? { ...current.requirements, ...input.requirements } : undefined,
        sharedWithIntegrators: input.shared_with_integrators,
      });
      return toProjectDto(row);
    },
    async remove(userId: string, id: string) {
      await ownProject(userId, id);
      await deleteProject(db, id);
    },
    async matches(userId: string, id: string): Promise<ProjectMatchesResponse> {
      const project = toProjectDto(await ownProject(userId, id));
      const req = project.requirements;
      if (!req.payload_kg && !req.reach_mm && !req.application) {
        throw new AppError(
          'BAD_REQUEST',
          'Add a payload, a reach or an application to the project requirements to see matching robots.',
        );
      }
      const candidates = await findMatchCandidates(db, req);
      return { project, data: rankMatches(candidates, req) };
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
