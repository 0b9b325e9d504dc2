import { Router } from 'express';
import type { z } from 'zod';
import { calculateRoi, roiInputsSchema, type roiCalculateResponseSchema } from '@cellforge/roi';

/**
 * POST /api/roi/calculate: the calculator's inputs -> `{ data: RoiResult }`. The math is
 * @cellforge/roi, the same code the web page runs, so both always agree. Invalid
 * inputs throw a ZodError: the error handler answers 400 with each field named.
 */
export function createRoiRouter(): Router {
  const router = Router();
  router.post('/calculate', (req, res) => {
    const inputs = roiInputsSchema.parse(req.body ?? {});
    res.json({ data: calculateRoi(inputs) } satisfies z.infer<typeof roiCalculateResponseSchema>);
  });
  return router;
}
