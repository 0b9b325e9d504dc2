import { Router } from 'express';
import { calculateRoi, roiInputsSchema } from '@cellforge/roi';

/**
 * POST /api/roi/calculate: the calculator's inputs -> `{ data: RoiResult }`. The math is
 * @cellforge/roi, the same code the web page runs, so both always agree. Invalid
 * inputs throw a ZodError: the error handler answers 400 with each field named.
 */
export function createRoiRouter(): Router {
  const router = Router();
  router.post('/calculate', (req, res) => {
    const inputs = roiInputsSchema.parse(req.body ?? {});
    res.json({ data: calculateRoi(inputs) });
  });
  return router;
}
