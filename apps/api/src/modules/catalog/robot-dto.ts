import { robotMountings, type Robot, type RobotMounting } from '@cellforge/contracts';

const isMounting = (m: string): m is RobotMounting => (robotMountings as readonly string[]).includes(m);
import type { robots } from '@cellforge/db';

/** A robot as the API reads it: every column but the search vector. The one robot row type. */
export type RobotRow = Omit<typeof robots.$inferSelect, 'searchVector'>;

/** The columns the public robot shape is made of (the search columns are not needed). */
export type RobotDtoSource = Pick<
  typeof robots.$inferSelect,
  | 'id'
  | 'manufacturer'
  | 'model'
  | 'category'
  | 'payloadKg'
  | 'reachMm'
  | 'dof'
  | 'repeatabilityMm'
  | 'weightKg'
  | 'priceMinUsd'
  | 'priceMaxUsd'
  | 'applications'
  | 'industries'
  | 'description'
  | 'datasheetSource'
  | 'ipRating'
  | 'cleanroomIsoClass'
  | 'foodGrade'
  | 'mounting'
  | 'maxSpeedMmS'
  | 'environmentSource'
  | 'makerCountry'
  | 'status'
  | 'ownerId'
  | 'createdAt'
  | 'updatedAt'
> & { contributedBy?: string | null };

export function toRobotDto(row: RobotDtoSource): Robot {
  return {
    id: row.id,
    manufacturer: row.manufacturer,
    model: row.model,
    category: row.category,
    payload_kg: row.payloadKg,
    reach_mm: row.reachMm,
    dof: row.dof,
    repeatability_mm: row.repeatabilityMm,
    weight_kg: row.weightKg,
    price_min_usd: row.priceMinUsd,
    price_max_usd: row.priceMaxUsd,
    applications: row.applications,
    industries: row.industries,
    description: row.description,
    datasheet_source: row.datasheetSource,
    ip_rating: row.ipRating,
    cleanroom_iso_class: row.cleanroomIsoClass,
    food_grade: row.foodGrade,
    mounting: row.mounting ? row.mounting.filter(isMounting) : null,
    max_speed_mm_s: row.maxSpeedMmS,
    environment_source: row.environmentSource,
    maker_country: row.makerCountry,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    owner_id: row.ownerId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(row.contributedBy !== undefined ? { contributed: row.contributedBy !== null } : {}),
  };
}
