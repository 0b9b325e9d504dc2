import { z } from 'zod';

/** Spec section 3: a robot as the integrator catalog tab lists it. */
export const integratorCatalogRobotSchema = z.object({
  _id: z.string(),
  model_name: z.string(),
  manufacturer: z.string(),
  normalized_specs: z.object({
    payload_kg: z.number().nullable(),
    reach_mm: z.number().nullable(),
    dof: z.number().int().nullable(),
  }),
  can_edit: z.boolean(),
  permission_level: z.enum(['owner', 'read']),
});
export type IntegratorCatalogRobot = z.infer<typeof integratorCatalogRobotSchema>;

export const catalogStatsSchema = z.object({
  total_robots: z.number().int(),
  active_robots: z.number().int(),
  inactive_robots: z.number().int(),
  categories: z.array(z.string()),
});
export type CatalogStats = z.infer<typeof catalogStatsSchema>;

/** Spec section 3 "Integrator profile (settings)"; field types per section 5. */
export const integratorSettingsSchema = z.object({
  company_name: z.string().trim().max(160).nullable(),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[+()0-9 .-]*$/, { message: 'Phone may contain digits, spaces and + ( ) . -' })
    .nullable(),
  website: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'Enter a full web address, e.g. https://example.com' }).max(300)])
    .nullable(),
  city: z.string().trim().max(120).nullable(),
});
export type IntegratorSettings = z.infer<typeof integratorSettingsSchema>;
