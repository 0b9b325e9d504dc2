/**
 * Mixed load on the built API, the embedded database (PGlite) against PostgreSQL
 * (issue 19: "mixed load on the PGlite default at least 0.9 times the PostgreSQL figure"):
 *   pnpm --filter @cellforge/api build && pnpm --filter @cellforge/api bench:mixed
 * Starts dist/server.js as production runs it (`node --max-old-space-size=384`, seeded
 * catalog, a new temporary DATA_DIR) once per database and repeat, interleaved
 * (PGlite, PostgreSQL, PGlite, ...), and sends BENCH_DURATION_S seconds (default 60) of 20
 * autocannon connections mixing what visitors and signed-in buyers do: catalog searches
 * (two repeated ones and one never seen before), robot pages (each records a view), the
 * signed-in buyer's account, projects and unread count. Prints req/s, p97.5 latency,
 * non-2xx answers, the API's idle RSS (after /health, one sign-up and 3 s) and peak RSS
 * (the kernel's VmHWM; both with the database thread),
 * CPU time per request (the API's thread, its busiest other thread, the whole process and,
 * on PostgreSQL, the server processes of the bench's database) and the load average, then
 * the medians and the PGlite/PostgreSQL ratio. CPU per request is the figure to compare
 * when other work shares the machine: throughput then follows the CPU the process gets.
 *
 * PostgreSQL: BENCH_DATABASE_URL=postgres://.../<admin database>; each run creates a
 * scratch database beside it and drops it afterwards. Without it only PGlite runs.
 * BENCH_REPEATS (default 3) runs per variant. BENCH_VARIANTS (comma-separated, default
 * "pglite,postgres"): pglite = the default install (PGlite on its worker thread),
 * pglite-main = PGlite on the API's own thread (PGLITE_THREAD=main, the former default),
 * postgres = PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION_S ?? 60);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const adminUrl = process.env.BENCH_DATABASE_URL;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** CPU time (ms) of each thread of a process, by thread id, with its name: where the work runs. */
function threadCpu(pid) {
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, { name, ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    } catch {
      // the thread ended
    }
  }
  return out;
}

async function freePort() {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/** CPU time (ms) of the PostgreSQL server processes serving database `name` (their title names it). */
function backendCpu(name) {
  let ms = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${name} `)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // the process ended
    }
  }
  return ms;
}

async function withScratchDatabase(fn) {
  if (!adminUrl) throw new Error('BENCH_DATABASE_URL is not set');
  const name = `cf_mixed_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString(), name);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

/** One run: the API on `databaseUrl` (PGlite when undefined), BENCH_DURATION_S of mixed load. */
async function run(databaseUrl, pgliteThread = 'worker', databaseName = undefined) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-mixed-'));
  const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', WEB_DIST: '' };
  delete env.NODE_OPTIONS;
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  env.PGLITE_THREAD = pgliteThread;
  const child = spawn(process.execPath, ['--max-old-space-size=384', 'dist/server.js'], { cwd: appDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const memory = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024;
  const peak = () => memory('VmHWM');
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i += 1) {
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 900) throw new Error('the API did not answer /health within 90 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const json = { 'content-type': 'application/json' };
    const password = `Bench-${randomBytes(8).toString('hex')}-pass`;
    const registered = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: `buyer-${randomBytes(4).toString('hex')}@example.com`, password, first_name: 'Bench', last_name: 'Buyer', user_type: 'customer' }),
    });
    const body = await registered.json();
    if (!registered.ok || !body.token) throw new Error(`registering the bench buyer failed: ${registered.status} ${JSON.stringify(body).slice(0, 300)}`);
    const auth = { authorization: `Bearer ${body.token}` };
    const list = await (await fetch(`${base}/api/robots?limit=40`)).json();
    const ids = (list.robots ?? list.items ?? list.data ?? []).map((r) => r.id).filter(Boolean);
    if (ids.length < 10) throw new Error(`expected robots in the seeded catalog, got ${JSON.stringify(list).slice(0, 200)}`);
    const words = ['fanuc', 'abb', 'kuka', 'yaskawa', 'ur', 'scara', 'welding', 'palletizing', 'cobot', 'delta', 'painting', 'stäubli', 'epson', 'denso', 'kawasaki', 'nachi', 'omron', 'doosan'];
    let n = 0;
    // A never-seen search: words and a payload that change on every request.
    const freshSearch = (req) => {
      n += 1;
      return { ...req, path: `/api/robots?q=${encodeURIComponent(`${words[n % words.length]} ${(n % 50) + 1} kg`)}&page=${(n % 3) + 1}` };
    };
    const robotPage = (req) => {
      n += 1;
      return { ...req, path: `/api/robots/${ids[n % ids.length]}` };
    };
    await new Promise((r) => setTimeout(r, 3000));
    const idleRss = memory('VmRSS');
    const cpuBefore = threadCpu(child.pid);
    const serverBefore = databaseName ? backendCpu(databaseName) : 0;
    const result = await autocannon({
      url: base,
      connections: 20,
      duration,
      requests: [
        { method: 'GET', path: '/api/robots?q=fanuc' },
        { method: 'GET', path: '/api/robots?category=scara&sort=payload' },
        { method: 'GET', setupRequest: freshSearch },
        { method: 'GET', setupRequest: robotPage },
        { method: 'GET', setupRequest: robotPage },
        { method: 'GET', path: '/auth/me', headers: auth },
        { method: 'GET', path: '/projects', headers: auth },
        { method: 'GET', path: '/api/threads/unread', headers: auth },
      ],
    });
    const cpuAfter = threadCpu(child.pid);
    // PostgreSQL's work happens in its own processes: counted so both databases are compared whole.
    const serverMs = databaseName ? backendCpu(databaseName) - serverBefore : 0;
    // CPU per request of the API's main thread (its id is the process id), of the other
    // busiest thread (the database's worker thread on PGlite) and of the whole process.
    const perRequest = (ms) => ms / Math.max(1, result.requests.total);
    const spent = [...cpuAfter].map(([tid, t]) => ({ tid, name: t.name, ms: t.ms - (cpuBefore.get(tid)?.ms ?? 0) }));
    const main = spent.find((t) => t.tid === String(child.pid))?.ms ?? 0;
    const other = spent.filter((t) => t.tid !== String(child.pid)).sort((a, b) => b.ms - a.ms)[0];
    const cpu = { main: perRequest(main), other: perRequest(other?.ms ?? 0), otherName: other?.name, total: perRequest(spent.reduce((sum, t) => sum + t.ms, 0)), server: perRequest(serverMs) };
    return { cpu, idleRss, rps: result.requests.average, p95: result.latency.p97_5 ?? result.latency.p99, non2xx: result.non2xx, errors: result.errors, peakRss: peak(), load: load() };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const labels = { pglite: 'PGlite (worker thread)', 'pglite-main': 'PGlite (API thread)', postgres: 'PostgreSQL' };
