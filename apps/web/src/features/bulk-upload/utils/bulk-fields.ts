import { BULK_REQUIRED_FIELDS, BULK_UPLOAD_ACCEPT, bulkTargetFields, type BulkMappings, type BulkTargetField, type BulkUnit } from '@cellforge/contracts';

export const BULK_STEPS = ['Choose a file', 'Map fields', 'Validate & preview'] as const;

export const TARGET_LABELS: Record<BulkTargetField, string> = {
  manufacturer: 'Manufacturer',
  model: 'Model',
  payload_kg: 'Payload (kg)',
  reach_mm: 'Reach (mm)',
  dof: 'DOF (axes)',
};
export const TARGET_OPTIONS = bulkTargetFields.map((field) => ({ value: field, label: TARGET_LABELS[field] }));

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

