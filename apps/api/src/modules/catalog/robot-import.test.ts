import { describe, expect, it } from 'vitest';
import { inferCategory } from './category';
import { robotKeyVariants, robotSearchColumns } from '@cellforge/db';
import { keyVariantsOf, stagedSearchColumns } from './robot-import-stage';

describe('inferCategory', () => {
  it('derives a category from what a row gives', () => {
    expect(inferCategory({ manufacturer: 'FANUC', model: 'M-2000iA/2300', payload_kg: 2300, reach_mm: 3734, dof: 6 })).toBe('heavy-payload');
    expect(inferCategory({ manufacturer: 'Universal Robots', model: 'UR10e', payload_kg: 12.5, reach_mm: 1300, dof: 6 })).toBe('collaborative');
    expect(inferCategory({ manufacturer: 'FANUC', model: 'CRX-10iA', payload_kg: 10, reach_mm: 1249, dof: 6 })).toBe('collaborative');
    expect(inferCategory({ manufacturer: 'Epson', model: 'T6', payload_kg: 6, reach_mm: 600, dof: 4 })).toBe('scara');
    expect(inferCategory({ manufacturer: 'KUKA', model: 'KR 180 PA', payload_kg: 180, reach_mm: 3195, dof: 4 })).toBe('palletizing');
    expect(inferCategory({ manufacturer: 'ABB', model: 'IRB 6700', payload_kg: 200, reach_mm: 2600, dof: 6 })).toBe('articulated');
    expect(inferCategory({ manufacturer: 'ABB', model: 'IRB 360 FlexPicker', payload_kg: 3, reach_mm: 800, dof: 4 })).toBe('delta');
  });
});

describe('keyVariantsOf (the staged rows\' catalog keys, the maker\'s part kept per maker)', () => {
  it('gives exactly robotKeyVariants for makers with aliases, short names, accents and none, asked twice', () => {
    const rows: Array<[string, string]> = [
      ['Universal Robots', 'UR 10e'], ['UR', 'UR5e'], ['Motoman', 'GP25'], ['Yaskawa', 'GP-25'], ['Kawasaki Robotics', 'RS007L'],
      ['Nachi-Fujikoshi', 'MZ07'], ['Stäubli', 'TX2-60'], ['Denso Wave', 'VS-087'], ['ABB', 'IRB 6700-200/2.60'], ['', 'X1'], ['Omron Adept', 'Viper 650'],
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const [maker, model] of rows) expect(keyVariantsOf(maker, model)).toEqual(robotKeyVariants(maker, model));
    }
    expect(keyVariantsOf('UR', 'UR 10e')).toEqual(['ur|ur10e', 'universalrobots|ur10e', 'universal|ur10e']);
  });
});

describe('stagedSearchColumns (a kept row\'s search columns, the maker\'s part kept per maker, the model folded once)', () => {
  it('gives exactly robotSearchColumns and robotKeyVariants for messy makers, models, categories and lists, asked twice', () => {
    const rows: Array<{ manufacturer: string; model: string; category?: string | null; applications?: string[]; industries?: string[] }> = [
      { manufacturer: 'Universal Robots', model: 'UR 10e', category: 'collaborative' },
      { manufacturer: 'UR', model: 'UR5e', applications: ['pick-and-place', 'Machine Tending'], industries: ['Food & Beverage', 'food'] },
      { manufacturer: 'Stäubli', model: 'TX2-60 Stericlean', category: 'articulated', applications: ['Cleanroom-handling'] },
      { manufacturer: 'Yaskawa', model: 'Motoman GP25', category: 'Articulated' },
      { manufacturer: 'ABB', model: 'IRB 6700-200/2.60', category: null },
      { manufacturer: 'FANUC', model: 'M-2000iA/2300\u00a0 Super\theavy', category: 'heavy-payload' },
      { manufacturer: '  Kawasaki   Robotics ', model: ' rs007l ', category: 'articulated', industries: ['automotive', 'Automotive'] },
      { manufacturer: 'Nachi-Fujikoshi', model: 'MZ07 (ﬁ ligature ½)', category: 'scara' },
      { manufacturer: 'Omron Adept', model: 'Viper 650 viper', applications: [] },
      { manufacturer: '', model: 'X1' },
      { manufacturer: 'Ünbekannt GmbH', model: 'Ä-Ö 12', category: 'delta', applications: ['Ölen'] },
      { manufacturer: 'abb abb', model: 'abb IRB', category: 'abb' },
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const row of rows) {
        const expected = robotSearchColumns(row);
        const got = stagedSearchColumns(row);
        expect({ searchText: got.searchText, compactText: got.compactText, makerCountry: got.makerCountry }, JSON.stringify(row)).toEqual({
          searchText: expected.searchText,
          compactText: expected.compactText,
          makerCountry: expected.makerCountry,
        });
        expect(got.variants).toEqual(robotKeyVariants(row.manufacturer, row.model));
      }
    }
  });
});
