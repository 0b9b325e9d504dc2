import { BULK_DEFAULT_MATCH_CHOICE, type BulkMatchChoice, type BulkValidEntry, type BulkValidateRequest } from '@cellforge/contracts';
import type { CatalogModelMatch } from '../catalog';
import type { ValidRow } from './parsing/validate-rows';

/** Rows matching a shared catalog model, by what the import will do with them. */
export type MatchCounts = { total: number } & Record<BulkMatchChoice, number>;

/** The choice for each matched row: the request's per-row override, else its default (attach). */
export class MatchChoices {
  private readonly byRow: Map<number, BulkMatchChoice>;
  private readonly fallback: BulkMatchChoice;

  constructor(body: Pick<BulkValidateRequest, 'match_default' | 'match_choices'>) {
    this.fallback = body.match_default ?? BULK_DEFAULT_MATCH_CHOICE;
    this.byRow = new Map((body.match_choices ?? []).map((c) => [c.row, c.choice]));
  }

  of(dataRow: number): BulkMatchChoice {
    return this.byRow.get(dataRow) ?? this.fallback;
  }

  /** The default choice (rows without an override). */
  get default(): BulkMatchChoice {
    return this.fallback;
  }

  /** The per-row overrides, by data row. */
  get overrides(): ReadonlyMap<number, BulkMatchChoice> {
    return this.byRow;
  }
}

type Difference = NonNullable<BulkValidEntry['catalog_match']>['differences'][number];

/** Two figures equal at the precision the import keeps (0.1 kg, 1 mm; prices to the dollar). */
const same = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.05, Math.abs(b) * 1e-6);

/**
 * Each specification the row gives that the catalog model holds otherwise (a value the row
 * leaves empty is no difference). Prices are not compared: a file's price is what the
 * importer pays or asks (a supplier's becomes their offer), not a fact about the model.
 */
export function differencesOf(row: ValidRow, model: CatalogModelMatch): Difference[] {
  const out: Difference[] = [];
  const compare = (field: string, label: string, file: number | null | undefined, catalog: number | null) => {
    if (file === null || file === undefined) return;
    if (catalog === null || !same(file, catalog)) out.push({ field, label, catalog, file });
  };
  compare('payload_kg', 'Payload (kg)', row.payload_kg, model.payloadKg);
  compare('reach_mm', 'Reach (mm)', row.reach_mm, model.reachMm);
  compare('dof', 'Axes', row.dof, model.dof);
  compare('repeatability_mm', 'Repeatability (mm)', row.fields.repeatability_mm, model.repeatabilityMm);
  compare('weight_kg', 'Weight (kg)', row.fields.weight_kg, model.weightKg);
  return out;
}

/** What the validate step shows for a matched row. */
export function catalogMatchOf(row: ValidRow, model: CatalogModelMatch, choice: BulkMatchChoice): NonNullable<BulkValidEntry['catalog_match']> {
  return { robot_id: model.id, manufacturer: model.manufacturer, model: model.model, differences: differencesOf(row, model), choice };
}
