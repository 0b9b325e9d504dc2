import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@cellforge/db';
import { textArray } from './catalog.repository';
import { planRobotImport, type ImportedRobot } from './robot-import';
import { insertImportedRobots, type UpsertCounts } from './robot-import.repository';

/**
 * A supplier's bulk upload makes offers (docs/decisions.md, "A supplier's bulk upload makes
 * offers"): each row is matched to the shared catalog's model with its maker|model key (the
 * offers' matching); a key the catalog lacks is added as a model the supplier contributed.
 * The row's price and description become the supplier's "new" offer on the model (a row
 * without them keeps what the offer holds); the whole row is kept in listing_snapshot.
 * inserted/updated/unchanged count offers. Run it inside the import's transaction.
 */
export async function upsertOfferBatch(
  db: Database,
  supplierId: string,
  batch: readonly ImportedRobot[],
  options: { source: string; dofAssumed: number },
): Promise<UpsertCounts> {
  // One offer per model: the last row of a key wins.
  const rows = [...new Map(batch.map((r) => [r.key, r])).values()];
  if (!rows.length) return { inserted: 0, updated: 0, unchanged: 0 };
  const known = await queryRows<{ key: string }>(
    db,
    sql`select normalized_key as key from robots where owner_id is null and normalized_key = any(${textArray(rows.map((r) => r.key))})`,
  );
  const have = new Set(known.map((k) => k.key));
  const { inserts } = planRobotImport(
    rows.filter((r) => !have.has(r.key)),
    [],
    options.dofAssumed,
    options.source,
  );
  await insertImportedRobots(db, inserts, { ownerId: null, contributedBy: supplierId, listed: true, source: options.source });
  const offered = JSON.stringify(
    rows.map((r) => ({
      key: r.key,
      price_min: r.fields?.price_min_usd === undefined ? null : Math.round(r.fields.price_min_usd),
      price_max: r.fields?.price_max_usd === undefined ? null : Math.round(r.fields.price_max_usd),
      notes: r.fields?.description ?? null,
      snapshot: { manufacturer: r.manufacturer, model: r.model, payload_kg: r.payload_kg, reach_mm: r.reach_mm, dof: r.dof, ...r.fields, via: options.source },
    })),
  );
  // xmax = 0 tells an inserted row from an updated one; a row left as it was is not returned.
  const written = await queryRows<{ inserted: boolean }>(
    db,
    sql`insert into offers (supplier_id, robot_id, price_min, price_max, currency, condition, notes, status, listing_snapshot)
        select ${supplierId}::uuid, r.id, x.price_min, x.price_max, 'USD', 'new', coalesce(x.notes, ''), 'active', x.snapshot
        from json_to_recordset(${offered}::json) as x(key text, price_min integer, price_max integer, notes text, snapshot jsonb)
        join robots r on r.owner_id is null and r.normalized_key = x.key
        on conflict (supplier_id, robot_id, condition) do update set
          price_min = coalesce(excluded.price_min, offers.price_min),
          price_max = coalesce(excluded.price_max, offers.price_max),
          notes = case when excluded.notes = '' then offers.notes else excluded.notes end,
          listing_snapshot = excluded.listing_snapshot,
          updated_at = now()
        where (offers.price_min, offers.price_max, offers.notes) is distinct from
              (coalesce(excluded.price_min, offers.price_min), coalesce(excluded.price_max, offers.price_max),
               case when excluded.notes = '' then offers.notes else excluded.notes end)
        returning (xmax = 0) as inserted`,
  );
  const inserted = written.filter((w) => w.inserted).length;
  return { inserted, updated: written.length - inserted, unchanged: batch.length - written.length };
}
