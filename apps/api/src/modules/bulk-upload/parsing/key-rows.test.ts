import { describe, expect, it } from 'vitest';
import { hash96, KeyRows } from './key-rows';

describe('KeyRows (the duplicate check of a large file)', () => {
  it('answers the first row of a key seen before, and nothing for a new key', () => {
    const seen = new KeyRows();
    expect(seen.firstOrRemember('abb|irb 6700-200/2.60', 8)).toBeUndefined();
    expect(seen.firstOrRemember('abb|irb 6700-200/2.61', 9)).toBeUndefined();
    expect(seen.firstOrRemember('abb|irb 6700-200/2.60', 14)).toBe(8);
    // The first row stays the answer for a third copy.
    expect(seen.firstOrRemember('abb|irb 6700-200/2.60', 20)).toBe(8);
    expect(seen.size).toBe(2);
  });

  it('keeps every key of a 300,000-row file through its growth, as a Map would', () => {
    const seen = new KeyRows();
    const map = new Map<string, number>();
    const keyOf = (i: number) => `kuka|kr ${1000 + (i % 9000)}-${Math.floor(i / 9000)}/${(i * 7) % 97}`;
    let disagreements = 0;
    for (let i = 0; i < 300_000; i += 1) {
      const key = keyOf(i % 250_000);
      const expected = map.get(key);
      if (expected === undefined) map.set(key, i + 4);
      if (seen.firstOrRemember(key, i + 4) !== expected) disagreements += 1;
    }
    expect(disagreements).toBe(0);
    expect(seen.size).toBe(map.size);
    expect(seen.size).toBe(250_000);
  });

  it('tells apart keys that differ in one character, in case, or in length', () => {
    const keys = ['ur|ur5e', 'ur|ur5E', 'ur|ur5e ', 'ur|ur5f', 'ur|ur50', '', 'é|é', 'e|e'];
    const hashes = new Set(keys.map((k) => hash96(k).join(':')));
    expect(hashes.size).toBe(keys.length);
    const seen = new KeyRows();
    keys.forEach((k, i) => expect(seen.firstOrRemember(k, i + 1)).toBeUndefined());
  });

  it('refuses a row number that could not be told from an empty slot', () => {
    expect(() => new KeyRows().firstOrRemember('a|b', 0)).toThrow(RangeError);
  });
});
