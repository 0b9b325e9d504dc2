import {
  BULK_REQUIRED_FIELDS,
  BULK_UPLOAD_ACCEPT,
  bulkFieldInfo,
  bulkTargetFields,
  bulkTargetFieldsFor,
  type BulkMappings,
  type BulkSavedMapping,
  type BulkTargetField,
  type BulkUnit,
} from '@cellforge/contracts';

export const BULK_STEPS = ['Choose a file', 'Map fields', 'Validate & preview'] as const;

/** The wizard's names of the fields: the template's headers (contracts' bulkFieldInfo), "DOF (axes)" for the axes. */
export const TARGET_LABELS = Object.fromEntries(
  bulkTargetFields.map((field) => [field, field === 'dof' ? 'DOF (axes)' : bulkFieldInfo[field].label]),
) as Record<BulkTargetField, string>;

/** Fields whose column may carry a unit (mass or length): the mapping step shows it. */
export const QUANTITY_FIELDS: ReadonlySet<BulkTargetField> = new Set(['payload_kg', 'reach_mm', 'weight_kg', 'repeatability_mm']);
export const TARGET_OPTIONS = bulkTargetFields.map((field) => ({ value: field, label: TARGET_LABELS[field] }));
/** The fields an importer may map: a supplier's rows are offers, so they also carry the offer's terms (currency, condition, lead time, quantity). */
export function targetOptionsFor(supplier: boolean) {
  const fields = bulkTargetFieldsFor(supplier ? 'supplier' : 'integrator');
  return TARGET_OPTIONS.filter((option) => fields.includes(option.value)).map((option) =>
    // A supplier's price is the offer's, in the row's currency (USD when none is given).
    supplier && option.value === 'price_usd' ? { ...option, label: 'Price (in the row’s currency)' } : option,
  );
}

export const UNIT_LABELS: Record<BulkUnit, string> = {
  kg: 'kilograms',
  g: 'grams',
  lb: 'pounds',
  t: 'tonnes',
  mm: 'millimetres',
  cm: 'centimetres',
  m: 'metres',
  in: 'inches',
  ft: 'feet',
};

export const ACCEPT_ATTRIBUTE = BULK_UPLOAD_ACCEPT.join(',');

export function hasBulkExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return BULK_UPLOAD_ACCEPT.some((extension) => lower.endsWith(extension));
}

/** Maps `column` to `target`; a target already used by another column moves (each target at most once). */
export function assignTarget(mappings: BulkMappings, column: string, target: BulkTargetField | null): BulkMappings {
  const next: BulkMappings = { ...mappings };
  if (target) {
    for (const [other, value] of Object.entries(next)) if (other !== column && value === target) next[other] = null;
  }
  next[column] = target;
  return next;
}

/** Every detected column gets an entry (null = ignored), pre-filled from suggested_mappings. */
export function initialMappings(columns: readonly string[], suggested: BulkMappings): BulkMappings {
  return columns.reduce<BulkMappings>((all, column) => assignTarget(all, column, suggested[column] ?? null), {});
}

export function missingRequired(mappings: BulkMappings): BulkTargetField[] {
  const mapped = new Set(Object.values(mappings));
  return BULK_REQUIRED_FIELDS.filter((field) => !mapped.has(field));
}


/** A header as saved mappings compare it (the server's signatureHeader): case and accents folded, spaces collapsed. */
export function foldHeader(header: string): string {
  return header.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * A saved mapping applied to this file's columns, matched by folded header; columns it
 * does not name are ignored. `matched` counts the columns it placed.
 */
export function applySavedMapping(columns: readonly string[], saved: Pick<BulkSavedMapping, 'mappings'>): { mappings: BulkMappings; matched: number } {
  const byHeader = new Map(Object.entries(saved.mappings).map(([column, target]) => [foldHeader(column), target]));
  let matched = 0;
  const mappings = columns.reduce<BulkMappings>((all, column) => {
    const target = byHeader.get(foldHeader(column)) ?? null;
    if (target) matched += 1;
    return assignTarget(all, column, target);
  }, {});
  return { mappings, matched };
}