const variants = (process.env.BENCH_VARIANTS ?? (adminUrl ? 'pglite,postgres' : 'pglite')).split(',').map((v) => v.trim());
for (const v of variants) if (!(v in labels)) throw new Error(`BENCH_VARIANTS: unknown variant "${v}" (pglite, pglite-main, postgres)`);
const results = Object.fromEntries(variants.map((v) => [labels[v], []]));
console.log(`mixed load: ${variants.join(', ')}, ${repeats} x ${duration} s each, 20 connections (load ${load()})`);
for (let i = 0; i < repeats; i += 1) {
  for (const v of variants) {
    const r = v === 'postgres' ? await withScratchDatabase((url, name) => run(url, 'worker', name)) : await run(undefined, v === 'pglite-main' ? 'main' : 'worker');
    results[labels[v]].push(r);
    console.log(`${labels[v]} run ${i + 1}: ${Math.round(r.rps)} req/s, p97.5 ${r.p95} ms, ${r.non2xx} non-2xx, ${r.errors} errors, RSS ${Math.round(r.idleRss)} MB idle, ${Math.round(r.peakRss)} MB peak, CPU per request: API thread ${r.cpu.main.toFixed(2)} ms, busiest other thread (${r.cpu.otherName}) ${r.cpu.other.toFixed(2)} ms, process ${r.cpu.total.toFixed(2)} ms${v === 'postgres' ? `, PostgreSQL server ${r.cpu.server.toFixed(2)} ms` : ''} (load ${r.load})`);
  }
}
for (const [db, rs] of Object.entries(results)) {
  if (rs.length === 0) continue;
  console.log(`${db} median: ${Math.round(median(rs.map((r) => r.rps)))} req/s, p97.5 ${median(rs.map((r) => r.p95))} ms, RSS ${Math.round(median(rs.map((r) => r.idleRss)))} MB idle, ${Math.round(median(rs.map((r) => r.peakRss)))} MB peak, CPU per request ${median(rs.map((r) => r.cpu.total + r.cpu.server)).toFixed(2)} ms (database server included)`);
}
const pgRps = results.PostgreSQL ? median(results.PostgreSQL.map((r) => r.rps)) : null;
for (const [db, rs] of Object.entries(results)) {
  if (pgRps && db !== 'PostgreSQL') console.log(`${db} / PostgreSQL: ${(median(rs.map((r) => r.rps)) / pgRps).toFixed(2)}x`);
}
