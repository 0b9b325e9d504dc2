import { describe, expect, it } from 'vitest';
import { withoutPaths } from './process';

describe('withoutPaths', () => {
  it('shows no server path in a tool message', () => {
    const file = '/tmp/perception-test-pzGFtB/cellforge-stage1-ROXtLj/upload';
    expect(withoutPaths(`${file}: Invalid data found when processing input`, file)).toBe('the file: Invalid data found when processing input');
    expect(withoutPaths('Error opening /var/lib/cellforge/work/zip/line2/cell.mp4 for reading', file)).toBe('Error opening cell.mp4 for reading');
    expect(withoutPaths('moov atom not found', file)).toBe('moov atom not found');
  });
});
