import { describe, expect, it } from 'vitest';
import { mergeConfirmedData, type StoredStage1 } from './confirm';

const stage1: StoredStage1 = {
  project_id: 'p1',
  extracted_activities: [
    { activity_name: 'Activity 1, 0:00-0:03, low motion', description: 'd1', start_s: 0, end_s: 3, duration_s: 3, key_frame: 'p1/j1/frames/1.jpg', cycle_time_s: null },
    { activity_name: 'Activity 2, 0:03-0:15, high motion', description: 'd2', start_s: 3, end_s: 15, duration_s: 12, key_frame: 'p1/j1/frames/2.jpg', cycle_time_s: 4 },
  ],
  extracted_payloads: [{ name: 'Box', weight_kg: null, dimensions_mm: null }],
  extracted_workstations: [],
  cycle_time_s: 4,
};

describe('mergeConfirmedData', () => {
  it('keeps stage 1 when nothing was corrected', () => {
    expect(mergeConfirmedData(stage1, undefined)).toBe(stage1);
    expect(mergeConfirmedData(stage1, null)).toBe(stage1);
  });

  it('lets corrections win, replacing lists and keeping measurements of matched activities', () => {
    const merged = mergeConfirmedData(stage1, {
      extracted_activities: [{ activity_name: 'Load gearbox into press', description: 'planar pick', key_frame: 'p1/j1/frames/2.jpg' }],
      extracted_payloads: [{ name: 'Box', weight_kg: 10, dimensions_mm: [300, 200, 100] }],
      project_id: 'someone-else',
    });
    expect(merged.project_id).toBe('p1');
    expect(merged.extracted_activities).toEqual([
      { activity_name: 'Load gearbox into press', description: 'planar pick', start_s: 3, end_s: 15, duration_s: 12, key_frame: 'p1/j1/frames/2.jpg', cycle_time_s: 4 },
    ]);
    expect(merged.extracted_payloads).toEqual([{ name: 'Box', weight_kg: 10, dimensions_mm: [300, 200, 100] }]);
    expect(merged.cycle_time_s).toBe(4);
  });

  it('matches by position when the list kept its length and nothing else matches', () => {
    const merged = mergeConfirmedData(stage1, {
      extracted_activities: [
        { activity_name: 'Idle', description: '' },
        { activity_name: 'Pick', description: '' },
      ],
    });
    expect((merged.extracted_activities[1] as Record<string, unknown>).cycle_time_s).toBe(4);
  });
});
