import { and, desc, eq, sql } from 'drizzle-orm';
import type { ProjectStats, ProjectStatus } from '@cellforge/contracts';
import { projects, type Database } from '@cellforge/db';
import { firstRow } from '../../lib/invariants';
import type { ProjectRow } from './project-dto';

export type NewProjectRow = typeof projects.$inferInsert;

export async function listProjectsByOwner(db: Database, ownerId: string, status?: ProjectStatus): Promise<ProjectRow[]> {
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.ownerId, ownerId), status ? eq(projects.status, status) : undefined))
    .orderBy(desc(projects.updatedAt));
}

export async function findProjectById(db: Database, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}

export async function insertProject(db: Database, values: NewProjectRow): Promise<ProjectRow> {
  const rows = await db.insert(projects).values(values).returning();
  return firstRow(rows, 'the new project');
}

export async function updateProject(db: Database, id: string, values: Partial<NewProjectRow>): Promise<ProjectRow> {
  const rows = await db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(projects.id, id))
    .returning();
  return firstRow(rows, `project ${id}, updated`);
}

export async function deleteProject(db: Database, id: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

export async function projectStatsForOwner(db: Database, ownerId: string): Promise<ProjectStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${projects.status} = 'In Progress')`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${projects.status} = 'Complete')`.mapWith(Number),
      draft: sql<number>`count(*) filter (where ${projects.status} = 'Draft')`.mapWith(Number),
    })
    .from(projects)
    .where(eq(projects.ownerId, ownerId));
  return {
    total_projects: row?.total ?? 0,
    active_projects: row?.active ?? 0,
    completed_projects: row?.completed ?? 0,
    draft_projects: row?.draft ?? 0,
  };
}
