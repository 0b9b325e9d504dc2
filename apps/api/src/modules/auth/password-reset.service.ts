import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import type { PasswordResetAnswer } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { BackgroundWrites } from '../../lib/background-writes';
import { AppError } from '../../lib/errors';
import { loggableError, type Logger } from '../../lib/logger';
import type { TokenService } from '../../lib/tokens';
import { mailContent, type Mailer } from '../notifications';
import { findUserByEmail, findUserById, type UserRow } from './auth.repository';
import { weakPasswordReason } from './password-strength';
import { completePasswordReset, findPasswordResetByHash, insertPasswordReset } from './password-reset.repository';

export interface PasswordResetDeps {
  db: Database;
  mailer: Mailer;
  /** Forgets cached token versions after a reset (the reset itself bumps the version). */
  tokens: Pick<TokenService, 'forget'>;
  bcryptRounds: number;
  appName: string;
  /** PUBLIC_URL: links are built from it, never from the request's Host header. */
  publicUrl: string;
  ttlMinutes: number;
  logger: Logger;
  /** Where the work of a forgot-password request runs after the answer is sent. */
  background: BackgroundWrites;
}

/** The path of the reset page in the web app (apps/web/src/config/paths.ts). */
export const RESET_PAGE_PATH = '/reset-password';

export const hashResetToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const invalid = () => new AppError('RESET_TOKEN_INVALID', 'This password reset link is not valid. Ask for a new link.');
const expired = () => new AppError('RESET_TOKEN_EXPIRED', 'This password reset link has expired. Ask for a new link.');
const used = () => new AppError('RESET_TOKEN_USED', 'This password reset link has already been used. Ask for a new link if you still need one.');

export function createPasswordResetService(deps: PasswordResetDeps) {
  const sentMessage = `If an account exists for that e-mail address, we have sent it a link to choose a new password. The link works for ${deps.ttlMinutes} minutes. If nothing arrives, check your spam folder or ask your administrator for a reset link.`;

  /** A new one-time token for the user (only its hash is stored) and the link that carries it. */
  async function newLink(user: UserRow): Promise<{ link: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + deps.ttlMinutes * 60_000);
    await insertPasswordReset(deps.db, { userId: user.id, tokenHash: hashResetToken(token), expiresAt });
    return { link: `${deps.publicUrl}${RESET_PAGE_PATH}?token=${token}`, expiresAt };
  }

  async function sendResetMail(email: string): Promise<void> {
    const user = await findUserByEmail(deps.db, email);
    if (!user) return;
    const { link } = await newLink(user);
    const content = mailContent({
      appName: deps.appName,
      greeting: `Hello ${user.firstName || 'there'},`,
      paragraphs: [
        `Someone (we hope you) asked to reset the password of your ${deps.appName} account.`,
        `Choose a new password with the link below. It works once, for ${deps.ttlMinutes} minutes.`,
      ],
      action: { label: 'Choose a new password', url: link },
      footer: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    });
    await deps.mailer.send({ to: user.email, subject: `Reset your ${deps.appName} password`, ...content });
  }

  return {
    /**
     * Forgot password: answers at once, the same whatever the e-mail (no account oracle,
     * in the answer nor in its timing); looking the account up, storing the token and
     * sending the mail happen after the answer. A mail that fails is logged, not reported:
     * reporting it would tell that the account exists (the operator can issue the link
     * with the reset-link command instead).
     */
    requestReset(email: string): PasswordResetAnswer {
      deps.background.run(
        () => sendResetMail(email),
        (err) => deps.logger.error({ err: loggableError(err) }, 'password reset request failed'),
      );
      return { success: true, message: sentMessage };
    },

    /** A reset link for an operator to hand over (the reset-link command); NOT_FOUND when no account has the e-mail. */
    async issueLink(email: string): Promise<{ link: string; expiresAt: Date; user: UserRow }> {
      const user = await findUserByEmail(deps.db, email);
      if (!user) throw new AppError('NOT_FOUND', `No account has the e-mail ${email}`);
      return { ...(await newLink(user)), user };
    },

    /**
     * Sets a new password with a token: unknown, expired and used tokens are refused with
     * their own code; the password follows the registration rules; the token and every
     * other outstanding one of the user are spent, and every session of the user ends.
     */
    async resetPassword(token: string, password: string): Promise<PasswordResetAnswer> {
      const reset = await findPasswordResetByHash(deps.db, hashResetToken(token));
      if (!reset) throw invalid();
      if (reset.usedAt) throw used();
      if (reset.expiresAt.getTime() <= Date.now()) throw expired();
      const user = await findUserById(deps.db, reset.userId);
      if (!user) throw invalid();
      const weak = await weakPasswordReason(password, [user.email, user.firstName, user.lastName, user.companyName]);
      if (weak) throw new AppError('VALIDATION_FAILED', weak, { password: [weak] });
      const passwordHash = await bcrypt.hash(password, deps.bcryptRounds);
      if (!(await completePasswordReset(deps.db, { resetId: reset.id, userId: user.id, passwordHash }))) throw used();
      await deps.tokens.forget(user.id);

      const content = mailContent({
        appName: deps.appName,
        greeting: `Hello ${user.firstName || 'there'},`,
        paragraphs: [`The password of your ${deps.appName} account was changed, and every device signed in to it was signed out.`],
        action: { label: 'Sign in', url: `${deps.publicUrl}/auth` },
        footer: 'If you did not change it, ask for a password reset at once and tell your administrator.',
      });
      // A notice, not something the person waits for: sent after the answer.
      deps.background.run(
        () => deps.mailer.send({ to: user.email, subject: `Your ${deps.appName} password was changed`, ...content }),
        (err) => deps.logger.error({ err: loggableError(err) }, 'password change notice failed'),
      );
      return { success: true, message: 'Your password has been changed and every device signed in to your account was signed out. Sign in with your new password.' };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
