import { z } from 'zod';
import { robotMountings } from './constants/makers';
import {
  CATALOG_DEFAULT_LIMIT,
  CATALOG_DEFAULT_PAGE,
  CATALOG_MAX_LIMIT,
  COMPARE_MAX,
  catalogSorts,
  robotCategories,
  offerConditions,
  offerCurrencies,
  robotStatuses,
  type CatalogFilterKey,
} from './constants/robots';

export * from './constants/robots';

export const robotCategorySchema = z.enum(robotCategories);
export type RobotCategory = z.infer<typeof robotCategorySchema>;

/** A catalog robot as the public API answers it. Unknown datasheet values are null. */
/**
 * A model's active offers in one line: how many, the lowest price in its own currency, the
 * price band in USD, the shortest lead time, the conditions.
 */
export const offerSummarySchema = z.object({
  count: z.number().int().min(1),
  /**
   * The lowest offer price as its seller wrote it ("1 offer from €24,000"), with its currency:
   * offers in different currencies are compared through the one currency table
   * (packages/requirements/src/currency.ts). Null when no offer is priced.
   */
  lowest_price: z.number().nullable(),
  lowest_price_currency: z.enum(offerCurrencies).nullable(),
  /**
   * The offers' price band in USD, offers in EUR or GBP converted by that table (approximate):
   * what the catalog's price filter and sort read. Null when no offer is priced.
   */
  price_min_usd: z.number().nullable(),
  price_max_usd: z.number().nullable(),
  lead_time_weeks_min: z.number().int().nullable(),
  conditions: z.array(z.enum(offerConditions)),
  /** The card's picture: the first image of the cheapest active offer with images (absent or null: none). */
  image: z
    .object({ id: z.string(), url: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string() })
    .nullable()
    .optional(),
});

/** A listing's price as its supplier wrote it: a price or a range, in the offer's currency. */
export const listingPriceSchema = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  currency: z.enum(offerCurrencies),
});
export type ListingPrice = z.infer<typeof listingPriceSchema>;

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
  /** The IP code's two digits as one number (IP67 -> 67); null: not published. */
  ip_rating: z.number().int().nullable(),
  /** ISO 14644-1 cleanroom class (lower is cleaner); null: not published (not "not cleanroom"). */
  cleanroom_iso_class: z.number().int().nullable(),
  /** True: sold as food-grade; false: stated as not; null: not published. */
  food_grade: z.boolean().nullable(),
  /** Orientations the maker allows; null: not published. */
  mounting: z.array(z.enum(robotMountings)).nullable(),
  /** Maximum TCP speed, mm/s; null: not published. */
  max_speed_mm_s: z.number().nullable(),
  /** Where the environment values come from (datasheet name or URL). */
  environment_source: z.string().nullable(),
  /** The maker's home country (ISO 3166-1 alpha-2); null: a maker we do not know. */
  maker_country: z.string().nullable(),
  status: z.enum(robotStatuses),
  owner_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** A model a supplier proposed (not from the makers' catalog). */
  contributed: z.boolean().optional(),
  /** Its active offers, when the answer carries them (catalog search, robot page); null: nobody offers it. */
  offers: offerSummarySchema.nullable().optional(),
  /**
   * A supplier's listing (GET/POST/PUT /api/supplier/listings) only: their offer's price as
   * they wrote it ("€24,000"), in its currency; null: the offer has no price. Older clients
   * read price_min_usd/price_max_usd, which carry it in USD (another currency converted by the
   * one currency table, approximate).
   */
  offer_price: listingPriceSchema.nullable().optional(),
});
export type Robot = z.infer<typeof robotSchema>;
export type OfferSummary = NonNullable<Robot['offers']>;

const optionalNumber = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce.number({ message: 'Must be a number' }).finite().min(0, { message: 'Must be 0 or more' }).optional(),
);
/** Prices are whole USD in integer columns (int4): a filter past their range is refused, not sent to the database. */
export const PRICE_FILTER_MAX = 2_147_483_647;
const optionalPrice = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce
    .number({ message: 'Must be a number' })
    .finite()
    .min(0, { message: 'Must be 0 or more' })
    .max(PRICE_FILTER_MAX, { message: `Must be at most ${PRICE_FILTER_MAX.toLocaleString('en-US')} (USD)` })
    .optional(),
);
const optionalInt = (min: number, max: number, label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : v),
    z.coerce
      .number({ message: 'Must be a number' })
      .int({ message: 'Must be a whole number' })
      .min(min, { message: `${label} must be at least ${min}` })
      .max(max, { message: `${label} must be at most ${max}` })
      .optional(),
  );
const optionalText = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max).optional());

/** How each of the catalog's query-string filters (catalogFilterKeys, docs/product.md §7.4) is read: one entry per key, no other. */
const catalogFilterFields = {
  category: optionalText(300),
  manufacturer: optionalText(600),
  industry: optionalText(60),
  application: optionalText(300),
  minPrice: optionalPrice,
  maxPrice: optionalPrice,
  minPayload: optionalNumber,
  maxPayload: optionalNumber,
} satisfies Record<CatalogFilterKey, z.ZodType>;

/**
 * GET /api/robots query (docs/product.md §7.3): the eight query-string filters (§7.4) plus q,
 * reach, excluded makers, sort and paging. manufacturer, category, application and
 * excludeManufacturer take one value or several separated by commas ("FANUC,ABB": either).
 */
