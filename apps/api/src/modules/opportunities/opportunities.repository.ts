import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { integratorProfiles, leads, projects, users, type Database } from '@cellforge/db';
import { isUuid } from '../../lib/db-values';

/**
 * What makes a project an opportunity: a customer's project (not an integrator's own),
 * shared with integrators, not complete. The list and the interest route use the same rule.
 */
const isOpportunity = and(eq(projects.sharedWithIntegrators, true), eq(users.userType, 'customer'), ne(projects.status, 'Complete'));

export async function listSharedProjects(db: Database, integratorId: string) {
  return db
    .select({
      id: projects.id,
      projectName: projects.projectName,
      customerCompany: projects.customerCompany,
      description: projects.description,
      requirements: projects.requirements,
      createdAt: projects.createdAt,
      interest: sql<boolean>`exists (select 1 from ${leads} l where l.project_id = ${projects.id} and l.from_user_id = ${integratorId} and l.kind = 'integrator_interest')`,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(isOpportunity)
    .orderBy(desc(projects.createdAt));
}

export async function findSharedProject(db: Database, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ id: projects.id, ownerId: projects.ownerId })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(and(eq(projects.id, id), isOpportunity))
    .limit(1);
  return row;
}

/**
 * Integrators a customer can contact for a project: those who expressed interest first,
 * then others matching the city and industry asked for.
 */
export async function findIntegratorsForProject(
  db: Database,
  projectId: string,
  filters: { city?: string; industry?: string },
) {
  const interest = sql<string | null>`(select l.message from ${leads} l where l.project_id = ${projectId} and l.from_user_id = ${users.id} and l.kind = 'integrator_interest' order by l.created_at desc limit 1)`;
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: sql<string | null>`coalesce(${integratorProfiles.companyName}, ${users.companyName})`,
      city: integratorProfiles.city,
      website: sql<string | null>`coalesce(${integratorProfiles.website}, ${users.website})`,
      industries: integratorProfiles.industries,
      industry: users.industry,
      interestMessage: interest,
    })
    .from(users)
    .leftJoin(integratorProfiles, eq(integratorProfiles.userId, users.id))
    .where(
      and(
        or(eq(users.userType, 'integrator'), eq(users.userType, 'system_integrator')),
        filters.city ? ilike(integratorProfiles.city, `%${filters.city.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
        filters.industry
          ? or(sql`${filters.industry} = any(${integratorProfiles.industries})`, eq(users.industry, filters.industry))
          : undefined,
      ),
    )
    .orderBy(sql`${interest} is null`, users.lastName)
    .limit(50);
}
