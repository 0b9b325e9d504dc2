import type { ComponentType } from 'react';

/** docs/product.md §9: a route chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The error a failed or timed-out route chunk rejects with (docs/product.md §8.6). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/**
 * Runs a dynamic import; rejects with ChunkLoadError when it fails or takes longer
 * than `timeoutMs`. A failed import is tried once more first: after a deploy the
 * first attempt often hits a stale connection, the second one usually succeeds.
 */
export function loadChunk<T>(
  importer: () => Promise<T>,
  { timeoutMs = CHUNK_LOAD_TIMEOUT_MS, retries = 1 }: { timeoutMs?: number; retries?: number } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new ChunkLoadError(`Loading a page chunk took longer than ${timeoutMs / 1000} s`));
    }, timeoutMs);

    const attempt = (left: number) => {
      importer().then(
        (module) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(module);
        },
        (cause: unknown) => {
          if (settled) return;
          if (left > 0) {
            attempt(left - 1);
            return;
          }
          settled = true;
          clearTimeout(timer);
          reject(new ChunkLoadError('Failed to load a page chunk', { cause }));
        },
      );
    };
    attempt(retries);
  });
}

/**
 * For a data-router route's `lazy`: loads the module's default export as the
 * route component; a failure reaches the route's error element as ChunkLoadError.
 */
export function lazyRoute(
  importer: () => Promise<{ default: ComponentType }>,
  options?: { timeoutMs?: number; retries?: number },
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const module = await loadChunk(importer, options);
    return { Component: module.default };
  };
}
