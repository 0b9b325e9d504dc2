#!/usr/bin/env node
// Page-speed check of the public pages (not part of `pnpm test`).
//
//   pnpm turbo run build --filter=@cellforge/web --filter=@cellforge/api --filter=@cellforge/perception
//   CHROME_PATH=/usr/bin/chromium node e2e/lighthouse.mjs   # starts the built product on E2E_PORT (default 3300)
//   BASE_URL=http://127.0.0.1:3000 node e2e/lighthouse.mjs   # or checks a running one
//
// Lighthouse 12.8 (a devDependency of this package, see STACK.md) audits each page
// LIGHTHOUSE_RUNS times (default 3) with its default mobile config and simulated
// throttling, performance + accessibility, against CHROME_PATH (default
// /usr/bin/chromium); the JSON reports go to LIGHTHOUSE_REPORT_DIR (default a new
// folder under the system temp dir). LIGHTHOUSE_PAGES=/,/beta-signup audits a subset. It prints each run with the machine's load
// average, then the median per page, and fails when a median is under budget:
// performance >= 0.95, accessibility >= 0.95 (issue 7), LCP <= 2.5 s, CLS <= 0.1, and
// home JavaScript <= 160 kB on the wire (script transfer sizes, compressed).
// Without Lighthouse it measures the same pages itself in Chromium through Playwright,
// under Lighthouse's mobile conditions (4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s down):
// first and largest contentful paint, layout shift and the JavaScript each page
// downloads (no scores then).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// '/robots/:id' is audited on a real robot of the seed, picked through the API (the first of the catalog's first page).
const PUBLIC_PAGES = ['/', '/roi-calculator', '/beta-signup', '/learn-how-it-works', '/agent/robotics-advisor', '/catalog', '/robots/:id'];
// LIGHTHOUSE_PAGES=/,/robots/:id audits only those (while working on a page).
const PAGE_PATTERNS = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(',').map((p) => p.trim()).filter(Boolean) : PUBLIC_PAGES;
let PAGES = PAGE_PATTERNS;
const BUDGET = { lcpMs: 2500, cls: 0.1, homeJsBytes: 160_000, lighthousePerformance: 0.95, lighthouseAccessibility: 0.95 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function startProduct() {
  const port = Number(process.env.E2E_PORT ?? 3300);
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PERCEPTION_PORT: String(port + 1),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cellforge-lighthouse-')),
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'lighthouse-secret-lighthouse-secret-1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${base}/health`)).ok) return { base, stop: () => child.kill('SIGTERM') };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the product did not start (run the build first)');
}

/** The pages with `:id` replaced by a robot of the running product's catalog. */
async function resolvePages(base) {
  if (!PAGE_PATTERNS.some((p) => p.includes(':id'))) return PAGE_PATTERNS;
  const answer = await fetch(`${base}/api/robots?limit=1`);
  if (!answer.ok) throw new Error(`GET /api/robots: ${answer.status} (needed to pick a robot for /robots/:id)`);
  const body = await answer.json();
  const id = body.data?.[0]?.id;
  if (!id) throw new Error('the catalog has no robot to audit /robots/:id on');
  return PAGE_PATTERNS.map((p) => p.replace(':id', encodeURIComponent(id)));
}

/**
 * The command that runs Lighthouse: this package's own copy (resolved like an import
 * from e2e/, so it works from any working directory and with pnpm's isolated
 * node_modules), else `lighthouse` on PATH, else null.
 */
