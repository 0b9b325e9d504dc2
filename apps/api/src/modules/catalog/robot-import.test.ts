import { describe, expect, it } from 'vitest';
import { inferCategory } from './category';
import { planRobotImport, type ExistingImportTarget } from './robot-import';
import { nth } from '../../test/defined';

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

describe('planRobotImport', () => {
  const existing: ExistingImportTarget = {
    id: 'r1', key: 'abb|irb6700', manufacturer: 'ABB', model: 'IRB 6700', category: 'articulated', payloadKg: 200, reachMm: 2600, dof: 6,
    repeatabilityMm: null, weightKg: null, priceMinUsd: null, priceMaxUsd: null, applications: [], industries: [], description: '',
    datasheetSource: 'Bulk upload', ipRating: 54, cleanroomIsoClass: null, foodGrade: null, mounting: null, maxSpeedMmS: null,
    environmentSource: 'ABB datasheet', makerCountry: 'CH',
  };

  it('writes the fields a row gives, stamps environment_source, and keeps what it does not give', () => {
    const plan = planRobotImport(
      [
        {
          key: 'acme|a1', manufacturer: 'Acme', model: 'A1', payload_kg: 10, reach_mm: 1000, dof: 6,
          fields: { category: 'collaborative', ip_rating: 67, food_grade: true, mounting: ['floor', 'ceiling'], maker_country: 'DE', applications: ['spot-welding'] },
        },
        { key: 'abb|irb6700', manufacturer: 'ABB', model: 'IRB 6700', payload_kg: 200, reach_mm: 2600, dof: 6, fields: { cleanroom_iso_class: 5 } },
        { key: 'abb|irb6700', manufacturer: 'ABB', model: 'IRB 6700', payload_kg: 200, reach_mm: 2600, dof: 6, fields: { ip_rating: 54 } },
      ],
      [existing],
      6,
      'Bulk upload: robots.csv',
    );
    expect(plan.inserts).toHaveLength(1);
    expect(plan.inserts[0]).toMatchObject({
      category: 'collaborative', ip_rating: 67, food_grade: true, mounting: ['floor', 'ceiling'], maker_country: 'DE',
      environment_source: 'Bulk upload: robots.csv', cleanroom_iso_class: null, applications: ['spot-welding'], weight_kg: null,
    });
    expect(nth(plan.inserts, 0).search_text).toContain('spot welding');
    // The cleanroom class is new: an update; null columns keep the robot's values (the SQL coalesces).
    expect(plan.updates).toHaveLength(1);
    expect(plan.updates[0]).toMatchObject({ id: 'r1', cleanroom_iso_class: 5, ip_rating: null, category: 'articulated', maker_country: 'CH', environment_source: 'Bulk upload: robots.csv' });
    // The same IP rating as held: unchanged.
    expect(plan.unchanged).toBe(1);
  });

  it('inserts unknown keys with an inferred category and the assumed axes', () => {
    const plan = planRobotImport(
      [
        { key: 'epson|t6', manufacturer: 'Epson', model: 'T6', payload_kg: 6, reach_mm: 600, dof: 4 },
        { key: 'abb|irb1200', manufacturer: 'ABB', model: 'IRB 1200', payload_kg: 7, reach_mm: 900, dof: null },
      ],
      [],
      6,
    );
    expect(plan.updates).toEqual([]);
    expect(plan.unchanged).toBe(0);
    expect(plan.inserts).toHaveLength(2);
    expect(plan.inserts[0]).toMatchObject({ manufacturer: 'Epson', model: 'T6', category: 'scara', dof: 4, payload_kg: 6, reach_mm: 600 });
    expect(plan.inserts[1]).toMatchObject({ model: 'IRB 1200', category: 'articulated', dof: 6 });
    expect(nth(plan.inserts, 0).normalized_key).toBeTruthy();
  });

  it('leaves identical rows alone and keeps the stored axes when the file has none', () => {
    const plan = planRobotImport([{ key: existing.key, manufacturer: 'ABB', model: 'IRB 6700', payload_kg: 200, reach_mm: 2600, dof: null }], [existing], 6);
    expect(plan).toEqual({ inserts: [], updates: [], unchanged: 1 });
  });

  it('updates a changed figure or spelling of an existing key, keeping its category when the file gives none', () => {
    const plan = planRobotImport(
      [{ key: existing.key, manufacturer: 'abb', model: 'IRB 6700', payload_kg: 235, reach_mm: 2600, dof: 6 }],
      [existing],
      6,
    );
    expect(plan.inserts).toEqual([]);
    expect(plan.updates).toHaveLength(1);
    expect(plan.updates[0]).toMatchObject({ id: 'r1', manufacturer: 'abb', payload_kg: 235, dof: 6 });
    expect(plan.updates[0]?.category).toBe('articulated');
  });
});
