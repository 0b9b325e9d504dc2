import { z } from 'zod';
import { robotMountings } from './constants/makers';
import { offerSummarySchema, unknownValuesSchema } from './robots';

/** docs/product.md §5.5: project status values. */
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

const optionalPositive = (max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number({ message }).finite().positive({ message }).max(max, { message }).nullable(),
  );

const optionalInt = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message }).nullable(),
  );

/** What a customer needs automated (docs/product.md §3.9, a decision: task, payload, reach, cycle time, budget). */
const requirementFields = {
  application: z.string().trim().max(60).nullable(),
  industry: z.string().trim().max(60).nullable(),
  payload_kg: optionalPositive(3000, 'Payload must be between 0 and 3000 kg'),
  reach_mm: optionalPositive(10000, 'Reach must be between 0 and 10000 mm'),
  cycle_time_s: optionalPositive(3600, 'Cycle time must be between 0 and 3600 s'),
  budget_usd: optionalPositive(100_000_000, 'Budget must be a positive amount'),
  /** Environment limits (issue 12): hard filters on matches; a robot with no published value does not match. */
  ip_rating_min: optionalInt(0, 69, 'IP rating must be the two digits of an IP code (67 for IP67)'),
  cleanroom_iso_class: optionalInt(1, 9, 'Cleanroom class must be an ISO class from 1 to 9'),
  /** true: only robots sold as food-grade; null: no requirement. */
  food_grade: z.literal(true).nullable(),
  mounting: z.enum(robotMountings, { message: `Mounting must be one of ${robotMountings.join(', ')}` }).nullable(),
};
export const projectRequirementsSchema = z.object({
  application: requirementFields.application.default(null),
  industry: requirementFields.industry.default(null),
  payload_kg: requirementFields.payload_kg.default(null),
  reach_mm: requirementFields.reach_mm.default(null),
  cycle_time_s: requirementFields.cycle_time_s.default(null),
  budget_usd: requirementFields.budget_usd.default(null),
  ip_rating_min: requirementFields.ip_rating_min.default(null),
  cleanroom_iso_class: requirementFields.cleanroom_iso_class.default(null),
  food_grade: requirementFields.food_grade.default(null),
  mounting: requirementFields.mounting.default(null),
});
/** PATCH: the requirement fields sent change, the others keep their value (null clears one). */
export const projectRequirementsPatchSchema = z.object(requirementFields).partial().strict();
export type ProjectRequirements = z.infer<typeof projectRequirementsSchema>;

export const customerProjectSchema = projectSchema.extend({
  description: z.string(),
  requirements: projectRequirementsSchema,
  shared_with_integrators: z.boolean(),
});
export type CustomerProject = z.infer<typeof customerProjectSchema>;
export const customerProjectResponseSchema = z.object({ data: customerProjectSchema });
export const customerProjectListResponseSchema = z.object({ data: z.array(customerProjectSchema) });
export const projectStatsResponseSchema = z.object({ data: projectStatsSchema });

export const createProjectSchema = z.object({
  project_name: z.string().trim().min(1, { message: 'Project name is required' }).max(160),
  customer_company: z.string().trim().max(160).nullable().optional(),
  status: projectStatusSchema.default('Draft'),
  description: z.string().trim().max(5000).default(''),
  requirements: projectRequirementsSchema.default({
    application: null,
    industry: null,
    payload_kg: null,
    reach_mm: null,
    cycle_time_s: null,
    budget_usd: null,
    ip_rating_min: null,
    cleanroom_iso_class: null,
    food_grade: null,
    mounting: null,
  }),
  shared_with_integrators: z.boolean().default(false),
});
export type CreateProjectInput = z.input<typeof createProjectSchema>;

export const updateProjectSchema = z
  .object({
    project_name: z.string().trim().min(1, { message: 'Project name is required' }).max(160),
    customer_company: z.string().trim().max(160).nullable(),
    status: projectStatusSchema,
    description: z.string().trim().max(5000),
    requirements: projectRequirementsPatchSchema,
    shared_with_integrators: z.boolean(),
  })
  .partial()
  .strict();

export const projectStatusFilterSchema = z.object({ status: projectStatusSchema.optional() });

/** One robot matched to a project, with the reasons for its score. */
export const projectMatchSchema = z.object({
  robot_id: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  category: z.string(),
  payload_kg: z.number(),
  reach_mm: z.number(),
  price_min_usd: z.number().nullable(),
  price_max_usd: z.number().nullable(),
  listed_by_supplier: z.boolean(),
  /** Its active supplier offers (null: nobody offers it yet; a request for a quote then becomes an open request). */
  offers: offerSummarySchema.nullable(),
  /** 0-100, read from the matches' order (never rises down the list): 100 the closest fit; 60-100 meets every requirement made for the application; below 40 misses one. */
  fit_score: z.number().min(0).max(100),
  reasons: z.array(z.object({ kind: z.enum(['payload', 'reach', 'cycle_time', 'price', 'application', 'industry', 'environment']), ok: z.boolean(), text: z.string() })),
});
export type ProjectMatch = z.infer<typeof projectMatchSchema>;
export const projectMatchesResponseSchema = z.object({
  data: z.array(projectMatchSchema),
  project: customerProjectSchema,
  /** Per environment limit of the project: robots meeting the figures whose value is not published (left out). */
  unknown_values: z.array(unknownValuesSchema).optional(),
  /** Limits read from the project's description with the buyer-words parser ("no FANUC please"), applied to the matches. */
  from_description: z
    .object({
      excluded_makers: z.array(z.string()),
      /** How the description was read, one phrase per constraint ("payload 10 kg", "type cobot"); empty fields of the requirements take these. */
      read_as: z.array(z.string()).optional(),
      /** What the description states that the matches cannot check ("cycle time: ..."), as the search box says it. */
      not_applied: z.array(z.string()).optional(),
    })
    .optional(),
});
export type ProjectMatchesResponse = z.infer<typeof projectMatchesResponseSchema>;
