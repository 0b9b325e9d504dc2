import { describe, expect, it } from 'vitest';
import { inferCategory } from './category';
import { robotKeyVariants } from '@cellforge/db';
import { keyVariantsOf } from './robot-import-stage';

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
