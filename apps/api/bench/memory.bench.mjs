/**
 * Resident memory of the built API as production runs it (issue 15, item 14):
 *   pnpm --filter @cellforge/api build && pnpm --filter @cellforge/api bench:memory
 * PGlite by default (a new temporary DATA_DIR); set BENCH_DATABASE_URL to a scratch
 * PostgreSQL database to measure that instead. Prints idle RSS (after /health + 3 s) and
 * peak RSS (the kernel's VmHWM) after BENCH_DURATION_S seconds of 20 connections mixing
 * catalog searches and assistant questions, with the load average.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = await new Promise((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-mem-'));
const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', WEB_DIST: '' };
delete env.NODE_OPTIONS;
if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete env.DATABASE_URL;
const child = spawn(process.execPath, ['--max-old-space-size=384', 'dist/server.js'], { cwd: appDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
const status = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('the API did not answer /health within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 3000));
  const idle = status('VmRSS');
  const json = { 'content-type': 'application/json' };
  const result = await autocannon({
    url: base,
    connections: 20,
    duration: Number(process.env.BENCH_DURATION_S ?? 15),
    requests: [
      { method: 'GET', path: '/api/robots?q=fanuc' },
      { method: 'GET', path: '/api/robots?category=scara&sort=payload' },
      { method: 'GET', path: '/api/robots?q=ur10e' },
      { method: 'POST', path: '/ai/chat', headers: json, body: JSON.stringify({ message: 'I need a robot for 8 kg parts with 1.2 m reach' }) },
      { method: 'POST', path: '/ai/chat', headers: json, body: JSON.stringify({ message: 'FANUC SRVO-062 alarm' }) },
    ],
  });
  const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`${db}: idle RSS ${Math.round(idle)} MB, peak RSS ${Math.round(status('VmHWM'))} MB under ${Math.round(result.requests.average)} req/s (assistant questions over the per-address limit answer 429) (load ${load()})`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
