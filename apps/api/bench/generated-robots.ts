import { robots, robotSearchColumns, seedRobots, type Database } from '@cellforge/db';

/**
 * The i-th generated robot of a bench catalog: the seed catalog's models again and again
 * ("IRB 1200-7/0.7-V3"), payload and reach scaled a little per variant, so searches, facets
 * and sorts meet realistic text and figures at any size.
 */
export function generatedRobot(i: number): typeof robots.$inferInsert {
  const base = seedRobots[i % seedRobots.length]!;
  const variant = Math.floor(i / seedRobots.length);
  const model = variant === 0 ? base.model : `${base.model}-V${variant}`;
  const scale = 1 + ((variant * 7) % 13) / 50;
  return {
    manufacturer: base.manufacturer,
    model,
    ...robotSearchColumns({ manufacturer: base.manufacturer, model, category: base.category, applications: base.applications, industries: base.industries }),
    category: base.category,
    payloadKg: Math.round(base.payloadKg * scale * 10) / 10,
    reachMm: Math.round(base.reachMm * scale),
    dof: base.dof,
    repeatabilityMm: base.repeatabilityMm,
    weightKg: base.weightKg,
    priceMinUsd: base.priceMinUsd,
    priceMaxUsd: base.priceMaxUsd,
    applications: base.applications,
    industries: base.industries,
    description: base.description,
    datasheetSource: base.source,
  };
}

/** Inserts `count` generated robots in batches of `batch`. */
export async function insertGeneratedRobots(db: Database, count: number, batch = 1000): Promise<void> {
  for (let start = 0; start < count; start += batch) {
    await db.insert(robots).values(Array.from({ length: Math.min(batch, count - start) }, (_, k) => generatedRobot(start + k)));
  }
}
