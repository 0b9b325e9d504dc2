import { describe, expect, it } from 'vitest';
import { oneParseAtATime } from './bulk-upload.service';

describe('oneParseAtATime', () => {
  it('runs one parse at a time, in arrival order, and a failure does not stop the next', async () => {
    const events: string[] = [];
    let running = 0;
    const job = (name: string, ms: number, fail = false) =>
      oneParseAtATime(async () => {
        running += 1;
        expect(running).toBe(1);
        events.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        events.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([job('a', 30), job('b', 5, true), job('c', 1)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a', 'b failed', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});