function findLighthouse() {
  try {
    const manifestPath = createRequire(import.meta.url).resolve('lighthouse/package.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.lighthouse;
    if (bin) {
      const cli = path.resolve(path.dirname(manifestPath), bin);
      if (existsSync(cli)) return { command: process.execPath, args: [cli], label: `lighthouse ${manifest.version}` };
    }
  } catch {
    // not installed in this package: try PATH
  }
  const onPath = spawnSync('lighthouse', ['--version'], { encoding: 'utf8' });
  return onPath.status === 0 ? { command: 'lighthouse', args: [], label: `lighthouse ${onPath.stdout.trim()} (PATH)` } : null;
}

function loadAverage() {
  return loadavg().map((n) => n.toFixed(2)).join(' ');
}

function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((x, y) => x - y);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The audits of a category that lost points (score < 1), worst first, for the log. */
function failedAudits(report, category) {
  return report.categories[category].auditRefs
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
    .map((audit) => audit.id);
}

function runLighthouse(lighthouse, url, outputPath) {
  const out = spawnSync(
    lighthouse.command,
    [
      ...lighthouse.args,
      url,
      '--output=json',
      `--output-path=${outputPath}`,
      '--quiet',
      '--only-categories=performance,accessibility',
      `--chrome-path=${chromePath}`,
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: chromePath } },
  );
  if (out.status !== 0) throw new Error(`lighthouse failed on ${url}: ${out.stderr}`);
  const report = JSON.parse(readFileSync(outputPath, 'utf8'));
  if (report.runtimeError) throw new Error(`lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const requests = report.audits['network-requests']?.details?.items ?? [];
  return {
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    fcpMs: report.audits['first-contentful-paint'].numericValue,
    lcpMs: report.audits['largest-contentful-paint'].numericValue,
    tbtMs: report.audits['total-blocking-time'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
    siMs: report.audits['speed-index'].numericValue,
    jsBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    failed: [...failedAudits(report, 'performance'), ...failedAudits(report, 'accessibility')],
  };
}

function formatLighthouse(r) {
  return `performance ${String(Math.round(r.performance * 100)).padStart(3)}  accessibility ${String(Math.round(r.accessibility * 100)).padStart(3)}  FCP ${String(Math.round(r.fcpMs)).padStart(5)} ms  LCP ${String(Math.round(r.lcpMs)).padStart(5)} ms  TBT ${String(Math.round(r.tbtMs)).padStart(4)} ms  CLS ${r.cls.toFixed(3)}  SI ${String(Math.round(r.siMs)).padStart(5)} ms  JS ${(r.jsBytes / 1000).toFixed(1)} kB`;
}

async function auditWithLighthouse(lighthouse, base, failures) {
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR ?? mkdtempSync(path.join(tmpdir(), 'cellforge-lighthouse-reports-'));
  mkdirSync(reportDir, { recursive: true });
  console.log(`${lighthouse.label} on ${base}: ${RUNS} run(s), default mobile config (simulated throttling); reports in ${reportDir}\n`);
  const results = new Map(PAGES.map((p) => [p, []]));
  for (let run = 1; run <= RUNS; run += 1) {
    console.log(`run ${run}, load average ${loadAverage()}`);
    for (const pagePath of PAGES) {
      const slug = pagePath === '/' ? 'home' : pagePath.slice(1).replace(/\//g, '_');
      const r = runLighthouse(lighthouse, base + pagePath, path.join(reportDir, `${slug}-run${run}.json`));
      results.get(pagePath).push(r);
      console.log(`  ${pagePath.padEnd(24)} ${formatLighthouse(r)}${r.failed.length ? `\n  ${''.padEnd(24)} below 0.9: ${r.failed.join(', ')}` : ''}`);
    }
  }
  console.log(`\nmedian of ${RUNS}, load average now ${loadAverage()}`);
  for (const pagePath of PAGES) {
    const runs = results.get(pagePath);
    const m = Object.fromEntries(['performance', 'accessibility', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'siMs', 'jsBytes'].map((k) => [k, median(runs.map((r) => r[k]))]));
    console.log(`  ${pagePath.padEnd(24)} ${formatLighthouse(m)}`);
    if (m.performance < BUDGET.lighthousePerformance) failures.push(`${pagePath}: performance ${Math.round(m.performance * 100)} < ${BUDGET.lighthousePerformance * 100}`);
    if (m.accessibility < BUDGET.lighthouseAccessibility) failures.push(`${pagePath}: accessibility ${Math.round(m.accessibility * 100)} < ${BUDGET.lighthouseAccessibility * 100}`);
    if (m.lcpMs > BUDGET.lcpMs) failures.push(`${pagePath}: LCP ${Math.round(m.lcpMs)} ms > ${BUDGET.lcpMs} ms`);
    if (m.cls > BUDGET.cls) failures.push(`${pagePath}: CLS ${m.cls.toFixed(3)} > ${BUDGET.cls}`);
    if (pagePath === '/' && m.jsBytes > BUDGET.homeJsBytes) failures.push(`/: JavaScript ${m.jsBytes} B > ${BUDGET.homeJsBytes} B`);
  }
}

async function measureWithPlaywright(base, pagePath) {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const types = new Map();
  let jsBytes = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
  });
  await page.addInitScript(() => {
    window.__perf = { lcp: 0, cls: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__perf.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__perf.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(base + pagePath, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  await page.waitForTimeout(500);
  const result = await page.evaluate(() => ({
    fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    lcpMs: window.__perf.lcp,
    cls: window.__perf.cls,
  }));
  await browser.close();
  return { ...result, jsBytes };
}

const external = process.env.BASE_URL;
const product = external ? { base: external.replace(/\/$/, ''), stop: () => undefined } : await startProduct();
const failures = [];
try {
  PAGES = await resolvePages(product.base);
  const lighthouse = findLighthouse();
  if (lighthouse) {
    await auditWithLighthouse(lighthouse, product.base, failures);
  } else {
    console.log(`lighthouse not installed: measuring with Playwright + ${chromePath} on ${product.base}`);
    console.log('(mobile: 4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s; sizes are what goes over the wire, compressed)\n');
    console.log(`load average ${loadAverage()}`);
    for (const pagePath of PAGES) {
      const r = await measureWithPlaywright(product.base, pagePath);
      console.log(`${pagePath.padEnd(26)} FCP ${String(Math.round(r.fcpMs)).padStart(5)} ms  LCP ${String(Math.round(r.lcpMs)).padStart(5)} ms  CLS ${r.cls.toFixed(3)}  JS ${(r.jsBytes / 1000).toFixed(1)} kB`);
      if (r.lcpMs > BUDGET.lcpMs) failures.push(`${pagePath}: LCP ${Math.round(r.lcpMs)} ms > ${BUDGET.lcpMs} ms`);
      if (r.cls > BUDGET.cls) failures.push(`${pagePath}: CLS ${r.cls.toFixed(3)} > ${BUDGET.cls}`);
      if (pagePath === '/' && r.jsBytes > BUDGET.homeJsBytes) failures.push(`/: JavaScript ${r.jsBytes} B > ${BUDGET.homeJsBytes} B`);
    }
  }
} finally {
  product.stop();
}
if (failures.length) {
  console.error(`\nOver budget:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nAll pages within budget.');
