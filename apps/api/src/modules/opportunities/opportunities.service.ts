import type { IntegratorCard, IntegratorSearchQuery, Lead, Opportunity } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError, notFound } from '../../lib/errors';
import { defined } from '../../lib/invariants';
import { findLeadDto, findOpenLead, insertLead } from '../leads';
import { findIntegratorsForProject, findSharedProject, listSharedProjects } from './opportunities.repository';

export type OpportunitiesService = ReturnType<typeof createOpportunitiesService>;

/**
 * The marketplace between customers and integrators (docs/product.md): customer projects
 * shared with integrators, an integrator's interest in one, and the integrators a
 * customer finds for a project. Callers check that the project is the customer's own.
 */
export function createOpportunitiesService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async listFor(integratorId: string): Promise<Opportunity[]> {
      const rows = await listSharedProjects(db, integratorId);
      return rows.map((r) => ({
        id: r.id,
        project_name: r.projectName,
        customer_company: r.customerCompany,
        description: r.description,
        requirements: r.requirements,
        created_at: r.createdAt.toISOString(),
        interest_expressed: Boolean(r.interest),
      }));
    },

    /** Once per integrator and project; a project not shared is unknown (404). */
    async expressInterest(integratorId: string, projectId: string, message: string): Promise<Lead> {
      const project = await findSharedProject(db, projectId);
      if (!project) throw notFound('Opportunity');
      if (await findOpenLead(db, { fromUserId: integratorId, projectId: project.id, kind: 'integrator_interest' })) {
        throw new AppError('CONFLICT', 'You have already expressed interest in this project.');
      }
      const row = await insertLead(db, {
        kind: 'integrator_interest',
        projectId: project.id,
        fromUserId: integratorId,
        toUserId: project.ownerId,
        message,
      });
      return defined(await findLeadDto(db, row.id), `lead ${row.id}, just written`);
    },

    async integratorsFor(projectId: string, filters: IntegratorSearchQuery): Promise<IntegratorCard[]> {
      const rows = await findIntegratorsForProject(db, projectId, filters);
      return rows.map((r) => ({
        id: r.id,
        name: `${r.firstName} ${r.lastName}`.trim(),
        company_name: r.companyName,
        city: r.city,
        website: r.website,
        industries: [...new Set([...(r.industries ?? []), ...(r.industry ? [r.industry] : [])])],
        interested: r.interestMessage !== null,
        interest_message: r.interestMessage,
      }));
    },
  };
}
