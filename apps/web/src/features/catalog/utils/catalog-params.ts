import {
  CATALOG_DEFAULT_LIMIT,
  CATALOG_DEFAULT_PAGE,
  COMPARE_MAX,
  catalogSorts,
  countryNames,
  displayFigure,
  robotMountings,
  type CatalogSort,
} from '@cellforge/contracts/constants';

export type { CatalogSort };
/** The facets; condition (the offers', several at once) is shown as checkboxes, the others as radio groups. */
export const FACET_KEYS = ['category', 'manufacturer', 'application', 'industry', 'condition'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];
export const RANGE_KEYS = ['minPayload', 'maxPayload', 'minReach', 'maxReach', 'minPrice', 'maxPrice', 'minAxes', 'maxAxes'] as const;
export type RangeKey = (typeof RANGE_KEYS)[number];
/** Environment filters (migration 0009): a robot whose value is not published never passes one. */
export const ENV_KEYS = ['minIp', 'cleanroom', 'foodGrade', 'mounting', 'makerCountry'] as const;
export type EnvKey = (typeof ENV_KEYS)[number];
/** A robot figure with no panel control (set by the search words or the chat's link) and the makers ranked first. */
export const EXTRA_KEYS = ['maxRepeatability', 'preferManufacturer'] as const;

/**
 * Everything the catalog shows, read from (and written to) the URL query string so a
 * search can be shared and Back/Forward restore it. `compare` holds the robots picked
 * for comparison.
 */
export interface CatalogState {
  q: string;
  category: string;
  manufacturer: string;
  application: string;
  industry: string;
  /** Offers' conditions ("new,used": either). */
  condition: string;
  minPayload: string;
  maxPayload: string;
  minReach: string;
  maxReach: string;
  minPrice: string;
  maxPrice: string;
  minAxes: string;
  maxAxes: string;
  /** Makers left out ("FANUC,ABB"), set by reading the search words ("no FANUC"). */
  excludeManufacturer: string;
  /** IP rating at least (the two digits: "67"). */
  minIp: string;
  /** "any" or the ISO 14644-1 class needed ("5"). */
  cleanroom: string;
  /** "true" or "". */
  foodGrade: string;
  /** "ceiling" or several ("wall,angle"). */
  mounting: string;
  /** Makers' home countries ("JP", "JP,DE"). */
  makerCountry: string;
  /** Repeatability this or better, mm ("0.02"); robots publishing none never pass. */
  maxRepeatability: string;
  /** Makers ranked first without excluding others ("Epson,Denso"), from "Epson or Denso preferred". */
  preferManufacturer: string;
  sort: CatalogSort;
  page: number;
  compare: string[];
}

export const EMPTY_CATALOG_STATE: CatalogState = {
  q: '',
  category: '',
  manufacturer: '',
  application: '',
  industry: '',
  condition: '',
  minPayload: '',
  maxPayload: '',
  minReach: '',
  maxReach: '',
  minPrice: '',
  maxPrice: '',
  minAxes: '',
  maxAxes: '',
  excludeManufacturer: '',
  minIp: '',
  cleanroom: '',
  foodGrade: '',
  mounting: '',
  makerCountry: '',
  maxRepeatability: '',
  preferManufacturer: '',
  sort: 'relevance',
  page: CATALOG_DEFAULT_PAGE,
  compare: [],
};

/** A range bound as the API accepts it: a number >= 0, else nothing. */
export function cleanNumber(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (text === '') return '';
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? String(n) : '';
}

/** An environment filter as the API accepts it, else nothing (a malformed one is dropped, not sent). */
export function cleanEnvironment(key: EnvKey, value: string | null | undefined): string {
  const text = (value ?? '').trim();
  switch (key) {
    case 'minIp':
      return /^\d{1,2}$/.test(text) && Number(text) <= 69 ? String(Number(text)) : '';
    case 'cleanroom':
      return text === 'any' || /^[1-9]$/.test(text) ? text : '';
    case 'foodGrade':
      return text === 'true' ? 'true' : '';
    case 'mounting': {
      const list = text.toLowerCase().split(',').map((m) => m.trim()).filter(Boolean);
      return list.length && list.every((m) => (robotMountings as readonly string[]).includes(m)) ? [...new Set(list)].join(',') : '';
    }
    case 'makerCountry': {
      const list = text.toUpperCase().split(',').map((m) => m.trim()).filter(Boolean);
      return list.length && list.every((c) => /^[A-Z]{2}$/.test(c)) ? [...new Set(list)].join(',') : '';
    }
  }
}

