import { z } from 'zod';
import { CATALOG_DEFAULT_LIMIT, CATALOG_DEFAULT_PAGE, CATALOG_MAX_LIMIT, robotSchema } from './robots';

/** docs/product.md §4.3: a robot as the integrator catalog tab lists it. */
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
  /** articulated | collaborative | scara | ... (bulk imports: inferred from axes, payload and reach). */
  category: z.string().optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type IntegratorCatalogRobot = z.infer<typeof integratorCatalogRobotSchema>;

export const catalogStatsSchema = z.object({
  total_robots: z.number().int(),
  active_robots: z.number().int(),
  inactive_robots: z.number().int(),
  categories: z.array(z.string()),
});
export type CatalogStats = z.infer<typeof catalogStatsSchema>;

/** docs/product.md §4.1 (integrator settings); field types per §6. */
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

/** GET /api/integrator/catalog/robots: the shared catalog (read) plus the integrator's own robots (owner), own first. */
export const integratorCatalogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(CATALOG_DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(CATALOG_MAX_LIMIT).default(CATALOG_DEFAULT_LIMIT),
  search: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(200).optional()),
  /** Only the robots of one bulk import of yours (its import_id). */
  import_id: z.string().uuid({ message: 'import_id names an import: use the import_id the import answered' }).optional(),
});
export type IntegratorCatalogQuery = z.infer<typeof integratorCatalogQuerySchema>;

export const integratorCatalogResponseSchema = z.object({
  data: z.array(integratorCatalogRobotSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type IntegratorCatalogResponse = z.infer<typeof integratorCatalogResponseSchema>;

export const catalogStatsResponseSchema = z.object({ data: catalogStatsSchema });

/** PUT /api/integrator/settings: the fields to change (the others are kept). */
export const integratorSettingsUpdateSchema = integratorSettingsSchema.partial();
export const integratorSettingsResponseSchema = z.object({ data: integratorSettingsSchema });
/** docs/product.md §8.4: the settings dialog shows this text on success. */
export const INTEGRATOR_SETTINGS_SAVED_MESSAGE = 'Settings saved successfully!';
export const integratorSettingsSaveResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: integratorSettingsSchema,
});
export type IntegratorSettingsSaveResponse = z.infer<typeof integratorSettingsSaveResponseSchema>;

/**
 * GET / PUT /api/integrator/catalog/robots/:id: one robot with every field (the edit
 * form needs them) and the viewer's rights. PUT takes listingInputSchema; only the
 * owner may change or DELETE a robot (docs/product.md §2.3: can_edit true).
 */
export const integratorRobotDetailSchema = robotSchema.extend({
  can_edit: z.boolean(),
  permission_level: z.enum(['owner', 'read']),
});
export type IntegratorRobotDetail = z.infer<typeof integratorRobotDetailSchema>;
export const integratorRobotDetailResponseSchema = z.object({ data: integratorRobotDetailSchema });
