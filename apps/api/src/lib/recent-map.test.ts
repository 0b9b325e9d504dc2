import { describe, expect, it } from 'vitest';
import { keepRecent } from './recent-map';

describe('keepRecent', () => {
  it('moves a used key last and drops the least recently used one when full', () => {
    const map = new Map<string, number>();
    keepRecent(map, 'a', 1, 2);
    keepRecent(map, 'b', 2, 2);
    keepRecent(map, 'a', 1, 2); // a used again: b is now the oldest
    keepRecent(map, 'c', 3, 2);
    expect([...map.entries()]).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
  });
});
