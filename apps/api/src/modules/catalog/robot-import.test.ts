import { describe, expect, it } from 'vitest';
import { inferCategory } from './category';

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
