import type { z } from 'zod';
import { robotQuerySchema, type createProjectSchema, type CustomerProject, type ProjectMatchesResponse, type ProjectRequirements, type ProjectStats, type ProjectStatus, type updateProjectSchema } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError, notFound } from '../../lib/errors';
import { countUnknownValues, findMatchCandidates, findOfferSummaries, hasEnvironmentFilter, listPublicManufacturers, type EnvironmentQuery } from '../catalog';
import { readDescriptionNeeds } from './description-needs';
import { requiredPayloadKg } from '@cellforge/robot-fit';
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
/** A project's requirements with the makers its description names or rules out. */
export type StatedRequirements = ProjectRequirements & { makers?: string[]; excluded_makers?: string[]; washdown?: boolean };
type UpdateInput = z.infer<typeof updateProjectSchema>;

export function createProjectsService(db: Database) {
  /** Another user's project answers 404 like a missing one: its existence is not disclosed. */
  async function ownProject(userId: string, id: string): Promise<ProjectRow> {
    const row = isUuid(id) ? await findProjectById(db, id) : undefined;
    if (!row || row.ownerId !== userId) throw notFound('Project');
    return row;
  }

  /**
   * The project's requirements as the buyer stated them: the fields filled, and the empty ones
   * taken from the description (the one parser, as the matches read it). A quote request sent
   * for a project described only in words carries what the words say, with the makers the
   * description asks for or rules out (the matches' filters).
   */
  async function statedRequirements(row: ProjectRow): Promise<StatedRequirements> {
    const project = toProjectDto(row);
    if (!project.description.trim()) return project.requirements;
    const needs = readDescriptionNeeds(project.description, project.requirements, await listPublicManufacturers(db));
    const makers = needs.filters.manufacturer ? needs.filters.manufacturer.split(',') : [];
    return {
      ...needs.requirements,
      ...(makers.length ? { makers } : {}),
      ...(needs.excludedMakers.length ? { excluded_makers: needs.excludedMakers } : {}),
      ...(needs.washdown ? { washdown: true } : {}),
    };
  }

  return {
    ownProject,
    statedRequirements,
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
      // The description is the buyer's own words, read with the parser of the chat and the
      // search box: it fills the empty requirement fields and rules out types and makers.
      const needs = readDescriptionNeeds(
        project.description,
        project.requirements,
        project.description.trim() ? await listPublicManufacturers(db) : [],
      );
      const req = needs.requirements;
      if (!req.payload_kg && !req.reach_mm && !req.application) {
        throw new AppError(
          'BAD_REQUEST',
          'Add a payload, a reach or an application to the project requirements to see matching robots.',
        );
      }
      // The part plus the gripper allowance, by the one robot-fit rule the chat and the search box
      // use; the description's limits as the search box's filters; the project's environment fields win.
      const query = robotQuerySchema.parse({
        ...needs.filters,
        minPayload: req.payload_kg ? requiredPayloadKg(req.payload_kg) : undefined,
        minReach: req.reach_mm ?? undefined,
        ...projectEnvironment(req),
      });
      const candidates = await findMatchCandidates(db, query, 400, { maxRepeatabilityMm: needs.maxRepeatabilityMm });
      // Robots meeting the figures whose environment value is not published: left out, and counted.
      const unknown = hasEnvironmentFilter(query) ? await countUnknownValues(db, query) : [];
      const ranked = rankMatches(candidates, req);
      const offers = await findOfferSummaries(db, ranked.map((m) => m.robot_id));
      const data = ranked.map((m) => ({ ...m, offers: offers.get(m.robot_id) ?? null }));
      const fromDescription = needs.readAs.length
        ? { from_description: { excluded_makers: needs.excludedMakers, read_as: needs.readAs, ...(needs.notApplied.length ? { not_applied: needs.notApplied } : {}) } }
        : {};
      return { project, data, ...(unknown.length ? { unknown_values: unknown } : {}), ...fromDescription };
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;

/** A project's environment limits in the catalog query's terms. */
export function projectEnvironment(req: ProjectRequirements): EnvironmentQuery {
  const env: EnvironmentQuery = {};
  if (req.ip_rating_min !== null) env.minIp = req.ip_rating_min;
  if (req.cleanroom_iso_class !== null) env.cleanroom = req.cleanroom_iso_class;
  if (req.food_grade) env.foodGrade = 'true';
  if (req.mounting) env.mounting = req.mounting;
  return env;
}
