import { z } from 'zod';
import { robotMountings } from './constants/makers';
import { robotCategories } from './robots';

const nullableNumber = (min: number, max: number, label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ message: `${label} must be a number` })
      .finite()
      .min(min, { message: `${label} must be at least ${min}` })
      .max(max, { message: `${label} must be at most ${max}` })
      .nullable(),
  );

const nullableInt = (min: number, max: number, label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ message: `${label} must be a number` })
      .int({ message: `${label} must be a whole number` })
      .min(min, { message: `${label} must be at least ${min}` })
      .max(max, { message: `${label} must be at most ${max}` })
      .nullable(),
  );

/** A supplier's listing: a robot they sell. Unknown figures stay null. */
export const listingInputSchema = z
  .object({
    manufacturer: z.string().trim().min(1, { message: 'Manufacturer is required' }).max(120),
    model: z.string().trim().min(1, { message: 'Model is required' }).max(120),
    category: z.enum(robotCategories, { message: `Category must be one of ${robotCategories.join(', ')}` }),
    payload_kg: z.coerce.number({ message: 'Payload must be a number' }).positive({ message: 'Payload must be more than 0' }).max(3000, { message: 'Payload must be at most 3000 kg' }),
    reach_mm: z.coerce.number({ message: 'Reach must be a number' }).positive({ message: 'Reach must be more than 0' }).max(10000, { message: 'Reach must be at most 10000 mm' }),
    dof: z.coerce.number().int({ message: 'Axes must be a whole number' }).min(2, { message: 'Axes must be at least 2' }).max(8, { message: 'Axes must be at most 8' }),
    repeatability_mm: nullableNumber(0.001, 10, 'Repeatability').default(null),
    weight_kg: nullableNumber(0.1, 20000, 'Weight').default(null),
    price_min_usd: nullableNumber(0, 10_000_000, 'Minimum price').default(null),
    price_max_usd: nullableNumber(0, 10_000_000, 'Maximum price').default(null),
    applications: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
    industries: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
    description: z.string().trim().max(5000).default(''),
    datasheet_source: z.string().trim().max(500).nullable().default(null),
    /** Environment and installation (migration 0009); leave null what the datasheet does not give. */
    ip_rating: nullableInt(0, 69, 'IP rating (its two digits, 67 for IP67)').default(null),
    cleanroom_iso_class: nullableInt(1, 9, 'Cleanroom ISO class').default(null),
    food_grade: z.boolean().nullable().default(null),
    mounting: z
      .array(z.enum(robotMountings, { message: `Mounting must be among ${robotMountings.join(', ')}` }))
      .max(robotMountings.length)
      .transform((m) => (m.length ? [...new Set(m)] : null))
      .nullable()
      .default(null),
    max_speed_mm_s: nullableNumber(1, 100_000, 'Maximum speed').default(null),
    environment_source: z.string().trim().max(500).nullable().default(null),
  })
  .refine((v) => v.price_min_usd === null || v.price_max_usd === null || v.price_min_usd <= v.price_max_usd, {
    message: 'Minimum price must not exceed maximum price',
    path: ['price_min_usd'],
  });
export type ListingInput = z.input<typeof listingInputSchema>;

export const listingStatusSchema = z.object({ status: z.enum(['active', 'inactive']) }).strict();

/** Views and leads per day for one listing (supplier analytics). */
export const listingAnalyticsSchema = z.object({
  robot_id: z.string(),
  model: z.string(),
  manufacturer: z.string(),
  total_views: z.number().int(),
  total_leads: z.number().int(),
  series: z.array(z.object({ date: z.string(), views: z.number().int(), leads: z.number().int() })),
});
export const supplierAnalyticsResponseSchema = z.object({
  days: z.number().int(),
  data: z.array(listingAnalyticsSchema),
});
export type ListingAnalytics = z.infer<typeof listingAnalyticsSchema>;
/**
 * GET /api/supplier/figures: the supplier dashboard's figures, counted once where the rows are.
 * `active_offers`: what buyers can see from this supplier now: each active offer on a model the
 * catalog shows (a listing made through the old listing routes is one of these offers, never
 * counted twice), plus each active robot row of their own from before offers.
 */
export const supplierFiguresSchema = z.object({ active_offers: z.number().int().nonnegative() });
export const supplierFiguresResponseSchema = z.object({ data: supplierFiguresSchema });
export type SupplierFigures = z.infer<typeof supplierFiguresSchema>;
export type SupplierFiguresResponse = z.infer<typeof supplierFiguresResponseSchema>;
export type SupplierAnalyticsResponse = z.infer<typeof supplierAnalyticsResponseSchema>;
/** GET /api/supplier/listings?import_id=: only the listings of one bulk import of the supplier's own (the import_id its import answered). */
export const supplierListingsQuerySchema = z.object({
  import_id: z.string().uuid({ message: 'import_id names an import: use the import_id the import answered' }).optional(),
});
export type SupplierListingsQuery = z.infer<typeof supplierListingsQuerySchema>;
/** GET /api/supplier/analytics?days= (1-365, default 30). */
export const supplierAnalyticsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
