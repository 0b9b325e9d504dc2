import * as XLSX from 'xlsx';
import { bulkFieldInfo, bulkTargetFieldsFor, BULK_REQUIRED_FIELDS } from '@cellforge/contracts';
import { csvDocument, csvLines } from './errors-csv';

/**
 * The import template (issue 14): every mappable field as a header, spelled as the
 * wizard labels it (header auto-detection maps each to its field), and one example row.
 * The XLSX has a second sheet "Fields" describing each column and its allowed values.
 * A supplier's template adds the offer's terms (currency, condition, lead time, quantity).
 */
type Role = 'integrator' | 'supplier';

export function templateHeaders(role: Role = 'integrator'): string[] {
  return bulkTargetFieldsFor(role).map((f) => bulkFieldInfo[f].label);
}

function exampleRow(role: Role): string[] {
  return bulkTargetFieldsFor(role).map((f) => bulkFieldInfo[f].example);
}

export function templateCsv(role: Role = 'integrator'): string {
  return csvDocument([csvLines([templateHeaders(role), exampleRow(role)])]);
}

export function templateXlsx(role: Role = 'integrator'): Buffer {
  const fieldsOf = bulkTargetFieldsFor(role);
  const wb = XLSX.utils.book_new();
  const robots = XLSX.utils.aoa_to_sheet([templateHeaders(role), exampleRow(role)]);
  robots['!cols'] = fieldsOf.map((f) => ({ wch: Math.max(12, bulkFieldInfo[f].label.length + 2) }));
  XLSX.utils.book_append_sheet(wb, robots, 'Robots');
  const required = new Set<string>(BULK_REQUIRED_FIELDS);
  const fields = XLSX.utils.aoa_to_sheet([
    ['Column', 'Field', 'Required', 'Description', 'Allowed values', 'Example'],
    ...fieldsOf.map((f) => {
      const info = bulkFieldInfo[f];
      return [info.label, f, required.has(f) ? 'yes' : 'no', info.description, info.allowed ?? '', info.example];
    }),
  ]);
  fields['!cols'] = [{ wch: 20 }, { wch: 20 }, { wch: 9 }, { wch: 80 }, { wch: 50 }, { wch: 30 }];
  XLSX.utils.book_append_sheet(wb, fields, 'Fields');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
