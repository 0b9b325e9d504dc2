import { z } from 'zod';

/*
 * The marketplace between customers and integrators: customer projects shared with
 * integrators (opportunities) and the integrators a customer can find for a project.
 */

/** An integrator as customers find them (find_integrators). */
export const integratorCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  company_name: z.string().nullable(),
  city: z.string().nullable(),
  website: z.string().nullable(),
  industries: z.array(z.string()),
  interested: z.boolean(),
  interest_message: z.string().nullable(),
});
export const integratorSearchQuerySchema = z.object({
  city: z.string().trim().max(120).optional(),
  industry: z.string().trim().max(60).optional(),
});

/** A customer project shared with integrators (view_opportunities). Contact details stay hidden until the customer answers. */
export const opportunitySchema = z.object({
  id: z.string(),
  project_name: z.string(),
  customer_company: z.string().nullable(),
  description: z.string(),
  requirements: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  interest_expressed: z.boolean(),
});
export type IntegratorCard = z.infer<typeof integratorCardSchema>;
export type Opportunity = z.infer<typeof opportunitySchema>;
export type IntegratorSearchQuery = z.infer<typeof integratorSearchQuerySchema>;
export const opportunityListResponseSchema = z.object({ data: z.array(opportunitySchema) });
export const integratorCardListResponseSchema = z.object({ data: z.array(integratorCardSchema) });
