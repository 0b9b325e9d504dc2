import { robotMountings } from './makers';
import { offerConditions, offerCurrencies, robotCategories } from './robots';

/**
 * docs/product.md §4.5: target fields of the bulk-upload mapping (issue 14: every robot
 * field). The order is the order of the wizard's select and of the template's columns.
 */
export const bulkTargetFields = [
  'manufacturer',
  'model',
  'payload_kg',
  'reach_mm',
  'dof',
  'category',
  'repeatability_mm',
  'weight_kg',
  'price_usd',
  'applications',
  'industries',
  'description',
  'datasheet_source',
  'ip_rating',
  'cleanroom_iso_class',
  'food_grade',
  'mounting',
  'max_speed_mm_s',
  'maker_country',
  // Suppliers only (bulkOfferFields): the terms of the offer each row makes.
  'currency',
  'condition',
  'lead_time_weeks',
  'quantity',
] as const;
export type BulkTargetField = (typeof bulkTargetFields)[number];

/**
 * The offer's terms (contracts' offer fields, issue 13): mapped only in a supplier's import, whose
 * rows become offers; an integrator's mapping refuses them. The price column (price_usd) is the
 * offer's price, in the row's currency when a currency is given.
 */
export const bulkOfferFields = ['currency', 'condition', 'lead_time_weeks', 'quantity'] as const satisfies readonly BulkTargetField[];
export type BulkOfferField = (typeof bulkOfferFields)[number];
const offerFieldSet: ReadonlySet<string> = new Set(bulkOfferFields);
export const isBulkOfferField = (field: string): field is BulkOfferField => offerFieldSet.has(field);
/** The target fields of an importer: integrators map robot fields, suppliers also the offer's terms. */
export function bulkTargetFieldsFor(role: 'integrator' | 'supplier'): readonly BulkTargetField[] {
  return role === 'supplier' ? bulkTargetFields : bulkTargetFields.filter((f) => !offerFieldSet.has(f));
}

/** The environment fields (migration 0009): a row that gives any of them stamps robots.environment_source with the import. */
export const bulkEnvironmentFields = ['ip_rating', 'cleanroom_iso_class', 'food_grade', 'mounting', 'max_speed_mm_s'] as const satisfies readonly BulkTargetField[];

export interface BulkFieldInfo {
  /** The wizard's name of the field, and the template's header (the header auto-detection recognises it). */
  label: string;
  /** What the field holds and how a cell is read (the template's second sheet). */
  description: string;
  /** The value the template's example row carries. */
  example: string;
  /** The values a cell may take, when they are a fixed list. */
  allowed?: string;
}

export const bulkFieldInfo: Record<BulkTargetField, BulkFieldInfo> = {
  manufacturer: { label: 'Manufacturer', description: 'The maker, as written on the datasheet. Required.', example: 'ABB' },
  model: { label: 'Model', description: 'The model name or number. Required; with the manufacturer it identifies the robot (re-importing updates it).', example: 'IRB 6700-200/2.60' },
  payload_kg: { label: 'Payload (kg)', description: 'Rated payload. Required. kg unless the header or the cell names another unit (lb, g, t).', example: '200' },
  reach_mm: { label: 'Reach (mm)', description: 'Maximum reach. Required. mm unless the header or the cell names another unit (cm, m, in, ft).', example: '2600' },
  dof: { label: 'Axes', description: 'Number of axes (degrees of freedom), 2 to 8. Optional: 6 is assumed.', example: '6' },
  category: {
    label: 'Category',
    description: 'The robot type. Optional: guessed from the other values when empty. "Cobot" reads as collaborative, "palletizer" as palletizing.',
    example: 'articulated',
    allowed: robotCategories.join(', '),
  },
  repeatability_mm: { label: 'Repeatability (mm)', description: 'Pose repeatability; "±0.05" is read as 0.05. mm unless another length unit is named.', example: '0.05' },
  weight_kg: { label: 'Weight (kg)', description: "The robot's own weight. kg unless another mass unit is named.", example: '1170' },
  price_usd: {
    label: 'Price (USD)',
    description: 'List price in US dollars: one figure or a range ("25000-30000"). In a supplier\'s file it is the offer\'s price, in the row\'s Currency when that column is given.',
    example: '95000',
  },
  applications: { label: 'Applications', description: 'What it is used for, separated by commas or semicolons.', example: 'spot welding; material handling' },
  industries: { label: 'Industries', description: 'Industries it serves, separated by commas or semicolons.', example: 'automotive, metal' },
  description: { label: 'Description', description: 'Free text shown on the robot page (at most 2,000 characters).', example: 'High-payload robot for spot welding lines.' },
  datasheet_source: { label: 'Datasheet', description: 'The datasheet the values come from: a URL or its name.', example: 'https://new.abb.com/products/robotics/robots/articulated-robots/irb-6700' },
  ip_rating: { label: 'IP rating', description: 'Protection class: "IP67", "IP 67" or "67".', example: 'IP67' },
  cleanroom_iso_class: {
    label: 'Cleanroom ISO class',
    description: 'ISO 14644-1 class 1 to 9 ("ISO 5", "Class 5"); US Fed-Std 209E classes ("Class 100") are converted.',
    example: 'ISO 5',
    allowed: '1-9',
  },
  food_grade: { label: 'Food grade', description: 'Sold as food-grade (hygienic design, H1 lubricant): yes or no (Y/N, true/false, 1/0 also work).', example: 'no', allowed: 'yes, no' },
  mounting: {
    label: 'Mounting',
    description: 'Allowed orientations, separated by commas. "Inverted" reads as ceiling, "tilted" as angle; "any" means all four.',
    example: 'floor, ceiling',
    allowed: robotMountings.join(', '),
  },
  max_speed_mm_s: { label: 'Max speed (mm/s)', description: 'Maximum TCP speed. mm/s unless the header or the cell says m/s.', example: '2500' },
  maker_country: {
    label: 'Country of origin',
    description: "The maker's home country: a name (Germany, Deutschland) or an ISO code (DE, DEU). For makers the catalog knows, their listed country is kept.",
    example: 'CH',
  },
  currency: {
    label: 'Currency',
    description: "Suppliers: the offer's currency, USD, EUR or GBP (\"€\", \"Euro\", \"$\", \"£\" also work). Empty: USD.",
    example: 'USD',
    allowed: offerCurrencies.join(', '),
  },
  condition: {
    label: 'Condition',
    description: 'Suppliers: new, used or refurbished ("refurb", "reconditioned", "gebraucht", "second-hand" also work). Empty: new.',
    example: 'new',
    allowed: offerConditions.join(', '),
  },
  lead_time_weeks: {
    label: 'Lead time (weeks)',
    description: 'Suppliers: weeks until delivery, 0 to 104. "6-8 weeks" keeps the longer end; days and months are converted; "in stock" is 0.',
    example: '6',
  },
  quantity: { label: 'Quantity', description: 'Suppliers: units available, 1 to 100,000 ("2 pcs" works).', example: '1' },
};
