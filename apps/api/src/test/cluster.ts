import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Pieces of the multi-instance test (scale-out.test.ts): real server processes and a small
 * round-robin proxy in front of them, as Caddy or a Kubernetes Service would be.
 */

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  /** The last lines the process printed (shown when the test fails). */
  output(): string;
  exited: Promise<number | null>;
}

/** Starts `node --import tsx <entry>` in `cwd` and waits until GET /health answers 200. */
export async function startInstance(opts: { name: string; cwd: string; entry: string; port: number; env: Record<string, string>; readyMs?: number }): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', opts.entry], {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-6000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.readyMs ?? 45_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${opts.name} stopped while starting:\n${tail}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${opts.name} did not become healthy:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { name: opts.name, url, child, output: () => tail, exited };
}

export interface ProxiedRequest {
  method: string;
  path: string;
  upstream: string | null;
  startedAt: number;
  endedAt: number;
  status: number | null;
  /** Set when the upstream failed after the request reached it (a killed instance). */
  error: string | null;
}

/**
 * Round robin over `upstreams`. A connection refused (the request never reached the
 * instance) is tried on the next one, as reverse proxies do; a failure after the request
 * reached an instance is answered 502 and recorded, never retried (a POST may have taken effect).
 */
export async function startProxy(upstreams: string[]): Promise<{ url: string; log: ProxiedRequest[]; close(): Promise<void> }> {
  let next = 0;
  const log: ProxiedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const entry: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', upstream: null, startedAt: Date.now(), endedAt: 0, status: null, error: null };
      log.push(entry);
      const attempt = (tries: number) => {
        const base = upstreams[next++ % upstreams.length] ?? '';
        entry.upstream = base;
        const target = new URL(req.url ?? '/', base);
        const headers: IncomingHttpHeaders = { ...req.headers, host: target.host, 'content-length': String(body.length) };
        delete headers['transfer-encoding'];
        const out = httpRequest(target, { method: req.method, headers, agent: false }, (answer) => {
          entry.status = answer.statusCode ?? null;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', () => (entry.endedAt = Date.now()));
          answer.on('error', (err) => {
            entry.error = err.message;
            entry.endedAt = Date.now();
            res.destroy();
          });
        });
        out.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED' && tries < upstreams.length) return attempt(tries + 1);
          entry.error = err.message;
          entry.endedAt = Date.now();
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Bad gateway', error: 'Bad Gateway', code: 'BAD_GATEWAY' }));
          else res.destroy();
        });
        out.end(body);
      };
      attempt(1);
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Stops a process (SIGTERM, then SIGKILL after `ms`) and waits for it. */
export async function stopInstance(instance: Instance, ms = 8000): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), ms);
  await instance.exited;
  clearTimeout(timer);
}

/** The ffmpeg the perception app uses (FFMPEG_PATH, its npm build, else the system's): for test and bench clips. */
export function perceptionFfmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  const perceptionDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../perception');
  try {
    const found = (createRequire(path.join(perceptionDir, 'package.json'))('@ffmpeg-installer/ffmpeg') as { path?: string }).path;
    if (found && existsSync(found)) return found;
  } catch {
    // fall back to the system's
  }
  return 'ffmpeg';
}
