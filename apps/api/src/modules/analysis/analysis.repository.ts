import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { analysisJobs, type Database } from '@cellforge/db';
import { firstRow } from '../../lib/invariants';

export type JobRow = typeof analysisJobs.$inferSelect;
export type JobStatus =
  | 'uploaded'
  | 'stage1_running'
  | 'stage1_done'
  | 'confirmed'
  | 'stage2_running'
  | 'stage2_done'
  | 'failed';

export async function insertJob(db: Database, values: typeof analysisJobs.$inferInsert): Promise<JobRow> {
  const rows = await db.insert(analysisJobs).values(values).returning();
  return firstRow(rows, 'the new analysis job');
}

export async function findJob(db: Database, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(analysisJobs).where(eq(analysisJobs.id, id)).limit(1);
  return row;
}

export async function updateJob(db: Database, id: string, values: Partial<typeof analysisJobs.$inferInsert>): Promise<JobRow> {
  const rows = await db
    .update(analysisJobs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(analysisJobs.id, id))
    .returning();
  return firstRow(rows, `analysis job ${id}, updated`);
}

/**
 * Moves a job into a running state only if nobody else did: two clicks on "run" must
 * not start two analyses. Returns undefined when the job was not in an allowed state.
 */
export async function claimJob(db: Database, id: string, from: JobStatus[], to: JobStatus): Promise<JobRow | undefined> {
  const [row] = await db
    .update(analysisJobs)
    .set({ status: to, error: null, updatedAt: new Date() })
    .where(and(eq(analysisJobs.id, id), inArray(analysisJobs.status, from)))
    .returning();
  return row;
}

export async function listJobs(db: Database, userId: string, projectId?: string): Promise<JobRow[]> {
  return db
    .select()
    .from(analysisJobs)
    .where(and(eq(analysisJobs.userId, userId), projectId ? eq(analysisJobs.projectId, projectId) : undefined))
    .orderBy(desc(analysisJobs.createdAt));
}

export async function latestStage2(db: Database, userId: string, projectId: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(analysisJobs)
    .where(and(eq(analysisJobs.userId, userId), eq(analysisJobs.projectId, projectId), isNotNull(analysisJobs.stage2Results)))
    .orderBy(desc(analysisJobs.updatedAt))
    .limit(1);
  return row;
}

/** Analyses with a stage queued or running (start-up checks each still has its job). */
export async function listRunningJobs(db: Database): Promise<JobRow[]> {
  return db.select().from(analysisJobs).where(inArray(analysisJobs.status, ['stage1_running', 'stage2_running']));
}
