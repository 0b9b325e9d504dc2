/** Robot categories used by the catalog (facet values). */
export const robotCategories = [
  'articulated',
  'collaborative',
  'scara',
  'delta',
  'palletizing',
  'heavy-payload',
] as const;
export type RobotCategory = (typeof robotCategories)[number];

/**
 * One catalog row as published in the maker's datasheet. Values the datasheet does
 * not give are null, never guessed. Prices are indicative street-price bands (USD,
 * arm + controller) because makers do not publish list prices; they are labelled
 * "indicative" wherever shown.
 */
export interface SeedRobot {
  manufacturer: string;
  model: string;
  category: RobotCategory;
  payloadKg: number;
  reachMm: number;
  dof: number;
  repeatabilityMm: number | null;
  weightKg: number | null;
  priceMinUsd: number | null;
  priceMaxUsd: number | null;
  applications: string[];
  industries: string[];
  description: string;
  /** Where the figures come from: the maker's datasheet or product specification by name. */
  source: string;
  /**
   * Environment and installation values, only those the maker publishes (migration 0009);
   * a value left out is unknown (null), never guessed. Usually shared by a series.
   */
  environment?: SeedEnvironment;
}

export interface SeedEnvironment {
  /** The IP code's two digits (IP67 -> 67): the rating of the whole arm (the body, not only the wrist). */
  ipRating?: number;
  /** ISO 14644-1 class of the standard or cleanroom version named by this model. */
  cleanroomIsoClass?: number;
  foodGrade?: boolean;
  mounting?: Array<'floor' | 'ceiling' | 'wall' | 'angle'>;
  /** Maximum TCP speed, mm/s. */
  maxSpeedMmS?: number;
  /** Where these values are published: the datasheet's URL or title. Required with any value. */
  source: string;
}
