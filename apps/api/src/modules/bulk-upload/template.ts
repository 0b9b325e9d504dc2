import * as XLSX from 'xlsx';
import { bulkFieldInfo, bulkTargetFields, BULK_REQUIRED_FIELDS } from '@cellforge/contracts';
import { csvDocument, csvLines } from './errors-csv';

/**
 * The import template (issue 14): every mappable field as a header, spelled as the
 * wizard labels it (header auto-detection maps each to its field), and one example row.
 * The XLSX has a second sheet "Fields" describing each column and its allowed values.
 */
export function templateHeaders(): string[] {
  return bulkTargetFields.map((f) => bulkFieldInfo[f].label);
}

function exampleRow(): string[] {
  return bulkTargetFields.map((f) => bulkFieldInfo[f].example);
}

export function templateCsv(): string {
  return csvDocument([csvLines([templateHeaders(), exampleRow()])]);
}

export function templateXlsx(): Buffer {
  const wb = XLSX.utils.book_new();
  const robots = XLSX.utils.aoa_to_sheet([templateHeaders(), exampleRow()]);
  robots['!cols'] = bulkTargetFields.map((f) => ({ wch: Math.max(12, bulkFieldInfo[f].label.length + 2) }));
  XLSX.utils.book_append_sheet(wb, robots, 'Robots');
  const required = new Set<string>(BULK_REQUIRED_FIELDS);
  const fields = XLSX.utils.aoa_to_sheet([
    ['Column', 'Field', 'Required', 'Description', 'Allowed values', 'Example'],
    ...bulkTargetFields.map((f) => {
      const info = bulkFieldInfo[f];
      return [info.label, f, required.has(f) ? 'yes' : 'no', info.description, info.allowed ?? '', info.example];
    }),
  ]);
  fields['!cols'] = [{ wch: 20 }, { wch: 20 }, { wch: 9 }, { wch: 80 }, { wch: 50 }, { wch: 30 }];
  XLSX.utils.book_append_sheet(wb, fields, 'Fields');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
