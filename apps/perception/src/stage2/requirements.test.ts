import { describe, expect, it } from 'vitest';
import { deriveTaskRequirements, isPlanarTask, requiredReachMm } from './requirements';

describe('requiredReachMm', () => {
  it('is half the work-area diagonal plus 150 mm', () => {
    // 1200 x 800: diagonal 1442.2 mm, half 721.1, + 150 = 871.1 -> 872
    expect(requiredReachMm([1200, 800, 900])).toBe(872);
    expect(requiredReachMm([600, 800])).toBe(650);
  });
  it('is unknown without length and width', () => {
    expect(requiredReachMm(null)).toBeNull();
    expect(requiredReachMm([1200])).toBeNull();
  });
});

describe('deriveTaskRequirements', () => {
  const payloads = [
    { name: 'Gearbox', weight_kg: 10, dimensions_mm: null },
    { name: 'Cover plate', weight_kg: 2, dimensions_mm: null },
  ];
  const workstations = [
    { name: 'Press', dimensions_mm: [600, 800] },
    { name: 'Assembly bench', dimensions_mm: [1200, 800, 900] },
  ];

  it('uses every payload and workstation when the task names none (the heaviest, the largest)', () => {
    expect(deriveTaskRequirements({ activity_name: 'Activity 1', description: 'Repeats every 4.0 s', cycle_time_s: 4 }, payloads, workstations)).toEqual({
      task_name: 'Activity 1',
      heaviest_payload_kg: 10,
      payload_kg: 12,
      payloads: ['Gearbox', 'Cover plate'],
      reach_mm: 872,
      workstations: ['Press', 'Assembly bench'],
      planar: false,
      min_axes: 6,
      cycle_time_s: 4,
      cycle_confidence: null,
      cycle_unchecked: null,
    });
  });

  it('uses only the payloads and workstations the task names', () => {
    const req = deriveTaskRequirements({ activity_name: 'Place cover plate at the press', description: '' }, payloads, workstations);
    expect(req).toMatchObject({ heaviest_payload_kg: 2, payload_kg: 2.4, payloads: ['Cover plate'], reach_mm: 650, workstations: ['Press'] });
  });

  it('needs 4 axes for a planar task and leaves unknowns null', () => {
    const req = deriveTaskRequirements({ activity_name: 'Sort parts', description: 'Planar pick-and-place' }, [{ name: 'Part', weight_kg: null }], []);
    expect(req).toMatchObject({ planar: true, min_axes: 4, payload_kg: null, reach_mm: null, cycle_time_s: null });
    expect(isPlanarTask({ activity_name: 'x', description: '', planar: true })).toBe(true);
    expect(isPlanarTask({ activity_name: 'Explanar', description: '' })).toBe(false);
  });
});
