// pnpm --filter @cellforge/api reset-link <email>: prints a one-time password reset link (cli/reset-link-command.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resetLinkCommand } from './reset-link-command';

// The same .env as `pnpm start` (scripts/start.mjs), from the repository root.
const envFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
// The data folder `pnpm start` gives the API (scripts/start.mjs): .data at the repository root
// unless DATA_DIR is set (a relative one is read from apps/api, the API's working folder too).
process.env.DATA_DIR ||= path.join(path.dirname(envFile), '.data');

const code = await resetLinkCommand(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
