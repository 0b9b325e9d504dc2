/** Robot categories a listing may use. */
export const robotCategories = ['articulated', 'collaborative', 'scara', 'delta', 'palletizing', 'heavy-payload'] as const;

export const robotStatuses = ['active', 'inactive'] as const;

/** docs/product.md §7.4: filters read from the query string (catalog, and the chat's page context). */
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
export type CatalogFilterKey = (typeof catalogFilterKeys)[number];

export const catalogSorts = ['relevance', 'payload', 'reach', 'price'] as const;
export type CatalogSort = (typeof catalogSorts)[number];

/** docs/product.md §9: catalog paging defaults to page 1, limit 20. */
export const CATALOG_DEFAULT_PAGE = 1;
export const CATALOG_DEFAULT_LIMIT = 20;
export const CATALOG_MAX_LIMIT = 100;

/** Page `compare` (docs/product.md §3.14): up to 4 robots side by side. */
export const COMPARE_MAX = 4;

/**
 * Allowance for the end-of-arm tool (gripper, adapter, the payload's offset) added to the
 * part's weight when the tool's own weight is not known: 20 %. The one value behind
 * every fit check (packages/robot-fit).
 */
export const ROBOT_TOOL_MARGIN = 0.2;

/** An offer's condition (issue 13): also the catalog's `condition` facet. */
export const offerConditions = ['new', 'used', 'refurbished'] as const;
export type OfferCondition = (typeof offerConditions)[number];
/** Currencies an offer may be priced in; the catalog's price filter and sort read USD offers. */
export const offerCurrencies = ['USD', 'EUR', 'GBP'] as const;
export type OfferCurrency = (typeof offerCurrencies)[number];
export const offerStatuses = ['active', 'paused'] as const;

/**
 * Offer images (issue 13, migration 0016): at most 8 per offer, JPEG, PNG, WebP or AVIF
 * (checked by content), each at most OFFER_IMAGE_MAX_BYTES by default (the server's
 * OFFER_IMAGE_MAX_BYTES can lower or raise it), at most OFFER_IMAGE_MAX_PIXELS pixels.
 * Derived sizes are WebP fitting inside a square of the given side.
 */
export const OFFER_IMAGE_MAX_PER_OFFER = 8;
export const OFFER_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const OFFER_IMAGE_MAX_PIXELS = 40_000_000;
export const OFFER_IMAGE_ALT_MAX = 200;
export const offerImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const offerImageSizes = ['thumb', 'display', 'original'] as const;
export type OfferImageSize = (typeof offerImageSizes)[number];
export const OFFER_IMAGE_THUMB_PX = 320;
export const OFFER_IMAGE_DISPLAY_PX = 1280;
/** The path an image size is served at (GET, no sign-in needed for a public offer). */
export const offerImageUrl = (id: string, size: OfferImageSize) => `/api/offer-images/${id}/${size}`;
