import { Router } from 'express';
import { sql } from 'drizzle-orm';
import type { HealthResponse, HealthUnavailable } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';

export function createHealthRouter(deps: { db: Database; dbKind: string }): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const started = performance.now();
    try {
      await deps.db.execute(sql`select 1`);
      res.json({ status: 'ok', database: { kind: deps.dbKind, ok: true, latency_ms: Math.round(performance.now() - started) } } satisfies HealthResponse);
    } catch {
      res.status(503).json({
        message: 'Database unavailable',
        error: 'Database unavailable',
        code: 'SERVICE_UNAVAILABLE',
        status: 'error',
        database: { kind: deps.dbKind, ok: false },
      } satisfies HealthUnavailable);
    }
  });
  return router;
}