/** Reads the URL; anything malformed (a word for a number, an unknown sort) is dropped, not sent. */
export function parseCatalogParams(params: URLSearchParams): CatalogState {
  const text = (key: string) => (params.get(key) ?? '').trim();
  const sort = text('sort');
  const page = Number(text('page'));
  const compare = [
    ...new Set(
      text('compare')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ].slice(0, COMPARE_MAX);
  return {
    q: text('q').slice(0, 200),
    category: text('category'),
    manufacturer: text('manufacturer'),
    application: text('application'),
    industry: text('industry'),
    condition: text('condition'),
    minPayload: cleanNumber(params.get('minPayload')),
    maxPayload: cleanNumber(params.get('maxPayload')),
    minReach: cleanNumber(params.get('minReach')),
    maxReach: cleanNumber(params.get('maxReach')),
    minPrice: cleanNumber(params.get('minPrice')),
    maxPrice: cleanNumber(params.get('maxPrice')),
    minAxes: cleanNumber(params.get('minAxes')),
    maxAxes: cleanNumber(params.get('maxAxes')),
    excludeManufacturer: text('excludeManufacturer'),
    minIp: cleanEnvironment('minIp', params.get('minIp')),
    cleanroom: cleanEnvironment('cleanroom', params.get('cleanroom')),
    foodGrade: cleanEnvironment('foodGrade', params.get('foodGrade')),
    mounting: cleanEnvironment('mounting', params.get('mounting')),
    makerCountry: cleanEnvironment('makerCountry', params.get('makerCountry')),
    maxRepeatability: cleanNumber(params.get('maxRepeatability')),
    preferManufacturer: text('preferManufacturer').slice(0, 600),
    sort: (catalogSorts as readonly string[]).includes(sort) ? (sort as CatalogSort) : 'relevance',
    page: Number.isInteger(page) && page >= 1 ? page : CATALOG_DEFAULT_PAGE,
    compare,
  };
}

/** The shortest query string for a state: defaults are left out. */
export function toCatalogSearch(state: CatalogState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  for (const key of FACET_KEYS) if (state[key]) params.set(key, state[key]);
  for (const key of RANGE_KEYS) if (state[key]) params.set(key, state[key]);
  if (state.excludeManufacturer) params.set('excludeManufacturer', state.excludeManufacturer);
  for (const key of ENV_KEYS) if (state[key]) params.set(key, state[key]);
  for (const key of EXTRA_KEYS) if (state[key]) params.set(key, state[key]);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page !== CATALOG_DEFAULT_PAGE) params.set('page', String(state.page));
  if (state.compare.length) params.set('compare', state.compare.join(','));
  return params;
}

/** The GET /api/robots query of a state (compare is not a filter). */
export function toRobotsQuery(state: CatalogState): Record<string, string | number> {
  const query: Record<string, string | number> = { page: state.page, limit: CATALOG_DEFAULT_LIMIT };
  if (state.q) query.q = state.q;
  for (const key of FACET_KEYS) if (state[key]) query[key] = state[key];
  for (const key of RANGE_KEYS) if (state[key]) query[key] = state[key];
  if (state.excludeManufacturer) query.excludeManufacturer = state.excludeManufacturer;
  for (const key of ENV_KEYS) if (state[key]) query[key] = state[key];
  for (const key of EXTRA_KEYS) if (state[key]) query[key] = state[key];
  if (state.sort !== 'relevance') query.sort = state.sort;
  return query;
}

/** Filters that narrow the results (what "Clear all filters" clears). */
export function activeFilterCount(state: CatalogState): number {
  return [state.q, ...FACET_KEYS.map((k) => state[k]), ...RANGE_KEYS.map((k) => state[k]), state.excludeManufacturer, ...ENV_KEYS.map((k) => state[k]), ...EXTRA_KEYS.map((k) => state[k])].filter(Boolean).length;
}

/** A range whose minimum exceeds its maximum (the API answers 400 to it). */
export function rangeError(min: string, max: string): string | null {
  if (min === '' || max === '') return null;
  return Number(min) > Number(max) ? 'The minimum must not exceed the maximum.' : null;
}

/** The state after a search's words were read into filters: the filters set, the words left as text. */
export function applyReading(reading: { text: string | null; filters: Record<string, string> }): Partial<CatalogState> {
  const changes: Partial<CatalogState> = { q: reading.text ?? '' };
  const keys = new Set<string>([...FACET_KEYS, ...RANGE_KEYS, 'excludeManufacturer']);
  for (const [key, value] of Object.entries(reading.filters)) {
    if (keys.has(key)) (changes as Record<string, string>)[key] = RANGE_KEYS.includes(key as RangeKey) ? cleanNumber(value) : value;
    else if ((ENV_KEYS as readonly string[]).includes(key)) (changes as Record<string, string>)[key] = cleanEnvironment(key as EnvKey, value);
    else if (key === 'maxRepeatability') changes.maxRepeatability = cleanNumber(value);
    else if (key === 'preferManufacturer') changes.preferManufacturer = value;
  }
  return changes;
}

