import { z } from 'zod';

/** Spec section 4: project status values. */
export const projectStatuses = ['Draft', 'In Progress', 'Complete'] as const;
export const projectStatusSchema = z.enum(projectStatuses);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

export const projectSchema = z.object({
  id: z.string(),
  project_name: z.string(),
  customer_company: z.string().nullable(),
  status: projectStatusSchema,
  owner_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectStatsSchema = z.object({
  total_projects: z.number().int(),
  active_projects: z.number().int(),
  completed_projects: z.number().int(),
  draft_projects: z.number().int(),
});
export type ProjectStats = z.infer<typeof projectStatsSchema>;

export const projectListResponseSchema = z.object({ data: z.array(projectSchema) });
