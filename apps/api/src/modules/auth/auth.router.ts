import { Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { loginRequestSchema, profileUpdateSchema, registerRequestSchema, verifyRequestSchema } from '@cellforge/contracts';
import { AppError } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import type { AuthService } from './auth.service';

export interface AuthRouterDeps {
  auth: AuthService;
  tokens: TokenService;
  loginRateLimit: number;
  loginRateWindowMs: number;
}

export function createAuthRouter(deps: AuthRouterDeps): Router {
  const router = Router();
  const requireAuth = authenticate(deps.tokens, { required: true });

  // Counts failed attempts only, per client address and email, so a shared office IP
  // is not locked out by one person's typos and a password spray is still slowed.
  const loginLimiter = rateLimit({
    windowMs: deps.loginRateWindowMs,
    limit: deps.loginRateLimit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    keyGenerator: (req) => {
      const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : '';
      return `${ipKeyGenerator(req.ip ?? 'unknown')}|${email}`;
    },
    handler: (_req, _res, next) => {
      next(new AppError('RATE_LIMITED', 'Too many sign-in attempts. Please wait a few minutes and try again.'));
    },
  });

  router.post('/register', async (req, res) => {
    const input = registerRequestSchema.parse(req.body);
    res.status(201).json(await deps.auth.register(input));
  });

  router.post('/login', loginLimiter, async (req, res) => {
    const input = loginRequestSchema.parse(req.body);
    res.json(await deps.auth.login(input.email, input.password, input.required_user_type));
  });

  router.get('/me', requireAuth, async (req, res) => {
    res.json({ user: await deps.auth.getProfile(req.auth!.userId) });
  });

  router.patch('/me', requireAuth, async (req, res) => {
    const changes = profileUpdateSchema.parse(req.body);
    res.json({ user: await deps.auth.updateProfile(req.auth!.userId, changes) });
  });

  router.post('/verify', async (req, res) => {
    const { token } = verifyRequestSchema.parse(req.body);
    res.json(await deps.auth.verify(token));
  });

  return router;
}
