/**
 * The optional fields an import row may give (issue 14), as robots stores them; a field
 * that is absent was not mapped or its cell was empty: a new robot gets the column's
 * default, an existing one keeps its value.
 */
export interface ImportedFields {
  category?: string;
  repeatability_mm?: number;
  weight_kg?: number;
  price_min_usd?: number;
  price_max_usd?: number;
  applications?: string[];
  industries?: string[];
  description?: string;
  datasheet_source?: string;
  ip_rating?: number;
  cleanroom_iso_class?: number;
  food_grade?: boolean;
  mounting?: string[];
  max_speed_mm_s?: number;
  maker_country?: string;
}

/** A robot row read from an import file, already validated, keyed by normalizeRobotKey. */
export interface ImportedRobot {
  key: string;
  manufacturer: string;
  model: string;
  payload_kg: number;
  reach_mm: number;
  dof: number | null;
  fields?: ImportedFields;
}
