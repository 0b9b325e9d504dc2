import { Router } from 'express';
import {
  BETA_SIGNUP_ALREADY_MESSAGE,
  BETA_SIGNUP_CREATED_MESSAGE,
  betaSignupRequestSchema,
  type BetaSignupResponse,
} from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { registerBetaSignup } from './beta-signups.service';

/** POST /api/beta-signups: 201 when added, 200 with already_registered when the email is on the list. */
export function createBetaSignupsRouter(deps: { db: Database }): Router {
  const router = Router();
  router.post('/', async (req, res) => {
    const input = betaSignupRequestSchema.parse(req.body ?? {});
    const { created } = await registerBetaSignup(deps.db, input);
    const body: BetaSignupResponse = created
      ? { success: true, already_registered: false, message: BETA_SIGNUP_CREATED_MESSAGE }
      : { success: true, already_registered: true, message: BETA_SIGNUP_ALREADY_MESSAGE };
    res.status(created ? 201 : 200).json(body);
  });
  return router;
}
