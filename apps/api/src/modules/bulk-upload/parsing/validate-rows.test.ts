import { describe, expect, it } from 'vitest';
import type { BulkMappings } from '@cellforge/contracts';
import { AppError } from '../../../lib/errors';
import { buildTable, type Cell } from './table';
import { createRowValidator, resolveMappings, validateRows } from './validate-rows';
import { nth } from '../../../test/defined';

const columns = ['Brand', 'Model', 'Payload', 'Reach', 'Axes'];
const mappings: BulkMappings = { Brand: 'manufacturer', Model: 'model', Payload: 'payload_kg', Reach: 'reach_mm', Axes: 'dof' };

/** The outcome without the per-column tags (checked on their own below). */
function run(rows: Cell[][], cols = columns, maps = mappings, decimalHint: 'comma' | 'point' | null = null) {
  const out = validateRows(rows, resolveMappings(cols, maps), { decimalHint });
  return {
    ...out,
    valid: out.valid.map(({ cell_warnings: _w, ...row }) => row),
    errors: out.errors.map(({ cell_errors: _e, cell_warnings: _w, ...row }) => row),
  };
}

function mappingError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected an AppError');
}

describe('resolveMappings', () => {
  it('names unknown columns', () => {
    const err = mappingError(() => resolveMappings(columns, { ...mappings, Colour: null }));
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details).toHaveProperty(['mappings.Colour']);
    expect(err.message).toMatch(/Unknown column "Colour"/);
  });

  it('refuses a target mapped from two columns', () => {
    const err = mappingError(() => resolveMappings([...columns, 'Load'], { ...mappings, Load: 'payload_kg' }));
    expect(err.details?.['mappings.Load']?.[0]).toMatch(/payload_kg is already mapped from the column "Payload"/);
  });

  it('needs manufacturer, model, payload and reach; dof is optional', () => {
    const err = mappingError(() => resolveMappings(columns, { Brand: 'manufacturer', Model: 'model' }));
    expect(Object.keys(err.details ?? {})).toEqual(['payload_kg', 'reach_mm']);
    expect(() => resolveMappings(columns, { ...mappings, Axes: null })).not.toThrow();
  });

  it('refuses a length column mapped to payload', () => {
    const err = mappingError(() => resolveMappings(['Brand', 'Model', 'Reach (mm)', 'Payload'], {
      Brand: 'manufacturer', Model: 'model', 'Reach (mm)': 'payload_kg', Payload: 'reach_mm',
    }));
    expect(err.details?.['mappings.Reach (mm)']?.[0]).toMatch(/not a mass/);
  });
});