export interface FilterChip {
  /** What it says: "Payload ≥ 40 kg", "Not FANUC". */
  label: string;
  /** The state change that removes it. */
  remove: Partial<CatalogState>;
}

const CHIP_UNITS: Record<string, { label: string; unit: string }> = {
  Payload: { label: 'Rated payload', unit: ' kg' },
  Reach: { label: 'Reach', unit: ' mm' },
  Price: { label: 'Price', unit: ' USD' },
  Axes: { label: 'Axes', unit: '' },
};

const listed = (value: string) => value.split(',').map((v) => v.trim()).filter(Boolean).join(' or ');

/** Every active filter as a removable chip (the search text aside: it has its own box). */
export function filterChips(state: CatalogState, humanize: (tag: string) => string): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const [name, { label, unit }] of Object.entries(CHIP_UNITS)) {
    const min = state[`min${name}` as RangeKey];
    const max = state[`max${name}` as RangeKey];
    // Rounded for display like the chat and the search's reading ("1.09 kg", never "1.088622 kg"); the filter keeps the exact value.
    const shown = (v: string) => (Number.isFinite(Number(v)) ? displayFigure(Number(v)) : v);
    if (min && max) chips.push({ label: `${label} ${shown(min)}–${shown(max)}${unit}`, remove: { [`min${name}`]: '', [`max${name}`]: '' } });
    else if (min) chips.push({ label: `${label} ≥ ${shown(min)}${unit}`, remove: { [`min${name}`]: '' } });
    else if (max) chips.push({ label: `${label} ≤ ${shown(max)}${unit}`, remove: { [`max${name}`]: '' } });
  }
  if (state.manufacturer) chips.push({ label: `Maker: ${listed(state.manufacturer)}`, remove: { manufacturer: '' } });
  for (const maker of state.excludeManufacturer.split(',').map((m) => m.trim()).filter(Boolean)) {
    const rest = state.excludeManufacturer.split(',').map((m) => m.trim()).filter((m) => m && m !== maker).join(',');
    chips.push({ label: `Not ${maker}`, remove: { excludeManufacturer: rest } });
  }
  if (state.category) chips.push({ label: `Category: ${listed(state.category).split(' or ').map(humanize).join(' or ')}`, remove: { category: '' } });
  if (state.application) chips.push({ label: `Application: ${listed(state.application).split(' or ').map(humanize).join(' or ')}`, remove: { application: '' } });
  if (state.industry) chips.push({ label: `Industry: ${humanize(state.industry)}`, remove: { industry: '' } });
  if (state.condition) chips.push({ label: `Offered ${listed(state.condition).split(' or ').map((c) => c.toLowerCase()).join(' or ')}`, remove: { condition: '' } });
  chips.push(...environmentChips(state));
  return chips;
}

/** The environment filters as chips: "IP67 or better", "Food-grade", "Cleanroom ISO 5 or cleaner", "Ceiling mounting", "Made in Japan". */
export function environmentChips(state: CatalogState): FilterChip[] {
  const chips: FilterChip[] = [];
  if (state.minIp) chips.push({ label: `IP${state.minIp.padStart(2, '0')} or better`, remove: { minIp: '' } });
  if (state.foodGrade) chips.push({ label: 'Food-grade', remove: { foodGrade: '' } });
  if (state.cleanroom) chips.push({ label: state.cleanroom === 'any' ? 'Cleanroom rated' : `Cleanroom ISO ${state.cleanroom} or cleaner`, remove: { cleanroom: '' } });
  if (state.mounting) {
    const text = listed(state.mounting);
    chips.push({ label: `${text.charAt(0).toUpperCase()}${text.slice(1)} mounting`, remove: { mounting: '' } });
  }
  if (state.makerCountry) chips.push({ label: `Made in ${listed(state.makerCountry).split(' or ').map((c) => countryNames[c] ?? c).join(' or ')}`, remove: { makerCountry: '' } });
  if (state.maxRepeatability) chips.push({ label: `Repeatability ±${displayFigure(Number(state.maxRepeatability))} mm or better`, remove: { maxRepeatability: '' } });
  if (state.preferManufacturer) chips.push({ label: `Preferably ${listed(state.preferManufacturer)} (listed first)`, remove: { preferManufacturer: '' } });
  return chips;
}
