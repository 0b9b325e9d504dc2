#!/usr/bin/env node
// Runs the whole product on one origin after `turbo run build`: the perception
// service on 127.0.0.1:3002 and the API (which also serves the built web app) on
// PORT (default 3000). Reads .env when present. Ctrl+C stops both. A service that
// stops on its own is started again after a growing pause (restartPolicy), so a crash
// of one never takes the other down; one that cannot stay up at all stops everything.
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

/**
 * When to start a crashed service again. `crashes` holds how long each run lasted (ms),
 * oldest first. A run that lasted STABLE_RUN_MS forgives the crashes before it; after
 * MAX_QUICK_CRASHES runs in a row that died within STABLE_RUN_MS (a bad setting, a port
 * in use) there is no point trying again: the answer is null and start.mjs stops.
 * Otherwise the pause doubles from 1 s up to 30 s.
 * @param {number[]} crashes
 * @returns {number | null} milliseconds to wait, or null to give up
 */
export function restartPolicy(crashes) {
  let quick = 0;
  for (let i = crashes.length - 1; i >= 0 && crashes[i] < STABLE_RUN_MS; i -= 1) quick += 1;
  if (quick >= MAX_QUICK_CRASHES) return null;
  return Math.min(1000 * 2 ** Math.max(quick - 1, 0), 30_000);
}
export const STABLE_RUN_MS = 60_000;
export const MAX_QUICK_CRASHES = 5;

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

  for (const { entry } of services) {
    if (!existsSync(path.join(root, entry))) {
      console.error(`${entry} is missing: run "pnpm build" first (pnpm start does it for you).`);
      process.exit(1);
    }
  }
  const supervisor = supervise(
    services.map((s) => ({ name: s.name, args: [...s.flags, '--enable-source-maps', path.join(root, s.entry)], cwd: path.dirname(path.dirname(path.join(root, s.entry))) })),
    { env, onGiveUp: (code) => supervisor.stop().then(() => process.exit(code)) },
  );
  const stop = () => supervisor.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Starts each service as a Node process and keeps it running: a service that stops on
 * its own is started again after restartPolicy's pause, and the reason is logged; the
 * others are not touched. When restartPolicy gives up, onGiveUp is called (start.mjs
 * then stops everything). stop() ends every service and cancels pending restarts.
 * @param {Array<{ name: string, args: string[], cwd?: string }>} services
 * @param {{ env?: NodeJS.ProcessEnv, onGiveUp?: (code: number) => void, log?: (line: string) => void }} [options]
 */
export function supervise(services, options = {}) {
  const log = options.log ?? ((line) => console.error(line));
  /** @type {Map<string, import('node:child_process').ChildProcess>} */
  const running = new Map();
  /** @type {Map<string, NodeJS.Timeout>} */
  const pending = new Map();
  const starts = new Map(services.map((s) => [s.name, 0]));
  let stopping = false;

  /** @param {{ name: string, args: string[], cwd?: string }} service @param {number[]} crashes */
  function launch(service, crashes) {
    const startedAt = Date.now();
    const child = spawn(process.execPath, service.args, { cwd: service.cwd, env: options.env ?? process.env, stdio: 'inherit' });
    starts.set(service.name, (starts.get(service.name) ?? 0) + 1);
    running.set(service.name, child);
    child.on('exit', (code, signal) => {
      running.delete(service.name);
      if (stopping) return;
      const history = [...crashes, Date.now() - startedAt].slice(-MAX_QUICK_CRASHES);
      const why = signal ? `signal ${signal}` : `exit code ${code}`;
      const delay = restartPolicy(history);
      if (delay === null) {
        log(`${service.name} stopped (${why}) ${MAX_QUICK_CRASHES} times within a minute of starting; giving up. Its log above says why.`);
        options.onGiveUp?.(code || 1);
        return;
      }
      log(`${service.name} stopped (${why}); starting it again in ${delay / 1000} s. The other services keep running.`);
      pending.set(
        service.name,
        setTimeout(() => {
          pending.delete(service.name);
          if (!stopping) launch(service, history);
        }, delay),
      );
    });
  }

  for (const service of services) launch(service, []);
  return {
    /** How many times each service was started. */
    starts: () => Object.fromEntries(starts),
    /** The running child of a service, if any. */
    child: (name) => running.get(name),
    async stop() {
      stopping = true;
      for (const timer of pending.values()) clearTimeout(timer);
      const children = [...running.values()];
      for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))));
    },
  };
}
