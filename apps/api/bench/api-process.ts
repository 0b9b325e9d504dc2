/**
 * The API as production runs it, for the import bench: src/server.ts bundled the way
 * apps/api/build.mjs does (into bench/dist, git-ignored, so apps/api/dist is left alone),
 * started with `node <heap flags of scripts/start.mjs> --enable-source-maps`, and watched
 * from outside: exact peak RSS per step from the kernel (VmHWM, reset through
 * /proc/<pid>/clear_refs), plus heapUsed / external / arrayBuffers sampled inside by
 * bench/memory-probe.mjs (preloaded with --import, reporting over IPC).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { bundleNodeApp } from '../../../scripts/bundle-node-app.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.resolve(here, '..');

export interface MemorySample {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export interface StepMemory {
  /** Peak RSS of the step from the kernel (VmHWM after a reset); the sampled peak when that is unavailable. */
  peakRss: number;
  exact: boolean;
  /** The probe's sample with the highest RSS during the step. */
  atPeak: MemorySample;
  /** After the step. */
  now: MemorySample;
  /** After a full GC at the end of the step (BENCH_DIAG=1 only). */
  live?: MemorySample;
}

/**
 * Bundles src/server.ts exactly as apps/api/build.mjs does, into bench/dist/server.js (apps/api/dist
 * is left alone); `other` bundles another commit's apps/api folder (its migrations beside it).
 */
export async function bundleApi(other?: { appDir: string; outDir: string }): Promise<string> {
  const dir = other?.appDir ?? appDir;
  return bundleNodeApp(dir, { build, copy: [['../../packages/db/drizzle', 'drizzle'], [path.relative(dir, path.join(appDir, '../../packages/db/src/pglite-worker.mjs')), 'pglite-worker.mjs']], outDir: other?.outDir ?? path.join(here, 'dist'), quiet: true });
}

export function removeBundle(): void {
  rmSync(path.join(here, 'dist'), { recursive: true, force: true });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function readStatus(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resets the kernel's peak-RSS counter of a process (Linux >= 4.0); false when not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface ApiProcess {
  base: string;
  pid: number;
  /** The node flags the API was started with (besides --enable-source-maps and the probe). */
  flags: string[];
  heapLimit: number;
  /** RSS once the API answers /health, before any request of the bench. */
  idleRss: number;
  execArgv: string[];
  startStep(): Promise<void>;
  endStep(): Promise<StepMemory>;
  /** Stops the API (SIGTERM) and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * Starts the bundled API on a free port against `databaseUrl`, with `flags` (from
 * scripts/start.mjs apiHeapFlags) and production settings; resolves once /health answers.
 */
export async function startApi(bundle: string, databaseUrl: string, flags: string[]): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-bench-api-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The bench runs under tsx: keep its loader (and any NODE_OPTIONS) out of the API process.
  delete env.NODE_OPTIONS;
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    LOG_LEVEL: 'warn',
  });
  const child: ChildProcess = spawn(
    process.execPath,
    [...flags, '--enable-source-maps', '--import', pathToFileURL(path.join(here, 'memory-probe.mjs')).href, bundle],
    { cwd: path.dirname(path.dirname(bundle)), env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let dead = false;
  void exited.then(() => {
    dead = true;
  });

  const ask = <T>(probe: 'reset' | 'report'): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (dead) {
        reject(new Error('the API process is gone'));
        return;
      }
      const onMessage = (msg: { probe?: string }) => {
        if (msg?.probe !== probe) return;
        child.off('message', onMessage);
        resolve(msg as T);
      };
      child.on('message', onMessage);
      child.send({ probe });
    });

  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (dead) throw new Error(`the API process exited (code ${await exited}) before answering /health`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    // 120 s: on the shared machine (load 30-40) the bundled API with its migrations took longer than 30 s to start.
    if (i > 1200) throw new Error('the API did not answer /health within 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const hello = await ask<{ heapLimit: number; execArgv: string[]; now: MemorySample }>('report');
  let exact = false;

  return {
    base,
    pid: child.pid!,
    flags,
    heapLimit: hello.heapLimit,
    idleRss: readStatus(child.pid!, 'VmRSS') ?? hello.now.rss,
    execArgv: hello.execArgv,
    async startStep() {
      exact = resetPeak(child.pid!);
      await ask('reset');
    },
    async endStep() {
      const r = await ask<{ peak: MemorySample; now: MemorySample; live?: MemorySample }>('report');
      const hwm = exact ? readStatus(child.pid!, 'VmHWM') : null;
      return { peakRss: hwm ?? r.peak.rss, exact: hwm !== null, atPeak: r.peak, now: r.now, live: r.live };
    },
    async stop() {
      if (!dead) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