export const robotQuerySchema = z
  .object({
    q: optionalText(200),
    ...catalogFilterFields,
    excludeManufacturer: optionalText(600),
    /** Offers' condition (new, used, refurbished; several separated by commas: either). */
    condition: optionalText(60).refine(
      (v) => v === undefined || v.split(',').every((c) => !c.trim() || (offerConditions as readonly string[]).includes(c.trim().toLowerCase())),
      { message: `Condition must be ${offerConditions.join(', ')}` },
    ),
    minAxes: optionalNumber,
    maxAxes: optionalNumber,
    minReach: optionalNumber,
    maxReach: optionalNumber,
    /** Repeatability this or better, mm (migration 0023); a robot that publishes none never passes. */
    maxRepeatability: optionalNumber,
    /** Makers ranked first without excluding the others ("Epson or Denso preferred"), several separated by commas. */
    preferManufacturer: optionalText(600),
    /** Environment filters (migration 0009); a robot with no published value never passes one. */
    /** IP rating at least this (the two digits: 67 = IP67). */
    minIp: optionalInt(0, 69, 'minIp'),
    /** Cleanroom: "any" (a published ISO class) or the ISO 14644-1 class needed (the robot's is this or cleaner). */
    cleanroom: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .union([z.literal('any'), z.coerce.number().int().min(1).max(9)], { message: 'cleanroom must be "any" or an ISO class from 1 to 9' })
        .optional(),
    ),
    /** "true": only robots sold as food-grade. */
    foodGrade: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['true']).optional()),
    /** Mountings, one or several separated by commas (a robot allowing any of them). */
    mounting: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string()
        .trim()
        .max(60)
        .refine((v) => v.split(',').every((m) => (robotMountings as readonly string[]).includes(m.trim().toLowerCase())), {
          message: `mounting must be among ${robotMountings.join(', ')}`,
        })
        .optional(),
    ),
    /** Makers' home countries (ISO 3166-1 alpha-2), one or several separated by commas. */
    makerCountry: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string()
        .trim()
        .max(60)
        .regex(/^[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*$/, { message: 'makerCountry must be country codes such as JP or JP,DE' })
        .optional(),
    ),
    sort: z.enum(catalogSorts).default('relevance'),
    page: z.coerce.number().int().min(1).max(100_000).default(CATALOG_DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(CATALOG_MAX_LIMIT).default(CATALOG_DEFAULT_LIMIT),
  })
  .refine((v) => v.minPayload === undefined || v.maxPayload === undefined || v.minPayload <= v.maxPayload, {
    message: 'minPayload must not exceed maxPayload',
    path: ['minPayload'],
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: 'minPrice must not exceed maxPrice',
    path: ['minPrice'],
  })
  .refine((v) => v.minReach === undefined || v.maxReach === undefined || v.minReach <= v.maxReach, {
    message: 'minReach must not exceed maxReach',
    path: ['minReach'],
  });
export type RobotQuery = z.infer<typeof robotQuerySchema>;

export const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });
export const robotFacetsSchema = z.object({
  category: z.array(facetCountSchema),
  manufacturer: z.array(facetCountSchema),
  application: z.array(facetCountSchema),
  industry: z.array(facetCountSchema),
  /** Conditions of the matches' active offers (a robot without offers counts in none). */
  condition: z.array(facetCountSchema).default([]),
});
export type RobotFacets = z.infer<typeof robotFacetsSchema>;

/**
 * How the search box's words were read (issue 12; packages/requirements): `filters` are
 * the query parameters the words became (the web shows them as removable chips and puts
 * them in the address), `text` what is still searched as names, `not_applied` what the
 * catalog cannot check, said instead of silently dropped.
 */
export const searchInterpretationSchema = z.object({
  q: z.string(),
  text: z.string().nullable(),
  read_as: z.array(z.string()),
  filters: z.record(z.string(), z.string()),
  not_applied: z.array(z.string()),
  /** Figures whose unit is no mass or length ("payload 5 lightyears"): not used, said (issue 12, session 15). */
  unknown_units: z.array(z.object({ slot: z.enum(['payload', 'reach']), said: z.string(), message: z.string() })).optional(),
});
export type SearchInterpretation = z.infer<typeof searchInterpretationSchema>;

/**
 * An environment filter's robots with no published value (docs/decisions.md, "Unknown
 * environment values"): they are left out of the results and counted here, so the page
 * can say "12 robots have no published IP rating" instead of hiding them silently.
 */
export const unknownValuesSchema = z.object({
  filter: z.enum(['minIp', 'cleanroom', 'foodGrade', 'mounting', 'makerCountry', 'maxRepeatability']),
  /** "IP rating", "cleanroom class", ... */
  label: z.string(),
  robots: z.number().int(),
});
export type UnknownValues = z.infer<typeof unknownValuesSchema>;

export const robotListResponseSchema = z.object({
  data: z.array(robotSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  facets: robotFacetsSchema,
  interpretation: searchInterpretationSchema.optional(),
  /** Per environment filter given: robots otherwise matching that have no published value. */
  unknown_values: z.array(unknownValuesSchema).optional(),
});
export type RobotListResponse = z.infer<typeof robotListResponseSchema>;

export const robotDetailResponseSchema = z.object({ data: robotSchema });

export const robotCompareQuerySchema = z.object({
  ids: z
    .string()
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))])
    .pipe(z.array(z.uuid({ message: 'Each id must be a robot id' })).min(1, { message: 'Give at least one id' }).max(COMPARE_MAX, { message: `Compare at most ${COMPARE_MAX} robots` })),
});
export const robotCompareResponseSchema = z.object({ data: z.array(robotSchema) });
