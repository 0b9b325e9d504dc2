#!/usr/bin/env node
// Runs the whole product on one origin after `turbo run build`: the perception
// service on 127.0.0.1:3002 and the API (which also serves the built web app) on
// PORT (default 3000). Reads .env when present. Ctrl+C stops both.
// The API gets a V8 heap budget from API_MAX_OLD_SPACE_MB (see apiHeapFlags).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The API's V8 old-space budget in MB when API_MAX_OLD_SPACE_MB is unset (the Dockerfile uses the same). */
export const DEFAULT_API_MAX_OLD_SPACE_MB = 384;

/**
 * Node flags that size the API's heap: `--max-old-space-size` from API_MAX_OLD_SPACE_MB
 * (megabytes; unset or empty = 384; 0 = no flag, so V8 sizes the heap from the machine's
 * RAM, or NODE_OPTIONS does). Without a budget, V8 on a large host lets a busy process
 * grow to several times its live heap before collecting; with one it collects sooner
 * and RSS stays near what the API really uses. Throws on a value that is not a whole
 * number, or one under 64 MB (the API alone needs more). apps/api/bench/import.bench.ts
 * starts the API with these flags too.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string[]}
 */
export function apiHeapFlags(env = process.env) {
  const raw = (env.API_MAX_OLD_SPACE_MB ?? '').trim();
  if (raw === '') return [`--max-old-space-size=${DEFAULT_API_MAX_OLD_SPACE_MB}`];
  if (!/^\d+$/.test(raw)) throw new Error(`API_MAX_OLD_SPACE_MB must be a whole number of megabytes (0 = no limit), not "${raw}".`);
  const mb = Number(raw);
  if (mb === 0) return [];
  if (mb < 64) throw new Error(`API_MAX_OLD_SPACE_MB=${raw} is too small: give the API at least 64 MB (0 = no limit).`);
  return [`--max-old-space-size=${mb}`];
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) main();

function main() {
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

  let heapFlags;
  try {
    heapFlags = apiHeapFlags(process.env);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }

  const services = [
    { name: 'perception', entry: 'apps/perception/dist/server.js', flags: [] },
    { name: 'api', entry: 'apps/api/dist/server.js', flags: heapFlags },
  ];

  const children = services.map(({ name, entry, flags }) => {
    const file = path.join(root, entry);
    if (!existsSync(file)) {
      console.error(`${entry} is missing: run "pnpm build" first (pnpm start does it for you).`);
      process.exit(1);
    }
    const child = spawn(process.execPath, [...flags, '--enable-source-maps', file], { cwd: path.dirname(path.dirname(file)), env, stdio: 'inherit' });
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
}
