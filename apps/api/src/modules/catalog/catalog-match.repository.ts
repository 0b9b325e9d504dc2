import { sql } from 'drizzle-orm';
import { queryRows, robotKeyVariants, type Database } from '@cellforge/db';
import { textArray } from './catalog.repository';

/** A model of the shared catalog that an imported row names (issue 14, catalog matching). */
export interface CatalogModelMatch {
  id: string;
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

interface MatchRow extends CatalogModelMatch {
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
      const { key: _k, ...model } = hit;
      out.set(key, { ...model, payloadKg: Number(model.payloadKg), reachMm: Number(model.reachMm), dof: Number(model.dof) });
    }
  }
  return out;
}

/** A supplier's offer made or refreshed by an import row attached to a catalog model. */
export interface ImportedOffer {
  robotId: string;
  priceMin: number | null;
  priceMax: number | null;
}

/**
 * Creates or updates the supplier's offers (condition "new") on catalog models, one
 * statement for the batch: a new offer is active in USD at the row's price; an existing
 * one keeps its values where the row gives none (a price from the file is USD, as the import reads prices), and is active again. Several rows of a
 * batch naming the same model are one offer (the last row's price). Returns how many
 * offers were written.
 */
export async function upsertImportedOffers(db: Database, supplierId: string, batch: readonly ImportedOffer[]): Promise<number> {
  const byRobot = new Map(batch.map((o) => [o.robotId, o]));
  if (!byRobot.size) return 0;
  const json = JSON.stringify([...byRobot.values()].map((o) => ({ robot_id: o.robotId, price_min: o.priceMin, price_max: o.priceMax ?? o.priceMin })));
  await db.execute(sql`
    insert into offers (robot_id, supplier_id, price_min, price_max, currency, condition, status)
    select x.robot_id, ${supplierId}::uuid, x.price_min, x.price_max, 'USD', 'new', 'active'
    from json_to_recordset(${json}::json) as x(robot_id uuid, price_min integer, price_max integer)
    on conflict (supplier_id, robot_id, condition) do update set
      currency = case when excluded.price_min is null then offers.currency else 'USD' end,
      price_min = coalesce(excluded.price_min, offers.price_min),
      price_max = coalesce(excluded.price_max, offers.price_max),
      status = 'active', updated_at = now()`);
  return byRobot.size;
}
