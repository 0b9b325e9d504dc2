import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, isChunkLoadError, lazyRoute, loadChunk } from './lazy-route';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('resolves with the module', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('rejects with a ChunkLoadError when the import keeps failing', async () => {
    const importer = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const error = await loadChunk(importer).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('ChunkLoadError');
    expect(isChunkLoadError(error)).toBe(true);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('succeeds when the retry succeeds', async () => {
    const importer = vi
      .fn<() => Promise<{ default: string }>>()
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValueOnce({ default: 'page' });
    await expect(loadChunk(importer)).resolves.toEqual({ default: 'page' });
  });

  it('rejects with a ChunkLoadError after 120 s without an answer', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const pending = loadChunk(() => new Promise(() => {}));
    const outcome = pending.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(isChunkLoadError(error)).toBe(true);
  });
});

describe('lazyRoute', () => {
  it('gives the default export as the route Component', async () => {
    const Page = () => null;
    await expect(lazyRoute(() => Promise.resolve({ default: Page }))()).resolves.toEqual({ Component: Page });
  });
});
