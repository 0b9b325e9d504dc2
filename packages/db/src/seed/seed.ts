import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { robotSearchColumns } from '../normalize';
import { robots } from '../schema';
import { seedRobots } from './robots/index';
import type { SeedRobot } from './types';

function toRow(r: SeedRobot) {
  return {
    manufacturer: r.manufacturer,
    model: r.model,
    ...robotSearchColumns({
      manufacturer: r.manufacturer,
      model: r.model,
      category: r.category,
      applications: r.applications,
      industries: r.industries,
    }),
    listed: true,
    category: r.category,
    payloadKg: r.payloadKg,
    reachMm: r.reachMm,
    dof: r.dof,
    repeatabilityMm: r.repeatabilityMm,
    weightKg: r.weightKg,
    priceMinUsd: r.priceMinUsd,
    priceMaxUsd: r.priceMaxUsd,
    applications: r.applications,
    industries: r.industries,
    description: r.description,
    datasheetSource: r.source,
    ipRating: r.environment?.ipRating ?? null,
    cleanroomIsoClass: r.environment?.cleanroomIsoClass ?? null,
    foodGrade: r.environment?.foodGrade ?? null,
    mounting: r.environment?.mounting ?? null,
    maxSpeedMmS: r.environment?.maxSpeedMmS ?? null,
    environmentSource: r.environment?.source ?? null,
    status: 'active',
    ownerId: null,
  };
}

/**
 * Upserts the shared catalog (owner null). Idempotent: a second run changes nothing
 * but refreshes figures that the seed data corrected.
 */
export async function seedCatalog(db: Database, rows: SeedRobot[] = seedRobots): Promise<{ total: number }> {
  const values = rows.map(toRow);
  const chunk = 200;
  for (let i = 0; i < values.length; i += chunk) {
    await db
      .insert(robots)
      .values(values.slice(i, i + chunk))
      .onConflictDoUpdate({
        target: [robots.ownerId, robots.normalizedKey],
        set: {
          manufacturer: sql`excluded.manufacturer`,
          model: sql`excluded.model`,
          category: sql`excluded.category`,
          payloadKg: sql`excluded.payload_kg`,
          reachMm: sql`excluded.reach_mm`,
          dof: sql`excluded.dof`,
          repeatabilityMm: sql`excluded.repeatability_mm`,
          weightKg: sql`excluded.weight_kg`,
          priceMinUsd: sql`excluded.price_min_usd`,
          priceMaxUsd: sql`excluded.price_max_usd`,
          applications: sql`excluded.applications`,
          industries: sql`excluded.industries`,
          description: sql`excluded.description`,
          datasheetSource: sql`excluded.datasheet_source`,
          searchText: sql`excluded.search_text`,
          compactText: sql`excluded.compact_text`,
          ipRating: sql`excluded.ip_rating`,
          cleanroomIsoClass: sql`excluded.cleanroom_iso_class`,
          foodGrade: sql`excluded.food_grade`,
          mounting: sql`excluded.mounting`,
          maxSpeedMmS: sql`excluded.max_speed_mm_s`,
          environmentSource: sql`excluded.environment_source`,
          makerCountry: sql`excluded.maker_country`,
          updatedAt: sql`now()`,
        },
        // Rows the seed would not change are left alone: a restart writes nothing, so the
        // catalog's change log (and the search index fed by it) stays quiet.
        setWhere: sql`(${robots.manufacturer}, ${robots.model}, ${robots.category}, ${robots.payloadKg}, ${robots.reachMm}, ${robots.dof},
          ${robots.repeatabilityMm}, ${robots.weightKg}, ${robots.priceMinUsd}, ${robots.priceMaxUsd}, ${robots.applications},
          ${robots.industries}, ${robots.description}, ${robots.datasheetSource}, ${robots.searchText}, ${robots.compactText},
          ${robots.ipRating}, ${robots.cleanroomIsoClass}, ${robots.foodGrade}, ${robots.mounting}, ${robots.maxSpeedMmS},
          ${robots.environmentSource}, ${robots.makerCountry})
          is distinct from (excluded.manufacturer, excluded.model, excluded.category, excluded.payload_kg, excluded.reach_mm,
          excluded.dof, excluded.repeatability_mm, excluded.weight_kg, excluded.price_min_usd, excluded.price_max_usd,
          excluded.applications, excluded.industries, excluded.description, excluded.datasheet_source, excluded.search_text,
          excluded.compact_text, excluded.ip_rating, excluded.cleanroom_iso_class, excluded.food_grade, excluded.mounting,
          excluded.max_speed_mm_s, excluded.environment_source, excluded.maker_country)`,
      });
  }
  return { total: values.length };
}
