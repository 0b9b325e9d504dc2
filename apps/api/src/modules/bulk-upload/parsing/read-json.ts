import { BULK_MAX_WORKBOOK_ROWS } from '@cellforge/contracts';
import { AppError } from '../../../lib/errors';
import { assertHasData, assertStorableText, cleanCell, forbiddenKeys, type Cell, type ParsedTable } from './table';
import { decodeText } from './text-decode';
import type { ParsedUpload } from './upload-table';

/* JSON: an array of objects (or an object holding one), read whole. */

export function parseJson(buffer: Buffer): ParsedUpload {
  const decoded = decodeText(buffer, '.json');
  let value: unknown;
  try {
    // The reviver drops __proto__/constructor/prototype at every depth: they never become keys.
    value = JSON.parse(decoded.text, (key, v: unknown) => (forbiddenKeys.has(key) ? undefined : v));
  } catch (err) {
    throw new AppError('BAD_REQUEST', `The JSON file is not valid JSON: ${(err as Error).message}`);
  }
  let list: unknown = value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const data = (value as Record<string, unknown>).data;
    if (!Array.isArray(data)) {
      throw new AppError('BAD_REQUEST', 'The JSON file must hold an array of robots ([{...}, ...]) or an object with a "data" array.');
    }
    list = data;
  }
  if (!Array.isArray(list)) {
    throw new AppError('BAD_REQUEST', 'The JSON file must hold an array of robots ([{...}, ...]) or an object with a "data" array.');
  }
  if (list.length > BULK_MAX_WORKBOOK_ROWS) {
    throw new AppError('BAD_REQUEST', `The file has more than ${BULK_MAX_WORKBOOK_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`);
  }
  const table = tableFromObjects(list, 'JSON file');
  if (!table.columns.length) throw new AppError('BAD_REQUEST', 'The JSON file holds no robots (an empty array or only empty objects).');
  assertHasData(table, 'JSON file');
  return { ...table, meta: { format: 'json', encoding: decoded.encoding, decimalHint: null, headerRow: 1 } };
}

/**
 * Rows given as objects (a JSON file, or the `data` form of validate/import): columns
 * are the keys in first-seen order, forbidden keys skipped; nested values become JSON
 * text; empty rows are skipped. Rows are arrays, so no key ever lands on an object.
 */
export function tableFromObjects(list: readonly unknown[], what: string): ParsedTable {
  const index = new Map<string, number>();
  const columns: string[] = [];
  const rows: Cell[][] = [];
  const warnings: string[] = [];
  let nested = false;
  list.forEach((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new AppError('BAD_REQUEST', `Row ${i + 1} of the ${what} is not an object: every row must look like {"manufacturer": "...", ...}.`);
    }
    const row: Cell[] = new Array<Cell>(columns.length).fill(null);
    let any = false;
    for (const rawKey of Object.keys(item)) {
      assertStorableText(rawKey, `the name of a column in row ${i + 1}`, what);
      const key = rawKey.trim();
      if (!key || forbiddenKeys.has(key) || forbiddenKeys.has(rawKey)) continue;
      let col = index.get(key);
      if (col === undefined) {
        col = columns.length;
        index.set(key, col);
        columns.push(key);
      }
      let v = (item as Record<string, unknown>)[rawKey];
      assertStorableText(v, `row ${i + 1}, column "${key}"`, what);
      if (v !== null && typeof v === 'object') {
        nested = true;
        v = JSON.stringify(v);
      }
      const cell = cleanCell(v === undefined ? null : (v as Cell));
      row[col] = cell;
      if (cell !== null) any = true;
    }
    if (any) rows.push(row);
  });
  if (nested) warnings.push('Some values were lists or objects; they are read as text.');
  for (const row of rows) while (row.length < columns.length) row.push(null);
  return { columns, rows, headerRow: 1, warnings };
}
