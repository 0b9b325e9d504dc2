import { z } from 'zod';

export const robotCategories = ['articulated', 'collaborative', 'scara', 'delta', 'palletizing', 'heavy-payload'] as const;
export const robotCategorySchema = z.enum(robotCategories);
export type RobotCategory = z.infer<typeof robotCategorySchema>;

export const robotStatuses = ['active', 'inactive'] as const;

/** A catalog robot as the public API answers it. Unknown datasheet values are null. */
export const robotSchema = z.object({
  id: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  category: z.string(),
  payload_kg: z.number(),
  reach_mm: z.number(),
  dof: z.number().int(),
  repeatability_mm: z.number().nullable(),
  weight_kg: z.number().nullable(),
  price_min_usd: z.number().nullable(),
  price_max_usd: z.number().nullable(),
  applications: z.array(z.string()),
  industries: z.array(z.string()),
  description: z.string(),
  datasheet_source: z.string().nullable(),
  status: z.enum(robotStatuses),
  owner_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Robot = z.infer<typeof robotSchema>;

/** Spec section 7: filters read from the query string. */
export const catalogFilterKeys = [
  'category',
  'manufacturer',
  'industry',
  'minPrice',
  'maxPrice',
  'minPayload',
  'maxPayload',
  'application',
] as const;

export const catalogSorts = ['relevance', 'payload', 'reach', 'price'] as const;

/** Spec section 9: catalog paging defaults to page 1, limit 20. */
export const CATALOG_DEFAULT_PAGE = 1;
export const CATALOG_DEFAULT_LIMIT = 20;
export const CATALOG_MAX_LIMIT = 100;
