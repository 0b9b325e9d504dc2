#!/usr/bin/env node
// Page-speed check of the public pages (not part of `pnpm test`).
//
//   pnpm turbo run build --filter=@cellforge/web --filter=@cellforge/api --filter=@cellforge/perception
//   node e2e/lighthouse.mjs                 # starts the built product on E2E_PORT (default 3300)
//   BASE_URL=http://127.0.0.1:3000 node e2e/lighthouse.mjs   # or checks a running one
//
// With `lighthouse` (12.8, see STACK.md) on PATH or in node_modules/.bin it runs a
// Lighthouse mobile performance + accessibility audit of each page against
// CHROME_PATH (default /usr/bin/chromium) and fails under the budgets below. Without
// it, it measures the same pages itself in Chromium through Playwright, under
// Lighthouse's mobile conditions (4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s down):
// first and largest contentful paint, layout shift, and the JavaScript each page
// downloads. Budgets: LCP <= 2.5 s, CLS <= 0.1, home JavaScript <= 160 kB on the wire.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/roi-calculator', '/beta-signup', '/learn-how-it-works', '/agent/robotics-advisor'];
const BUDGET = { lcpMs: 2500, cls: 0.1, homeJsBytes: 160_000, lighthousePerformance: 0.9, lighthouseAccessibility: 1 };

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

function findLighthouse() {
  const local = path.join(root, 'node_modules/.bin/lighthouse');
  if (existsSync(local)) return local;
  const onPath = spawnSync('lighthouse', ['--version'], { encoding: 'utf8' });
  return onPath.status === 0 ? 'lighthouse' : null;
}

function runLighthouse(bin, url) {
  const out = spawnSync(
    bin,
    [url, '--output=json', '--quiet', '--only-categories=performance,accessibility', `--chrome-path=${chromePath}`, '--chrome-flags=--headless --no-sandbox --disable-gpu'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: chromePath } },
  );
  if (out.status !== 0) throw new Error(`lighthouse failed on ${url}: ${out.stderr}`);
  const report = JSON.parse(out.stdout);
  return {
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    lcpMs: report.audits['largest-contentful-paint'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
  };
}

async function measureWithPlaywright(base, pagePath) {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
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
  const lighthouse = findLighthouse();
  console.log(lighthouse ? `Lighthouse (${lighthouse}) on ${product.base}` : `lighthouse not installed: measuring with Playwright + ${chromePath} on ${product.base}`);
  console.log('(mobile: 4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s; sizes are what goes over the wire, compressed)\n');
  for (const pagePath of PAGES) {
    if (lighthouse) {
      const r = runLighthouse(lighthouse, product.base + pagePath);
      console.log(`${pagePath.padEnd(26)} performance ${Math.round(r.performance * 100)}  accessibility ${Math.round(r.accessibility * 100)}  LCP ${Math.round(r.lcpMs)} ms  CLS ${r.cls.toFixed(3)}`);
      if (r.performance < BUDGET.lighthousePerformance) failures.push(`${pagePath}: performance ${r.performance}`);
      if (r.accessibility < BUDGET.lighthouseAccessibility) failures.push(`${pagePath}: accessibility ${r.accessibility}`);
    } else {
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
