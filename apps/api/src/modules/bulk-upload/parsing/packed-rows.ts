import type { Cell } from './table';

/** Rows per packed chunk. */
const CHUNK_ROWS = 1000;

/**
 * Data rows of an upload, kept compactly while a file is read: every 1,000 rows become
 * one JSON text (the rows' arrays joined by commas), so 100,000 rows of 9 cells are about
 * 100 flat strings instead of 100,000 arrays holding 900,000 cell strings (a third of
 * the memory, and nothing pins the file's text the way substrings of it would).
 * takeChunks() hands them to storage as they are. Rows may be shorter than the table's
 * columns: a missing cell is an empty one (null).
 */
export class PackedRows {
  private chunks: string[] = [];
  private pending: Cell[][] = [];
  private count = 0;
  private drainedChunks = 0;

  static from(rows: readonly Cell[][]): PackedRows {
    const packed = new PackedRows();
    for (const row of rows) packed.push(row);
    return packed;
  }

  get length(): number {
    return this.count;
  }

  push(row: Cell[]): void {
    this.pending.push(row);
    this.count += 1;
    if (this.pending.length >= CHUNK_ROWS) this.seal();
  }

  private seal(): void {
    if (!this.pending.length) return;
    // One stringify per chunk; the brackets are added back when chunks are joined.
    this.chunks.push(JSON.stringify(this.pending).slice(1, -1));
    this.pending = [];
  }

  /** The rows, up to 1,000 at a time, as arrays again (each chunk decoded once). */
  *batches(): Generator<Cell[][]> {
    this.seal();
    for (const chunk of this.chunks) yield JSON.parse(`[${chunk}]`) as Cell[][];
  }

  /** A new list with every row replaced by `fn(row)` (used to drop columns). */
  map(fn: (row: Cell[]) => Cell[]): PackedRows {
    const out = new PackedRows();
    for (const batch of this.batches()) for (const row of batch) out.push(fn(row));
    return out;
  }

  /** All rows as arrays, each padded with null to `width` cells. */
  toArray(width = 0): Cell[][] {
    const out: Cell[][] = [];
    for (const batch of this.batches()) {
      for (const row of batch) {
        while (row.length < width) row.push(null);
        out.push(row);
      }
    }
    return out;
  }

  /**
   * The chunks of 1,000 rows sealed so far (the rows still pending stay): a reader hands them
   * to storage while it reads on, so a large file is never held whole. The count goes on.
   */
  drain(): string[] {
    const chunks = this.chunks;
    this.chunks = [];
    this.drainedChunks += chunks.length;
    return chunks;
  }

  /** True once drain() gave away rows: they are no longer here (batches() and map() see only the rest). */
  get drained(): boolean {
    return this.drainedChunks > 0;
  }

  /**
   * The rows as JSON texts of up to 1,000 rows each (row arrays joined by commas, no
   * brackets: `[${chunks.join(',')}]` is the whole JSON array). The list is emptied, so
   * the chunks are let go as soon as the caller is done with them.
   */
  takeChunks(): string[] {
    this.seal();
    const chunks = this.chunks;
    this.chunks = [];
    this.count = 0;
    return chunks;
  }
}
