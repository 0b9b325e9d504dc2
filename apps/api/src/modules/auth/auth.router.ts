import { Router, type Request } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  profileUpdateSchema,
  registerRequestSchema,
  verifyRequestSchema,
  type AuthResponse,
  type PasswordResetAnswer,
  type User,
  type VerifyResponse,
} from '@cellforge/contracts';
import { AppError } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import type { AuthService } from './auth.service';
import type { PasswordResetService } from './password-reset.service';

export interface AuthRouterDeps {
  auth: AuthService;
  tokens: TokenService;
  /** Failed sign-ins per address and e-mail per window. */
  loginRateLimit: number;
  loginRateWindowMs: number;
  /** Failed sign-ins per address across all e-mails per window (password spraying). */
  loginIpRateLimit: number;
  /** Registrations per address per window (each costs a bcrypt hash). */
  registerRateLimit: number;
  registerRateWindowMs: number;
  passwordResets: PasswordResetService;
  /** Reset mails asked for per address and e-mail per login window. */
  passwordResetRateLimit: number;
  /** Reset mails asked for, and failed resets, per address per login window. */
  passwordResetIpRateLimit: number;
  /** Where the counters live; every API instance must share it (DatabaseRateLimitStore). */
  rateLimitStore: (prefix: string) => Store;
}

export function createAuthRouter(deps: AuthRouterDeps): Router {
  const router = Router();
  const requireAuth = authenticate(deps.tokens, { required: true });
  const address = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');
  const limiter = (
    prefix: string,
    options: { limit: number; windowMs: number; failedOnly: boolean; key: (req: Request) => string; message: string; skipInvalid?: boolean },
  ) =>
    rateLimit({
      windowMs: options.windowMs,
      limit: options.limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      skipSuccessfulRequests: options.failedOnly,
      // A form refused for its content (400: a weak password, a missing name) creates nothing and is not counted.
      ...(options.skipInvalid ? { skipFailedRequests: true, requestWasSuccessful: (_req: Request, res: { statusCode: number }) => res.statusCode !== 400 } : {}),
      store: deps.rateLimitStore(prefix),
      keyGenerator: options.key,
      handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', options.message)),
    });

  // Failed attempts only: per address and e-mail, so a shared office address is not
  // locked out by one person's typos; and per address across e-mails, so one address
  // cannot spray a password over many accounts.
  const signInMessage = 'Too many sign-in attempts. Please wait a few minutes and try again.';
  const loginPerAccount = limiter('login', {
    limit: deps.loginRateLimit,
    windowMs: deps.loginRateWindowMs,
    failedOnly: true,
    key: (req) => {
      const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
      return `${address(req)}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
    },
    message: signInMessage,
  });
  const loginPerAddress = limiter('login-ip', { limit: deps.loginIpRateLimit, windowMs: deps.loginRateWindowMs, failedOnly: true, key: address, message: signInMessage });
  const registerPerAddress = limiter('register', {
    limit: deps.registerRateLimit,
    windowMs: deps.registerRateWindowMs,
    failedOnly: false,
    skipInvalid: true,
    key: address,
    message: 'Too many accounts created from your address. Please try again later.',
  });

  // Forgot password: every request counts (it always answers 202), per address and e-mail
  // (one person's repeated clicks) and per address (one address mailing many accounts).
  const resetMessage = 'Too many password reset requests. Please wait a few minutes and try again.';
  const forgotPerAccount = limiter('forgot', {
    limit: deps.passwordResetRateLimit,
    windowMs: deps.loginRateWindowMs,
    failedOnly: false,
    skipInvalid: true,
    key: (req) => {
      const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
      return `${address(req)}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
    },
    message: resetMessage,
  });
  const forgotPerAddress = limiter('forgot-ip', { limit: deps.passwordResetIpRateLimit, windowMs: deps.loginRateWindowMs, failedOnly: false, skipInvalid: true, key: address, message: resetMessage });
  // Reset: refused tokens per address (guessing a 256-bit token is hopeless; this keeps it so).
  const resetPerAddress = limiter('reset-ip', { limit: deps.passwordResetIpRateLimit, windowMs: deps.loginRateWindowMs, failedOnly: true, key: address, message: resetMessage });

  router.post('/forgot-password', forgotPerAddress, forgotPerAccount, (req, res) => {
    const { email } = forgotPasswordRequestSchema.parse(req.body);
    res.status(202).json(deps.passwordResets.requestReset(email) satisfies PasswordResetAnswer);
  });

  router.post('/reset-password', resetPerAddress, async (req, res) => {
    const { token, password } = resetPasswordRequestSchema.parse(req.body);
    res.json((await deps.passwordResets.resetPassword(token, password)) satisfies PasswordResetAnswer);
  });

  router.post('/register', registerPerAddress, async (req, res) => {
    const input = registerRequestSchema.parse(req.body);
    res.status(201).json((await deps.auth.register(input)) satisfies AuthResponse);
  });

  router.post('/login', loginPerAddress, loginPerAccount, async (req, res) => {
    const input = loginRequestSchema.parse(req.body);
    res.json((await deps.auth.login(input.email, input.password, input.required_user_type)) satisfies AuthResponse);
  });

  router.get('/me', requireAuth, signedIn(async (_req, res, user) => {
    res.json({ user: await deps.auth.getProfile(user.userId) } satisfies { user: User });
  }));

  router.patch('/me', requireAuth, signedIn(async (req, res, user) => {
    const changes = profileUpdateSchema.parse(req.body);
    res.json({ user: await deps.auth.updateProfile(user.userId, changes) } satisfies { user: User });
  }));

  router.post('/logout', requireAuth, signedIn(async (_req, res, user) => {
    await deps.auth.revokeTokens(user.userId);
    res.status(204).end();
  }));

  router.post('/verify', async (req, res) => {
    const { token } = verifyRequestSchema.parse(req.body);
    res.json((await deps.auth.verify(token)) satisfies VerifyResponse);
  });

  return router;
}
