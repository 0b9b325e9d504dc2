import { sql } from 'drizzle-orm';
import { queryRows, robotKeyVariants, type Database } from '@cellforge/db';
import { textArray } from './catalog.repository';

/** A model of the shared catalog that an imported row names (issue 14, catalog matching). */
export interface CatalogModelMatch {
  id: string;
  /** The model's own normalized key (the row's may be an alias spelling of it). */
  catalogKey: string;
  manufacturer: string;
  model: string;
  payloadKg: number;
  reachMm: number;
  dof: number;
  repeatabilityMm: number | null;
  weightKg: number | null;
  priceMinUsd: number | null;
  priceMaxUsd: number | null;
}

interface MatchRow extends Omit<CatalogModelMatch, 'catalogKey'> {
  key: string;
}

/**
 * The shared catalog's models (owner_id null, listed) named by these rows, keyed by each
 * row's own normalized key. Maker aliases count ("UR" is Universal Robots, "Motoman" is
 * Yaskawa) and model spellings are compared on letters and digits ("IRB6700 200/2.6" is
 * not "IRB 6700-200/2.60", but "irb 6700-200/2.60" is). One indexed statement per batch:
 * the (owner_id, normalized_key) unique index answers it.
 */
export async function findCatalogModelsFor(db: Database, rows: ReadonlyArray<{ key: string; manufacturer: string; model: string }>): Promise<Map<string, CatalogModelMatch>> {
  const variantsOf = new Map<string, string[]>();
  for (const row of rows) if (!variantsOf.has(row.key)) variantsOf.set(row.key, [row.key, ...robotKeyVariants(row.manufacturer, row.model).filter((k) => k !== row.key)]);
  const all = [...new Set([...variantsOf.values()].flat())];
  if (!all.length) return new Map();
  const found = await queryRows<MatchRow>(db, sql`
    select id, normalized_key as key, manufacturer, model, payload_kg as "payloadKg", reach_mm as "reachMm", dof,
           repeatability_mm as "repeatabilityMm", weight_kg as "weightKg", price_min_usd as "priceMinUsd", price_max_usd as "priceMaxUsd"
    from robots where owner_id is null and listed and normalized_key = any(${textArray(all)})`);
  const byKey = new Map(found.map((r) => [r.key, r]));
  const out = new Map<string, CatalogModelMatch>();
  for (const [key, variants] of variantsOf) {
    const hit = variants.map((v) => byKey.get(v)).find((r) => r !== undefined);
    if (hit) {
      const { key: catalogKey, ...model } = hit;
      out.set(key, { ...model, catalogKey, payloadKg: Number(model.payloadKg), reachMm: Number(model.reachMm), dof: Number(model.dof) });
    }
  }
  return out;
}
