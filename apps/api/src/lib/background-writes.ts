/**
 * Writes a request starts but does not wait for (a robot's view count, written after the
 * answer). They are tracked so a stopping server can wait for them before it closes the
 * database: a write still running when the pool closed failed ("Client was closed", or
 * PGlite's "closed" error) and was lost with a warning. Once draining, new writes are
 * dropped (a view count is not worth holding the stop for).
 */
export class BackgroundWrites {
  private readonly pending = new Set<Promise<void>>();
  private draining = false;

  /** Starts `write` unless draining; a failure goes to `onError`, never to the caller. */
  run(write: () => Promise<unknown>, onError: (err: unknown) => void): void {
    if (this.draining) return;
    const done: Promise<void> = write()
      .then(
        () => undefined,
        (err: unknown) => onError(err),
      )
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves once no write is running (tests wait for the work a request left); new writes are still taken. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** Writes still running. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * Takes no new writes and waits for the running ones, at most `timeoutMs`. True when
   * all finished; false when some were still running at the timeout (they are abandoned).
   */
  async drain(timeoutMs: number): Promise<boolean> {
    this.draining = true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
    });
    // Writes may finish while others are awaited: loop until none is left.
    const settled = (async () => {
      while (this.pending.size) await Promise.allSettled([...this.pending]);
      return true as const;
    })();
    try {
      return await Promise.race([settled, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}
