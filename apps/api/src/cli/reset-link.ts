// pnpm --filter @cellforge/api reset-link <email> (or node apps/api/dist/reset-link.js <email>):
// prints a one-time password reset link (cli/reset-link-command.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resetLinkCommand } from './reset-link-command';

/** The repository root (where pnpm-workspace.yaml is), from the sources or the bundle; null in an image without it. */
function repositoryRoot(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    dir = path.dirname(dir);
  }
  return null;
}

const root = repositoryRoot();
if (root) {
  // The same .env and data folder as `pnpm start` (scripts/start.mjs): .data at the root
  // unless DATA_DIR is set (a relative one is read from apps/api, the API's working folder too).
  if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
  process.env.DATA_DIR ||= path.join(root, '.data');
}

const code = await resetLinkCommand(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
