import { z } from 'zod';
import { OFFER_IMAGE_ALT_MAX, OFFER_IMAGE_MAX_PER_OFFER, offerConditions, offerCurrencies, offerImageSizes, offerStatuses } from './constants/robots';
import { listingInputSchema } from './listings';

const nullableWhole = (min: number, max: number, label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ message: `${label} must be a number` })
      .int({ message: `${label} must be a whole number` })
      .min(min, { message: `${label} must be at least ${min}` })
      .max(max, { message: `${label} must be at most ${max}` })
      .nullable(),
  );

/**
 * What a supplier offers on a model (issue 13): price or price range and currency,
 * condition, lead time, regions served, warranty, quantity, notes, active or paused.
 */
const offerFields = {
  price_min: nullableWhole(0, 10_000_000, 'Minimum price').default(null),
  price_max: nullableWhole(0, 10_000_000, 'Maximum price').default(null),
  currency: z.enum(offerCurrencies, { message: `Currency must be one of ${offerCurrencies.join(', ')}` }).default('USD'),
  condition: z.enum(offerConditions, { message: `Condition must be one of ${offerConditions.join(', ')}` }).default('new'),
  lead_time_weeks: nullableWhole(0, 104, 'Lead time').default(null),
  regions: z.array(z.string().trim().min(1).max(60)).max(20, { message: 'At most 20 regions' }).default([]),
  warranty_months: nullableWhole(0, 120, 'Warranty').default(null),
  quantity: nullableWhole(1, 100_000, 'Quantity').default(null),
  notes: z.string().trim().max(2000, { message: 'Notes must be at most 2000 characters' }).default(''),
  status: z.enum(offerStatuses, { message: `Status must be one of ${offerStatuses.join(', ')}` }).default('active'),
};
const priceOrder = {
  check: (v: { price_min: number | null; price_max: number | null }) => v.price_min === null || v.price_max === null || v.price_min <= v.price_max,
  message: { message: 'Minimum price must not exceed maximum price', path: ['price_min'] },
};

/** PUT /api/supplier/offers/:id: the offer's fields (its model does not change). */
export const offerInputSchema = z.object(offerFields).strict().refine(priceOrder.check, priceOrder.message);
export type OfferInput = z.input<typeof offerInputSchema>;

/**
 * POST /api/supplier/offers: an offer on a catalog model (`robot_id`, found with the catalog
 * search) or on a model the supplier proposes (`new_model`, its specs): a proposed model whose
 * maker and model are already in the catalog is that model; otherwise it is added as
 * supplier-contributed.
 */
export const createOfferSchema = z
  .object({
    robot_id: z.uuid({ message: 'Pick a model' }).optional(),
    new_model: listingInputSchema.optional(),
    ...offerFields,
  })
  .strict()
  .refine((v) => (v.robot_id === undefined) !== (v.new_model === undefined), {
    message: 'Pick a model from the catalog or propose a new one (one of robot_id, new_model)',
    path: ['robot_id'],
  })
  .refine(priceOrder.check, priceOrder.message);
export type CreateOfferInput = z.input<typeof createOfferSchema>;

export const offerStatusSchema = z.object({ status: z.enum(offerStatuses) }).strict();

const imageFile = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
/** An offer's picture (migration 0016): its sizes' URLs and dimensions, in the supplier's order. */
export const offerImageSchema = z.object({
  id: z.string(),
  offer_id: z.string(),
  position: z.number().int().min(0),
  alt: z.string(),
  content_type: z.string(),
  bytes: z.number().int(),
  thumb: imageFile,
  display: imageFile,
  original: imageFile,
  created_at: z.string(),
});
export type OfferImage = z.infer<typeof offerImageSchema>;
export const offerImageResponseSchema = z.object({ data: offerImageSchema });
export const offerImageListResponseSchema = z.object({ data: z.array(offerImageSchema) });
export type OfferImageResponse = z.infer<typeof offerImageResponseSchema>;
export type OfferImageListResponse = z.infer<typeof offerImageListResponseSchema>;
/** PATCH /api/supplier/offers/:id/images/:imageId: the alt text. */
export const offerImageAltSchema = z
  .object({ alt: z.string().trim().max(OFFER_IMAGE_ALT_MAX, { message: `Alt text is at most ${OFFER_IMAGE_ALT_MAX} characters` }) })
  .strict();
