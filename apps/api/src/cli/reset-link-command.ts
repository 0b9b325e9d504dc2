import path from 'node:path';
import { emailSchema } from '@cellforge/contracts';
import { createDb, type DbHandle } from '@cellforge/db';
import { loadConfig } from '../env';
import { BackgroundWrites } from '../lib/background-writes';
import { AppError } from '../lib/errors';
import { createLogger } from '../lib/logger';
import { runningApiPid } from '../lib/pid-file';
import { createPasswordResetService } from '../modules/auth/password-reset.service';
import { createMailer } from '../modules/notifications';

export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = 'Usage: pnpm --filter @cellforge/api reset-link <email>   (built: node apps/api/dist/reset-link.js <email>)\n\nPrints a one-time password reset link for the account (for operators without SMTP_URL).';

/**
 * `reset-link <email>`: a one-time reset link for an account, printed on stdout (the one
 * line a script reads); what it is and when it expires go to stderr. Uses the same
 * settings as the API (DATABASE_URL or DATA_DIR, PUBLIC_URL, PASSWORD_RESET_TTL_MINUTES).
 * On the embedded database the API must be stopped first (see lib/pid-file.ts).
 * Returns the exit code. `db` replaces the configured database (tests).
 */
export async function resetLinkCommand(argv: string[], env: NodeJS.ProcessEnv, io: CommandIo, options: { db?: DbHandle } = {}): Promise<number> {
  const args = argv.filter((a) => a !== '--');
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    io.err(USAGE);
    return args[0] === '--help' || args[0] === '-h' ? 0 : 2;
  }
  const email = emailSchema.safeParse(args[0]);
  if (!email.success) {
    io.err(`"${args[0]}" is not an e-mail address.\n\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    io.err((err as Error).message);
    return 1;
  }
  let handle = options.db;
  if (!handle) {
    if (!config.databaseUrl) {
      const pid = runningApiPid(config.dataDir);
      if (pid) {
        io.err(`The API (pid ${pid}) is running on the embedded database in ${config.dataDir}: only one process may open it. Stop the API, run this command, then start the API again (or use DATABASE_URL with a PostgreSQL server, which any number of processes share).`);
        return 1;
      }
    }
    handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pg') });
  }
  try {
    const logger = createLogger('silent');
    const resets = createPasswordResetService({
      db: handle.db,
      // Nothing is mailed: the operator hands the link over.
      mailer: createMailer({ from: config.mail.from, logger }),
      tokens: { forget: () => Promise.resolve() },
      bcryptRounds: config.bcryptRounds,
      appName: config.appName,
      publicUrl: config.publicUrl,
      ttlMinutes: config.passwordResetTtlMinutes,
      logger,
      background: new BackgroundWrites(),
    });
    const { link, expiresAt, user } = await resets.issueLink(email.data);
    io.out(link);
    io.err(`One-time password reset link for ${user.email}, valid until ${expiresAt.toISOString()} (${config.passwordResetTtlMinutes} minutes). Give it only to the account's owner, over a channel you trust.`);
    return 0;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      io.err(`No account has the e-mail ${email.data}.`);
      return 1;
    }
    throw err;
  } finally {
    if (!options.db) await handle.close();
  }
}
