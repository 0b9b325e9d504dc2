import { describe, expect, it } from 'vitest';
import { PackedRows } from './packed-rows';
import type { Cell } from './table';
import { nth } from '../../../test/defined';

const rowsOf = (n: number): Cell[][] =>
  Array.from({ length: n }, (_, i) => (i % 7 === 0 ? [`Maker ${i}`, 'Model "quoted", with, commas', null] : [`Maker ${i}`, i, i % 2 === 0, 'Stäubli — ∅']));

describe('PackedRows', () => {
  it('gives back the rows it was given, in order, across chunks of 1,000', () => {
    const rows = rowsOf(2_345);
    const packed = PackedRows.from(rows);
    expect(packed.length).toBe(2_345);
    expect(packed.toArray()).toEqual(rows);
    expect([...packed.batches()].map((b) => b.length)).toEqual([1000, 1000, 345]);
  });

  it('pads rows to a width on request and maps rows into a new list', () => {
    const packed = PackedRows.from([['a'], ['b', 'c', 'd']]);
    expect(packed.toArray(3)).toEqual([
      ['a', null, null],
      ['b', 'c', 'd'],
    ]);
    expect(packed.map((row) => [row[1] ?? null, nth(row, 0)]).toArray()).toEqual([
      [null, 'a'],
      ['c', 'b'],
    ]);
  });

  it('hands its chunks over for storage: joined, they are the JSON array of the rows', () => {
    const rows = rowsOf(1_500);
    const packed = PackedRows.from(rows);
    const chunks = packed.takeChunks();
    expect(chunks).toHaveLength(2);
    expect(JSON.parse(`[${chunks.join(',')}]`)).toEqual(rows);
    expect(packed.length).toBe(0);
    expect(packed.takeChunks()).toEqual([]);
    expect(`[${new PackedRows().takeChunks().join(',')}]`).toBe('[]');
  });
});
