import { describe, expect, it } from 'vitest';
import { activityDescription, activityName, formatClock } from './describe';

describe('activity names and descriptions', () => {
  it('formats clock times', () => {
    expect([0, 7.4, 12, 65, 3723].map(formatClock)).toEqual(['0:00', '0:07', '0:12', '1:05', '1:02:03']);
  });
  it('names an activity honestly from what was measured', () => {
    expect(activityName(1, 0, 12, 'high')).toBe('Activity 1, 0:00-0:12, high motion');
  });
  it('describes duration, motion and the cycle', () => {
    expect(activityDescription({ start_s: 0, end_s: 60, mean_motion: 4.04, level: 'high', cycle: { period_s: 4, cycles: 15 } })).toBe(
      '0:00-1:00 (60.0 s). Motion high: mean frame difference 4.04 on a 0-255 scale. Repeats every 4.0 s (15 cycles).',
    );
    expect(activityDescription({ start_s: 3, end_s: 7, mean_motion: 0, level: 'low', cycle: null, video: 'b.mp4' })).toBe(
      'b.mp4, 0:03-0:07 (4.0 s). Motion low: mean frame difference 0.00 on a 0-255 scale. No repeating cycle found.',
    );
    expect(activityDescription({ start_s: 0, end_s: 12, mean_motion: 1, level: 'medium', cycle: { period_s: 6, cycles: 2, confidence: 0.42 } })).toBe(
      '0:00-0:12 (12.0 s). Motion medium: mean frame difference 1.00 on a 0-255 scale. Repeats every 6.0 s (2 cycles). The cycle is uncertain (confidence 0.42): check it before it is used.',
    );
  });
});
