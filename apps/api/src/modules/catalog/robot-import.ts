import { robotSearchColumns } from '@cellforge/db';
import { inferCategory } from './category';

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

/** The environment fields of migration 0009: a row giving one of them stamps environment_source. */
const environmentKeys = ['ip_rating', 'cleanroom_iso_class', 'food_grade', 'mounting', 'max_speed_mm_s'] as const satisfies ReadonlyArray<keyof ImportedFields>;

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

/** What an owner already has under one of the batch's keys (the columns an import may change). */
export interface ExistingImportTarget {
  id: string;
  key: string;
  manufacturer: string;
  model: string;
  category: string;
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
  datasheetSource: string | null;
  ipRating: number | null;
  cleanroomIsoClass: number | null;
  foodGrade: boolean | null;
  mounting: string[] | null;
  maxSpeedMmS: number | null;
  environmentSource: string | null;
  makerCountry: string | null;
}

/** The columns an insert or update writes besides the name and search columns (null: the column's default, or kept on update). */
export interface RobotImportValues {
  repeatability_mm: number | null;
  weight_kg: number | null;
  price_min_usd: number | null;
  price_max_usd: number | null;
  applications: string[] | null;
  industries: string[] | null;
  description: string | null;
  datasheet_source: string | null;
  ip_rating: number | null;
  cleanroom_iso_class: number | null;
  food_grade: boolean | null;
  mounting: string[] | null;
  max_speed_mm_s: number | null;
  environment_source: string | null;
}

export interface RobotInsert extends RobotImportValues {
  manufacturer: string;
  model: string;
  normalized_key: string;
  search_text: string;
  compact_text: string;
  /** The maker's home country: the contracts makers list, else the file's country, else null. */
  maker_country: string | null;
  category: string;
  payload_kg: number;
  reach_mm: number;
  dof: number;
}

export type RobotUpdate = Omit<RobotInsert, 'normalized_key'> & { id: string };

export interface ImportPlan {
  inserts: RobotInsert[];
  updates: RobotUpdate[];
  unchanged: number;
}

const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;
const sameList = (a: readonly string[] | null, b: readonly string[]) => a !== null && a.length === b.length && a.every((v, i) => v === b[i]);

function valuesOf(f: ImportedFields, source: string): RobotImportValues {
  const environment = environmentKeys.some((k) => f[k] !== undefined);
  return {
    repeatability_mm: f.repeatability_mm ?? null,
    weight_kg: f.weight_kg ?? null,
    price_min_usd: f.price_min_usd ?? null,
    price_max_usd: f.price_max_usd ?? null,
    applications: f.applications ?? null,
    industries: f.industries ?? null,
    description: f.description ?? null,
    datasheet_source: f.datasheet_source ?? null,
    ip_rating: f.ip_rating ?? null,
    cleanroom_iso_class: f.cleanroom_iso_class ?? null,
    food_grade: f.food_grade ?? null,
    mounting: f.mounting ?? null,
    max_speed_mm_s: f.max_speed_mm_s ?? null,
    environment_source: environment ? source : null,
  };
}

/** True when a given field differs from what the robot holds (absent fields never differ). */
function fieldsChanged(f: ImportedFields, e: ExistingImportTarget): boolean {
  const num = (v: number | undefined, held: number | null) => v !== undefined && (held === null || !same(v, held));
  return (
    (f.category !== undefined && f.category !== e.category) ||
    num(f.repeatability_mm, e.repeatabilityMm) ||
    num(f.weight_kg, e.weightKg) ||
    num(f.price_min_usd, e.priceMinUsd) ||
    num(f.price_max_usd, e.priceMaxUsd) ||
    (f.applications !== undefined && !sameList(e.applications, f.applications)) ||
    (f.industries !== undefined && !sameList(e.industries, f.industries)) ||
    (f.description !== undefined && f.description !== e.description) ||
    (f.datasheet_source !== undefined && f.datasheet_source !== e.datasheetSource) ||
    num(f.ip_rating, e.ipRating) ||
    num(f.cleanroom_iso_class, e.cleanroomIsoClass) ||
    (f.food_grade !== undefined && f.food_grade !== e.foodGrade) ||
    (f.mounting !== undefined && !sameList(e.mounting, f.mounting)) ||
    num(f.max_speed_mm_s, e.maxSpeedMmS) ||
    (f.maker_country !== undefined && f.maker_country !== e.makerCountry)
  );
}

/**
 * The decision half of an import batch, without the database: a row whose key the owner
 * does not have is inserted (its category from the file, else inferred once); a row whose
 * spelling, payload, reach, axes or any field it gives differ is updated (fields it does
 * not give are kept); a row already equal is left alone, so re-importing a file answers
 * inserted 0, updated 0. Status and listing of an existing robot are never touched, nor
 * its category unless the file gives one. `source` ("Bulk upload: robots.csv") becomes
 * environment_source of a row that gives an environment field (IP rating, cleanroom,
 * food grade, mounting, speed).
 */
export function planRobotImport(batch: readonly ImportedRobot[], existing: readonly ExistingImportTarget[], dofAssumed: number, source = 'Bulk upload'): ImportPlan {
  const byKey = new Map(existing.map((e) => [e.key, e]));
  const plan: ImportPlan = { inserts: [], updates: [], unchanged: 0 };
  for (const r of batch) {
    const f = r.fields ?? {};
    const found = byKey.get(r.key);
    if (!found) {
      const category = f.category ?? inferCategory(r);
      const search = robotSearchColumns({ manufacturer: r.manufacturer, model: r.model, category, applications: f.applications, industries: f.industries });
      plan.inserts.push({
        manufacturer: r.manufacturer,
        model: r.model,
        normalized_key: search.normalizedKey,
        search_text: search.searchText,
        compact_text: search.compactText,
        maker_country: search.makerCountry ?? f.maker_country ?? null,
        category,
        payload_kg: r.payload_kg,
        reach_mm: r.reach_mm,
        dof: r.dof ?? dofAssumed,
        ...valuesOf(f, source),
      });
      continue;
    }
    const dof = r.dof ?? found.dof;
    const changed =
      found.manufacturer !== r.manufacturer ||
      found.model !== r.model ||
      !same(found.payloadKg, r.payload_kg) ||
      !same(found.reachMm, r.reach_mm) ||
      found.dof !== dof ||
      fieldsChanged(f, found);
    if (!changed) {
      plan.unchanged += 1;
      continue;
    }
    const category = f.category ?? found.category;
    const search = robotSearchColumns({
      manufacturer: r.manufacturer,
      model: r.model,
      category,
      applications: f.applications ?? found.applications,
      industries: f.industries ?? found.industries,
    });
    plan.updates.push({
      id: found.id,
      manufacturer: r.manufacturer,
      model: r.model,
      search_text: search.searchText,
      compact_text: search.compactText,
      maker_country: search.makerCountry ?? f.maker_country ?? found.makerCountry,
      category,
      payload_kg: r.payload_kg,
      reach_mm: r.reach_mm,
      dof,
      ...valuesOf(f, source),
    });
  }
  return plan;
}
