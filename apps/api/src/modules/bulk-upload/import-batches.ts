import type { UpsertCounts } from '../catalog';

/**
 * Writes import batches one behind the other: one batch is in the database while the
 * next is validated, so Node and PostgreSQL work at the same time. A batch's promise is
 * settled into a value at once, so a failure is never an unhandled rejection; it is
 * rethrown when the batch is awaited (the next send, or finish).
 */
export class PipelinedBatches<T> {
  readonly totals: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  private inflight: Promise<{ ok: true; counts: UpsertCounts } | { ok: false; error: unknown }> | null = null;

  constructor(private readonly write: (batch: T[]) => Promise<UpsertCounts>) {}

  /** Waits for the batch in flight (throwing its failure), then starts this one. */
  async send(batch: T[]): Promise<void> {
    await this.settle();
    this.inflight = this.write(batch).then(
      (counts) => ({ ok: true as const, counts }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  }

  /** Waits for the batch in flight; its failure is thrown here. */
  async settle(): Promise<void> {
    if (!this.inflight) return;
    const done = await this.inflight;
    this.inflight = null;
    if (!done.ok) throw done.error;
    this.totals.inserted += done.counts.inserted;
    this.totals.updated += done.counts.updated;
    this.totals.unchanged += done.counts.unchanged;
  }
}
