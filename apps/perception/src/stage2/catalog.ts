import { robotListResponseSchema, type Robot } from '@cellforge/contracts';
import { PerceptionError } from '../errors';

export interface CatalogClient {
  /** Catalog robots with at least minPayload kg, every page, in the API's order (stage 2 ranks them itself). Throws CATALOG_UNAVAILABLE. */
  listRobots(query: { minPayload: number }): Promise<Robot[]>;
}

export const CATALOG_PAGE_LIMIT = 100;

/**
 * Reads the public catalog of the API: GET /api/robots?minPayload=&sort=payload&limit=100,
 * page by page (at most maxPages pages).
 */
export function createHttpCatalogClient(options: { baseUrl: string; fetch: typeof fetch; timeoutMs: number; maxPages?: number }): CatalogClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const maxPages = options.maxPages ?? 10;
  return {
    async listRobots({ minPayload }) {
      const robots: Robot[] = [];
      for (let page = 1; page <= maxPages; page++) {
        const url = `${base}/api/robots?minPayload=${encodeURIComponent(String(minPayload))}&sort=payload&limit=${CATALOG_PAGE_LIMIT}&page=${page}`;
        let body: unknown;
        try {
          const res = await options.fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs) });
          if (!res.ok) throw new Error(`it answered HTTP ${res.status}`);
          body = await res.json();
        } catch (err) {
          throw new PerceptionError('CATALOG_UNAVAILABLE', `The robot catalog at ${base}/api/robots could not be read: ${describe(err)}`, undefined, { cause: err });
        }
        const parsed = robotListResponseSchema.safeParse(body);
        if (!parsed.success) {
          throw new PerceptionError('CATALOG_UNAVAILABLE', `The robot catalog at ${base}/api/robots answered in an unexpected shape`, undefined, {
            cause: parsed.error,
          });
        }
        robots.push(...parsed.data.data);
        if (parsed.data.data.length < CATALOG_PAGE_LIMIT || page * parsed.data.limit >= parsed.data.total) break;
      }
      return robots;
    },
  };
}

function describe(err: unknown): string {
  const e = err as { message?: string; name?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return 'it did not answer in time';
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
}
