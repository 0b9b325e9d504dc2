import { describe, expect, it } from 'vitest';
import { keyFrameKey, pickKeyFrame } from './keyframes';

const thumbs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((t) => ({ time_s: t, file: `/tmp/${t}.jpg` }));

describe('pickKeyFrame', () => {
  it('takes the frame nearest the middle of the activity', () => {
    expect(pickKeyFrame(thumbs, 3, 7)?.time_s).toBe(5);
    expect(pickKeyFrame(thumbs, 0, 3)?.time_s).toBe(1);
  });
  it('stays inside the activity when it can, and falls back to the nearest frame', () => {
    expect(pickKeyFrame(thumbs, 8.2, 9.6)?.time_s).toBe(9);
    expect(pickKeyFrame([{ time_s: 0, file: 'a' }], 4, 5)?.time_s).toBe(0);
    expect(pickKeyFrame([], 0, 1)).toBeNull();
  });
  it('names the object key <project>/<job>/frames/<n>.jpg', () => {
    expect(keyFrameKey('p1', 'j1', 3)).toBe('p1/j1/frames/3.jpg');
  });
});
