import { projectRequirementsSchema, type CustomerProject, type ProjectStatus } from '@cellforge/contracts';
import type { projects } from '@cellforge/db';

export type ProjectRow = typeof projects.$inferSelect;

export function toProjectDto(row: ProjectRow): CustomerProject {
  const requirements = projectRequirementsSchema.safeParse(row.requirements ?? {});
  return {
    id: row.id,
    project_name: row.projectName,
    customer_company: row.customerCompany,
    status: row.status as ProjectStatus,
    owner_id: row.ownerId,
    description: row.description,
    requirements: requirements.success ? requirements.data : projectRequirementsSchema.parse({}),
    shared_with_integrators: row.sharedWithIntegrators,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
