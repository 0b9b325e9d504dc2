import { robotSearchColumns } from '@cellforge/db';
import { inferCategory } from './category';

/** A robot row read from an import file, already validated, keyed by normalizeRobotKey. */
export interface ImportedRobot {
  key: string;
  manufacturer: string;
  model: string;
  payload_kg: number;
  reach_mm: number;
  dof: number | null;
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
}

export interface RobotInsert {
  manufacturer: string;
  model: string;
  normalized_key: string;
  search_text: string;
  compact_text: string;
  /** The maker's home country (contracts makers list), null when the maker is not known. */
  maker_country: string | null;
  category: string;
  payload_kg: number;
  reach_mm: number;
  dof: number;
}

export type RobotUpdate = Omit<RobotInsert, 'normalized_key' | 'category'> & { id: string };

export interface ImportPlan {
  inserts: RobotInsert[];
  updates: RobotUpdate[];
  unchanged: number;
}

const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/**
 * The decision half of an import batch, without the database: a row whose key the owner
 * does not have is inserted (its category inferred once); a row whose spelling, payload,
 * reach or axes differ is updated; a row already equal is left alone, so re-importing a
 * file answers inserted 0, updated 0. Status, listing, category and description of an
 * existing robot are never touched.
 */
export function planRobotImport(batch: readonly ImportedRobot[], existing: readonly ExistingImportTarget[], dofAssumed: number): ImportPlan {
  const byKey = new Map(existing.map((e) => [e.key, e]));
  const plan: ImportPlan = { inserts: [], updates: [], unchanged: 0 };
  for (const r of batch) {
    const found = byKey.get(r.key);
    if (!found) {
      const category = inferCategory(r);
      const search = robotSearchColumns({ manufacturer: r.manufacturer, model: r.model, category });
      plan.inserts.push({
        manufacturer: r.manufacturer,
        model: r.model,
        normalized_key: search.normalizedKey,
        search_text: search.searchText,
        compact_text: search.compactText,
        maker_country: search.makerCountry,
        category,
        payload_kg: r.payload_kg,
        reach_mm: r.reach_mm,
        dof: r.dof ?? dofAssumed,
      });
      continue;
    }
    const dof = r.dof ?? found.dof;
    const changed =
      found.manufacturer !== r.manufacturer ||
      found.model !== r.model ||
      !same(found.payloadKg, r.payload_kg) ||
      !same(found.reachMm, r.reach_mm) ||
      found.dof !== dof;
    if (!changed) {
      plan.unchanged += 1;
      continue;
    }
    const search = robotSearchColumns({ manufacturer: r.manufacturer, model: r.model, category: found.category });
    plan.updates.push({
      id: found.id,
      manufacturer: r.manufacturer,
      model: r.model,
      search_text: search.searchText,
      compact_text: search.compactText,
      maker_country: search.makerCountry,
      payload_kg: r.payload_kg,
      reach_mm: r.reach_mm,
      dof,
    });
  }
  return plan;
}