describe('validateRows', () => {
  it('tags each message with the column of the cell that causes it, so the grid can mark the cell', () => {
    const out = validateRows(
      [
        ['ABB', 'IRB 1200', 'heavy', '0.9 m', '9'],
        ['ABB', 'IRB 1200', '5', '900', ''],
        ['', 'X', '5', '40 in', '6'],
      ],
      resolveMappings(columns, mappings),
    );
    expect(out.errors.map((e) => ({ row: e.sheet_row, errors: e.cell_errors, warnings: e.cell_warnings }))).toEqual([
      {
        row: 1,
        errors: [
          { column: 'Payload', message: 'payload "heavy" is not a number' },
          { column: 'Axes', message: 'axes (dof) 9 is outside 2 to 8' },
        ],
        warnings: [{ column: 'Reach', message: 'Row 1: reach 0.9 m converted to 900 mm' }],
      },
      { row: 2, errors: [{ column: 'Model', message: 'duplicate of row 1: the same manufacturer and model appear twice in the file' }], warnings: [{ column: 'Axes', message: 'Row 2: axes (dof) not given; 6 is assumed for a new robot' }] },
      { row: 3, errors: [{ column: 'Brand', message: 'manufacturer is missing' }], warnings: [{ column: 'Reach', message: 'Row 3: reach 40 in converted to 1016 mm' }] },
    ]);
  });

  it('accepts a clean row as given, numbered from 1', () => {
    const out = run([['ABB', 'IRB 1200', '5', '900', '6']]);
    expect(out.errors).toEqual([]);
    expect(out.valid).toEqual([
      { row: 1, sheet_row: 1, manufacturer: 'ABB', model: 'IRB 1200', payload_kg: 5, reach_mm: 900, dof: 6, fields: {}, warnings: [], warningKinds: [], key: 'abb|irb1200' },
    ]);
  });

  it('converts units from the header and from cells, with a warning each', () => {
    const out = run(
      [
        ['FANUC', 'M-20iD/25', '44', '71.7', 6],
        ['KUKA', 'KR 6', '20 lb', '1.3 m', 6],
        ['ABB', 'IRB 1200', '5 kg', '850mm', 6],
      ],
      ['Brand', 'Model', 'Payload (lbs)', 'Reach (in)', 'Axes'],
      { Brand: 'manufacturer', Model: 'model', 'Payload (lbs)': 'payload_kg', 'Reach (in)': 'reach_mm', Axes: 'dof' },
    );
    expect(out.valid.map((v) => [v.payload_kg, v.reach_mm])).toEqual([
      [20, 1821],
      [9.1, 1300],
      [5, 850],
    ]);
    expect(nth(out.valid, 0).warnings).toEqual(['Row 1: payload 44 lb converted to 20 kg', 'Row 1: reach 71.7 in converted to 1821 mm']);
    expect(nth(out.valid, 2).warnings).toEqual([]);
    expect(out.warningCount).toBe(2);
  });

  it('reads European decimals where the column makes them unambiguous', () => {
    const out = run([
      ['ABB', 'IRB 6700', '1.300,5', '2.600', 6],
      ['ABB', 'IRB 1200', '5,5', '1.300', 6],
    ]);
    expect(out.valid.map((v) => [v.payload_kg, v.reach_mm])).toEqual([
      [1300.5, 2600],
      [5.5, 1300],
    ]);
    // "1,300" alone: thousands in a comma CSV, 1.3 in a semicolon (European) one.
    expect(nth(run([['ABB', 'X', '1,300', '900', 6]]).valid, 0).payload_kg).toBe(1300);
    expect(nth(run([['ABB', 'X', '1,300', '900', 6]], columns, mappings, 'comma').valid, 0).payload_kg).toBe(1.3);
  });

  it('makes out-of-range values errors and unusual ones warnings', () => {
    const out = run([
      ['A', 'over', '3500', '900', 6],
      ['A', 'zero', '0', '900', 6],
      ['A', 'far', '10', '12000', 6],
      ['A', 'short', '10', '40', 6],
      ['A', 'axes', '10', '900', 9],
      ['A', 'half-axis', '10', '900', '6.5'],
      ['A', 'heavy', '2000', '3000', 6],
      ['A', 'tiny', '1', '120', 4],
      ['A', 'seven', '10', '900', '7 axes'],
      ['A', 'scara', '3', '400', '3'],
    ]);
    expect(out.errors).toEqual([
      { row_index: 1, sheet_row: 1, errors: ['payload 3500 kg is outside the plausible range (more than 0 and at most 3000 kg)'] },
      { row_index: 2, sheet_row: 2, errors: ['payload 0 kg is outside the plausible range (more than 0 and at most 3000 kg)'] },
      { row_index: 3, sheet_row: 3, errors: ['reach 12000 mm is outside the plausible range (50 to 10,000 mm)'] },
      { row_index: 4, sheet_row: 4, errors: [expect.stringMatching(/^reach 40 mm is outside .* is the column in metres\?/)] },
      { row_index: 5, sheet_row: 5, errors: ['axes (dof) 9 is outside 2 to 8'] },
      { row_index: 6, sheet_row: 6, errors: ['axes (dof) 6.5 is not a whole number'] },
    ]);
    expect(out.valid.map((v) => [v.model, v.warnings])).toEqual([
      ['heavy', ['Row 7: payload 2000 kg is unusually high (over 1500 kg); please check it']],
      ['tiny', ['Row 8: reach 120 mm is unusually short (under 150 mm); please check it']],
      ['seven', ['Row 9: 7 axes is unusual for an industrial robot; please check it']],
      ['scara', ['Row 10: 3 axes is unusual for an industrial robot; please check it']],
    ]);
  });

  it('requires manufacturer, model, payload and reach; missing dof is a warning', () => {
    const out = run([
      ['', 'IRB 1200', '5', '900', 6],
      ['ABB', '  ', '5', '900', 6],
      ['ABB', 'IRB 2', '', '900', 6],
      ['ABB', 'IRB 3', 'heavy', 'n/a', 6],
      ['ABB', 'IRB 4', '5 stone', '900', 6],
      ['ABB', 'IRB 5', '5', '900', ''],
      ['ABB', 'IRB 6', '2 m', '900', 6],
    ]);
    expect(out.errors).toEqual([
      { row_index: 1, sheet_row: 1, errors: ['manufacturer is missing'] },
      { row_index: 2, sheet_row: 2, errors: ['model is missing'] },
      { row_index: 3, sheet_row: 3, errors: ['payload is missing'] },
      { row_index: 4, sheet_row: 4, errors: ['payload "heavy" is not a number', 'reach is missing'] },
      { row_index: 5, sheet_row: 5, errors: ['payload "5 stone" has a unit we do not know (use kg, lb, g or t)'] },
      { row_index: 7, sheet_row: 7, errors: ['payload "2 m" is a length, not a mass'] },
    ]);
    expect(out.valid).toEqual([
      expect.objectContaining({ row: 6, dof: null, warnings: ['Row 6: axes (dof) not given; 6 is assumed for a new robot'] }),
    ]);
  });

  it('flags duplicates inside the file on the later rows, naming the first', () => {
    const out = run([
      ['Universal Robots', 'UR10e', 12.5, 1300, 6],
      ['ABB', 'IRB 1200', 5, 900, 6],
      ['universal robots', 'UR 10e', 12.5, 1300, 6],
      ['Universal-Robots', 'ur-10-e', 12.5, 1300, 6],
    ]);
    expect(out.valid.map((v) => v.row)).toEqual([1, 2]);
    expect(out.errors).toEqual([
      { row_index: 3, sheet_row: 3, errors: ['duplicate of row 1: the same manufacturer and model appear twice in the file'] },
      { row_index: 4, sheet_row: 4, errors: ['duplicate of row 1: the same manufacturer and model appear twice in the file'] },
    ]);
  });

  it('names rows as the spreadsheet shows them: title, header and blank rows counted', () => {
    // A title on row 1, the header on row 3, data on rows 4-5, a blank row 6, data on 7.
    const table = buildTable(
      [
        ['Robot inventory 2024'],
        [],
        ['Brand', 'Model', 'Payload (lbs)', 'Reach', 'Axes'],
        ['ABB', 'IRB 1200', '11', '900', 6],
        ['ABB', 'IRB 1200', '11', '900', 6],
        [],
        ['KUKA', 'KR 6', '13.2', '900', ''],
      ],
      'sheet',
    );
    expect(table.sheetRows).toEqual([0, 4, 2, 7]);
    const out = validateRows(table.rows, resolveMappings(table.columns, { Brand: 'manufacturer', Model: 'model', 'Payload (lbs)': 'payload_kg', Reach: 'reach_mm', Axes: 'dof' }), { sheetRows: table.sheetRows });
    expect(out.errors).toMatchObject([{ row_index: 2, sheet_row: 5, errors: ['duplicate of row 4: the same manufacturer and model appear twice in the file'] }]);
    expect(out.valid.map((v) => [v.row, v.sheet_row, v.warnings])).toEqual([
      [1, 4, ['Row 4: payload 11 lb converted to 5 kg']],
      [3, 7, ['Row 7: payload 13.2 lb converted to 6 kg', 'Row 7: axes (dof) not given; 6 is assumed for a new robot']],
    ]);
    expect(out.valid.map((v) => v.warningKinds)).toEqual([['payload converted from lb to kg'], ['payload converted from lb to kg', 'axes (dof) not given: 6 assumed']]);
  });

  it('keeps formula text as text (never evaluated)', () => {
    const out = run([['ABB', '=1+1', 5, 900, 6]]);
    expect(nth(out.valid, 0).model).toBe('=1+1');
  });
});

describe('rows longer than the header (a CSV value with an unquoted delimiter)', () => {
  const cols = [...columns, 'Column 6'];
  const validator = () => createRowValidator(resolveMappings(cols, mappings), { votes: [], hint: null }, { spillFrom: 5, delimiter: ';', sheetRows: [0, 2] });

  it('refuses the shifted row with one message naming the cell count and the delimiter, not its shifted values', () => {
    const result = validator().check(['Zeta Robotics', 'ZR-9', ' 2nd gen', '9', '900', '6'], 2);
    expect('error' in result && result.error).toMatchObject({
      row_index: 2,
      sheet_row: 3,
      errors: [expect.stringMatching(/^the row has 6 cells, more cells than the header has columns \(5\): a value probably holds a semicolon without quotes/)],
    });
  });

  it('reads the row once the extra cell is emptied (fixed in the grid), and rows within the header as usual', () => {
    const v = validator();
    expect(v.check(['Zeta Robotics', 'ZR-12', '12', '1300', '6', null], 1)).toHaveProperty('valid.model', 'ZR-12');
    expect(v.check(['Zeta Robotics', 'ZR-9, 2nd gen', '9', '900', '6', ''], 2)).toHaveProperty('valid.model', 'ZR-9, 2nd gen');
  });
});
