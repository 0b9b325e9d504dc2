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
export const offerStatuses = ['active', 'paused'] as const;
