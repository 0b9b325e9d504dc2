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

describe('deriveTaskRequirements with what the integrator states (the project requirements, issue 16)', () => {
  const payloads = [{ name: 'Gearbox', weight_kg: 10, dimensions_mm: null }];
  const bench = [{ name: 'Assembly bench', dimensions_mm: [1200, 800, 900] }];

  it('needs the stated reach when no workstation is known, and the larger of the two otherwise', () => {
    expect(deriveTaskRequirements({ activity_name: 'Pick', description: '' }, payloads, [], { required_reach_mm: 1400 }).reach_mm).toBe(1400);
    expect(deriveTaskRequirements({ activity_name: 'Pick', description: '' }, payloads, bench, { required_reach_mm: 700 }).reach_mm).toBe(872);
    expect(deriveTaskRequirements({ activity_name: 'Pick', description: '' }, payloads, bench, { required_reach_mm: 1400 }).reach_mm).toBe(1400);
  });

  it('holds robots to the stated cycle target instead of a low-confidence measurement, and checks it', () => {
    const measured = { activity_name: 'Pick', description: '', cycle_time_s: 7.5, cycle_confidence: 0.3 };
    const unstated = deriveTaskRequirements(measured, payloads, bench);
    expect(unstated.cycle_unchecked).toMatch(/low confidence/);
    const stated = deriveTaskRequirements(measured, payloads, bench, { target_cycle_time_s: 6 });
    expect(stated).toMatchObject({ cycle_time_s: 6, cycle_confidence: null, cycle_unchecked: null });
  });
});
