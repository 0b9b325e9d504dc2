import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { buildTable, findHeaderRow, isTextCell, type Cell } from './table';

const header = ['Manufacturer', 'Model', 'Payload', 'Reach', 'Axes'];
const data: Cell[][] = [
  ['ABB', 'IRB 1200', 5, 900, 6],
  ['FANUC', 'M-20iD/25', 25, 1831, 6],
  ['KUKA', 'KR 6 R900', 6, 901, 6],
];

describe('isTextCell', () => {
  it('tells header words from numbers, measurements and dates', () => {
    expect(isTextCell('Payload (kg)')).toBe(true);
    expect(isTextCell('IRB 1200')).toBe(true);
    expect(isTextCell('12,5')).toBe(false);
    expect(isTextCell('20 lb')).toBe(false);
    expect(isTextCell('2024-03-15')).toBe(false);
    expect(isTextCell(12)).toBe(false);
  });
});

describe('findHeaderRow', () => {
  it('is the first row when there are no title rows', () => {
    expect(findHeaderRow([header, ...data])).toBe(0);
  });

  it('skips one or more title rows and blank rows', () => {
    expect(findHeaderRow([['Robot inventory 2024'], [], header, ...data])).toBe(2);
    expect(findHeaderRow([['ACME Integration GmbH'], ['Exported', '2024-05-01'], [null, null], header, ...data])).toBe(3);
  });

  it('skips a two-cell title over a three-column table', () => {
    const grid: Cell[][] = [['Robot list', 'Q3'], ['Brand', 'Model', 'Payload'], ['ABB', 'IRB 1200', 5]];
    expect(findHeaderRow(grid)).toBe(1);
  });

  it('accepts a header with a blank column name over wide data', () => {
    const grid: Cell[][] = [['', 'Brand', 'Model', 'Payload', 'Reach', 'Axes'], [1, 'ABB', 'IRB 1200', 5, 900, 6], [2, 'KUKA', 'KR 6', 6, 901, 6]];
    expect(findHeaderRow(grid)).toBe(0);
  });

  it('finds the header of a header-only sheet', () => {
    expect(findHeaderRow([['Robots'], header])).toBe(1);
  });

  it('is -1 for an empty grid', () => {
    expect(findHeaderRow([[], [null, '']])).toBe(-1);
  });
});

describe('buildTable', () => {
  it('names blank headers, de-duplicates names, drops empty and reserved columns, skips blank rows', () => {
    const grid: Cell[][] = [
      ['Title of the sheet'],
      ['Brand', 'Model', '', 'Payload', 'Payload', '__proto__', 'constructor', ''],
      ['ABB', 'IRB 1200', 'x', 5, 7, 'evil', 'evil', null],
      [null, '', null],
      ['KUKA', 'KR 6', null, 6, 8, null, null, null],
    ];
    const table = buildTable(grid, 'sheet');
    expect(table.columns).toEqual(['Brand', 'Model', 'Column 3', 'Payload', 'Payload (2)']);
    expect(table.rows).toEqual([
      ['ABB', 'IRB 1200', 'x', 5, 7],
      ['KUKA', 'KR 6', null, 6, 8],
    ]);
    expect(table.headerRow).toBe(2);
    expect(table.warnings.join(' ')).toMatch(/title row/);
    expect(table.warnings.join(' ')).toMatch(/"__proto__"/);
  });

  it('merges a units row under the header into the column names', () => {
    const table = buildTable([['Brand', 'Model', 'Payload', 'Reach'], ['', '', '(lbs)', 'in'], ['ABB', 'IRB 1200', 11, 35]], 'sheet');
    expect(table.columns).toEqual(['Brand', 'Model', 'Payload (lbs)', 'Reach (in)']);
    expect(table.rows).toEqual([['ABB', 'IRB 1200', 11, 35]]);
  });

  it('refuses an empty grid', () => {
    expect(() => buildTable([], 'CSV file')).toThrow(AppError);
  });
});

describe('findHeaderRow with an index column', () => {
  it('accepts a blank-named index column over a narrow table', () => {
    const grid: Cell[][] = [['', 'Brand', 'Model'], [1, 'ABB', 'IRB 1200'], [2, 'KUKA', 'KR 6']];
    expect(findHeaderRow(grid)).toBe(0);
  });
});
