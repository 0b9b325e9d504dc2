import { listingInputSchema, robotCategories, type ListingInput, type Robot } from '@cellforge/contracts';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';

/**
 * The robot form (a supplier's listing, an integrator's own catalog robot) as typed:
 * every field is text; lists are comma-separated. Both save listingInputSchema.
 */
export interface RobotFormValues {
  manufacturer: string;
  model: string;
  category: string;
  payload_kg: string;
  reach_mm: string;
  dof: string;
  repeatability_mm: string;
  weight_kg: string;
  price_min_usd: string;
  price_max_usd: string;
  applications: string;
  industries: string;
  description: string;
  datasheet_source: string;
  /** Environment (migration 0009): empty = not published. */
  ip_rating: string;
  cleanroom_iso_class: string;
  /** '' (not published), 'yes' or 'no'. */
  food_grade: string;
  mounting: string[];
  max_speed_mm_s: string;
  environment_source: string;
}

export const ROBOT_FORM_FIELDS = [
  'manufacturer',
  'model',
  'category',
  'payload_kg',
  'reach_mm',
  'dof',
  'repeatability_mm',
  'weight_kg',
  'price_min_usd',
  'price_max_usd',
  'applications',
  'industries',
  'description',
  'datasheet_source',
  'ip_rating',
  'cleanroom_iso_class',
  'food_grade',
  'mounting',
  'max_speed_mm_s',
  'environment_source',
] as const satisfies ReadonlyArray<keyof RobotFormValues>;

/** "Pick and place, Welding" -> ["pick-and-place", "welding"]: the catalog's tag words. */
export function splitTags(text: string): string[] {
  const tags = text
    .split(/[,;\n]/)
    .map((tag) => tag.trim().toLowerCase().replace(/\s+/g, '-'))
    .filter(Boolean);
  return [...new Set(tags)];
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function robotFormDefaults(robot?: Robot): RobotFormValues {
  return {
    manufacturer: robot?.manufacturer ?? '',
    model: robot?.model ?? '',
    category: robot?.category ?? robotCategories[0],
    payload_kg: text(robot?.payload_kg),
    reach_mm: text(robot?.reach_mm),
    dof: text(robot?.dof ?? 6),
    repeatability_mm: text(robot?.repeatability_mm),
    weight_kg: text(robot?.weight_kg),
    price_min_usd: text(robot?.price_min_usd),
    price_max_usd: text(robot?.price_max_usd),
    applications: robot?.applications.join(', ') ?? '',
    industries: robot?.industries.join(', ') ?? '',
    description: robot?.description ?? '',
    datasheet_source: robot?.datasheet_source ?? '',
    ip_rating: text(robot?.ip_rating),
    cleanroom_iso_class: text(robot?.cleanroom_iso_class),
    food_grade: robot?.food_grade === true ? 'yes' : robot?.food_grade === false ? 'no' : '',
    mounting: robot?.mounting ? [...robot.mounting] : [],
    max_speed_mm_s: text(robot?.max_speed_mm_s),
    environment_source: robot?.environment_source ?? '',
  };
}

/** The API payload of the form (still to be checked by listingInputSchema). */
export function toRobotInput(values: RobotFormValues): ListingInput {
  return {
    ...values,
    category: values.category as ListingInput['category'],
    applications: splitTags(values.applications),
    industries: splitTags(values.industries),
    datasheet_source: values.datasheet_source.trim() || null,
    food_grade: values.food_grade === 'yes' ? true : values.food_grade === 'no' ? false : null,
    mounting: (Array.isArray(values.mounting) ? values.mounting : []) as ListingInput['mounting'],
    environment_source: values.environment_source.trim() || null,
  };
}

/**
 * Checks the form with the contract's listingInputSchema (the same rules the server
 * applies); an issue on "applications.2" is shown on the applications field.
 */
export const robotFormResolver: Resolver<RobotFormValues> = async (values) => {
  const result = listingInputSchema.safeParse(toRobotInput(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field in values && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<RobotFormValues> };
};
