/**
 * The first row of each key seen so far (the duplicate check of validate and import), kept
 * compactly: a key is remembered by a 96-bit hash of its text, in an open-addressing table
 * of typed arrays (16 bytes a slot, at most 3/4 full), not as a string in a Map. A Map of
 * 200,000 keys ("universal robots|ur 1000-0/0") holds about 38 MB of the V8 heap, 1,000,000
 * about 181 MB; this table holds 8 MB and 32 MB, outside the heap, and nothing that a
 * garbage collection has to walk. Two different keys are taken for one only if all 96 bits
 * agree: for a million keys, about one chance in 10^16.
 */
export class KeyRows {
  /** Three 32-bit hashes per slot. */
  private hashes: Uint32Array;
  /** The remembered row of each slot; 0 = empty (rows are 1-based). */
  private rows: Int32Array;
  private mask: number;
  private count = 0;

  constructor(capacity = 1024) {
    let size = 1024;
    while (size * 0.75 < capacity) size *= 2;
    this.hashes = new Uint32Array(size * 3);
    this.rows = new Int32Array(size);
    this.mask = size - 1;
  }

  get size(): number {
    return this.count;
  }

  /** The row remembered for `key`; else remembers `row` (>= 1) for it and answers undefined. */
  firstOrRemember(key: string, row: number): number | undefined {
    if (!(row >= 1)) throw new RangeError(`row must be 1 or more, not ${row}`);
    const [a, b, c] = hash96(key);
    let slot = a & this.mask;
    for (;;) {
      const held = this.rows[slot] ?? 0;
      if (held === 0) break;
      const at = slot * 3;
      if (this.hashes[at] === a && this.hashes[at + 1] === b && this.hashes[at + 2] === c) return held;
      slot = (slot + 1) & this.mask;
    }
    this.put(slot, a, b, c, row);
    this.count += 1;
    if (this.count > (this.mask + 1) * 0.75) this.grow();
    return undefined;
  }

  private put(slot: number, a: number, b: number, c: number, row: number): void {
    const at = slot * 3;
    this.hashes[at] = a;
    this.hashes[at + 1] = b;
    this.hashes[at + 2] = c;
    this.rows[slot] = row;
  }

  private grow(): void {
    const { hashes, rows } = this;
    const size = (this.mask + 1) * 2;
    this.hashes = new Uint32Array(size * 3);
    this.rows = new Int32Array(size);
    this.mask = size - 1;
    for (let old = 0; old < rows.length; old += 1) {
      const row = rows[old] ?? 0;
      if (row === 0) continue;
      const a = hashes[old * 3] ?? 0;
      let slot = a & this.mask;
      while ((this.rows[slot] ?? 0) !== 0) slot = (slot + 1) & this.mask;
      this.put(slot, a, hashes[old * 3 + 1] ?? 0, hashes[old * 3 + 2] ?? 0, row);
    }
  }
}

/** Three independent 32-bit hashes of a string's UTF-16 code units (cyrb53's two lanes, FNV-1a). */
export function hash96(text: string): [number, number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  let h3 = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
    h3 = Math.imul(h3 ^ ch, 16777619);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  h3 = Math.imul(h3 ^ (h3 >>> 15), 2246822507) ^ text.length;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0];
}