/** The upload's form field besides the file (multipart): the alt text, optional. */
export const offerImageUploadFieldsSchema = z
  .object({ alt: z.string().trim().max(OFFER_IMAGE_ALT_MAX, { message: `Alt text is at most ${OFFER_IMAGE_ALT_MAX} characters` }).default('') })
  .strict();
/** PUT /api/supplier/offers/:id/images/order: every image id of the offer, in the new order. */
export const offerImageOrderSchema = z
  .object({
    ids: z
      .array(z.uuid({ message: 'Each id must be an image id' }))
      .min(1, { message: 'Send the ids of the offer\'s images' })
      .max(OFFER_IMAGE_MAX_PER_OFFER, { message: `An offer has at most ${OFFER_IMAGE_MAX_PER_OFFER} images` })
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Each image id may appear once' }),
  })
  .strict();
export const offerImageSizeParamSchema = z.enum(offerImageSizes, { message: `Size must be one of ${offerImageSizes.join(', ')}` });

export const offerSchema = z.object({
  id: z.string(),
  robot: z.object({ id: z.string(), manufacturer: z.string(), model: z.string(), category: z.string(), contributed: z.boolean() }),
  supplier: z.object({ id: z.string(), name: z.string() }),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  currency: z.enum(offerCurrencies),
  condition: z.enum(offerConditions),
  lead_time_weeks: z.number().int().nullable(),
  regions: z.array(z.string()),
  warranty_months: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  notes: z.string(),
  status: z.enum(offerStatuses),
  created_at: z.string(),
  updated_at: z.string(),
  /** Its pictures in the supplier's order (at most 8). */
  images: z.array(offerImageSchema),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerResponseSchema = z.object({ data: offerSchema });
export const offerListResponseSchema = z.object({ data: z.array(offerSchema) });
export type OfferResponse = z.infer<typeof offerResponseSchema>;
export type OfferListResponse = z.infer<typeof offerListResponseSchema>;
/** POST /api/supplier/offers: the offer, and whether its model was added to the catalog as supplier-contributed. */
export const createOfferResponseSchema = z.object({ data: offerSchema, model_added: z.boolean() });
export type CreateOfferResponse = z.infer<typeof createOfferResponseSchema>;

/**
 * Supplier analytics per offer and day (issue 13). `views`: views of the model's page (it shows
 * the offer) since the offer was made; `requests`: conversations the supplier received about the
 * model (requests for quote and inquiries); `quotes`: quotes the supplier sent in them; `wins`:
 * quotes the buyer accepted. `win_rate` is accepted conversations over quoted conversations up to
 * that day within the period (0-1), null while nothing was quoted. Offers of one supplier on the
 * same model (new and used, say) share its views and requests: a buyer asks about the model.
 */
export const offerAnalyticsDaySchema = z.object({
  date: z.string(),
  views: z.number().int().min(0),
  requests: z.number().int().min(0),
  quotes: z.number().int().min(0),
  wins: z.number().int().min(0),
  win_rate: z.number().min(0).max(1).nullable(),
});
export const offerAnalyticsSchema = z.object({
  offer_id: z.string(),
  robot: z.object({ id: z.string(), manufacturer: z.string(), model: z.string(), category: z.string() }),
  condition: z.enum(offerConditions),
  status: z.enum(offerStatuses),
  total_views: z.number().int().min(0),
  total_requests: z.number().int().min(0),
  total_quotes: z.number().int().min(0),
  total_wins: z.number().int().min(0),
  /** Conversations quoted in the period, and how many of them the buyer accepted. */
  quoted_threads: z.number().int().min(0),
  won_threads: z.number().int().min(0),
  win_rate: z.number().min(0).max(1).nullable(),
  series: z.array(offerAnalyticsDaySchema),
});
export type OfferAnalytics = z.infer<typeof offerAnalyticsSchema>;
export type OfferAnalyticsDay = z.infer<typeof offerAnalyticsDaySchema>;
/** GET /api/supplier/offer-analytics?days= (1-365, default 30). */
export const offerAnalyticsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const offerAnalyticsResponseSchema = z.object({ days: z.number().int(), data: z.array(offerAnalyticsSchema) });
export type OfferAnalyticsResponse = z.infer<typeof offerAnalyticsResponseSchema>;
