#!/usr/bin/env node
// Runs the whole product on one origin after `turbo run build`: the perception
// service on 127.0.0.1:3002 and the API (which also serves the built web app) on
// PORT (default 3000). Reads .env when present. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const env = {
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, '.data'),
  PERCEPTION_PORT: process.env.PERCEPTION_PORT ?? '3002',
};
env.PERCEPTION_URL ??= `http://127.0.0.1:${env.PERCEPTION_PORT}`;
// Stage 2 of the video analysis reads the live catalog from the API.
env.CATALOG_URL ??= `http://127.0.0.1:${env.PORT ?? 3000}`;

const services = [
  { name: 'perception', entry: 'apps/perception/dist/server.js' },
  { name: 'api', entry: 'apps/api/dist/server.js' },
];

const children = services.map(({ name, entry }) => {
  const file = path.join(root, entry);
  if (!existsSync(file)) {
    console.error(`${entry} is missing: run "pnpm build" first (pnpm start does it for you).`);
    process.exit(1);
  }
  const child = spawn(process.execPath, ['--enable-source-maps', file], { cwd: path.dirname(path.dirname(file)), env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the others.`);
      stop(code ?? 1);
    }
  });
  return child;
});

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
