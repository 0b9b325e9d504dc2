import { expect, test, type Page, type Request } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register, uniqueEmail } from './helpers';

function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('missing');
  return value;
}

/**
 * Issue 18 end to end, on the real API, job queue, perception service and database: the
 * Analysis tab follows a queued Stage 1 over the server-sent event stream
 * (GET /api/integrator/analysis/:jobId/events) and its progress advances to the results
 * without a reload; when the stream cannot be had (blocked here, as a proxy that buffers or
 * a browser without streaming would), polling the job brings the same results.
 * (The client reads the stream with fetch, not EventSource, because it needs the
 * Authorization header: "unavailable" is the events request failing.)
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ffmpegPath = (createRequire(path.join(root, 'apps/perception/package.json'))('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** 3 minutes at 10 fps, 480x270: a part going right and back every 4 s (several seconds of Stage 1, long enough to watch it run). */
function cellVideo(file: string) {
  execFileSync(ffmpegPath, [
    '-y', '-loglevel', 'error',
    '-f', 'lavfi', '-i', 'testsrc=size=480x270:rate=10:duration=180',
    '-f', 'lavfi', '-i', 'color=c=orange:s=32x32:r=10:d=180',
    '-filter_complex', "[0:v][1:v]overlay=x='300+120*abs(mod(t,4)-2)/2':y=200:shortest=1",
    '-pix_fmt', 'yuv420p', file,
  ]);
}

const isJobRead = (r: Request) => r.method() === 'GET' && /\/api\/integrator\/analysis\/[^/]+$/.test(new URL(r.url()).pathname);
const isEvents = (r: Request) => /\/api\/integrator\/analysis\/[^/]+\/events$/.test(new URL(r.url()).pathname);

/** Registers an integrator, creates a project and uploads the clip; Stage 1 starts by itself. */
async function uploadAndStart(page: Page, video: string, name: string) {
  await register(page, 'integrator', uniqueEmail(`integrator-${name}`), 'Grace');
  await page.goto('/integrator/dashboard?tab=analyze');
  await page.getByRole('button', { name: 'Create a project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Project name').fill(`Packing cell ${name}`);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Video of the work cell').setInputFiles(video);
  await page.getByRole('button', { name: 'Upload and analyse' }).click();
}

/** The progress labels the tab showed, in order, sampled every 50 ms until the results heading appears. */
async function watchProgress(page: Page): Promise<string[]> {
  const seen: string[] = [];
  const results = page.getByRole('heading', { name: 'Stage 1 entity extraction results' });
  const deadline = Date.now() + 180_000;
  while (!(await results.isVisible())) {
    if (Date.now() > deadline) throw new Error(`no results; progress seen: ${seen.join(' | ')}`);
    const label = await page
      .getByRole('progressbar')
      .first()
      .getAttribute('aria-label', { timeout: 200 })
      .catch(() => null);
    if (label && seen.at(-1) !== label) seen.push(label);
    await page.waitForTimeout(50);
  }
  return seen;
}

test.describe('the analysis page follows a running stage', () => {
  test.describe.configure({ mode: 'serial' });
  let dir: string;
  let video: string;

  test.beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cellforge-e2e-progress-'));
    video = path.join(dir, 'packing-cell.mp4');
    cellVideo(video);
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('over the event stream: the progress advances to the results without a reload, and the job is not polled meanwhile', async ({ page }) => {
    test.setTimeout(300_000);
    const loads: string[] = [];
    await uploadAndStart(page, video, 'sse');
    page.on('load', () => loads.push(page.url()));
    const stream = page.waitForResponse((r) => isEvents(r.request()), { timeout: 60_000 });
    const streamOpenedAt = stream.then(() => Date.now());
    const reads: number[] = [];
    page.on('request', (r) => {
      if (isJobRead(r)) reads.push(Date.now());
    });

    const seen = await watchProgress(page);
    const resultsAt = Date.now();
    const response = await stream;
    const openedAt = await streamOpenedAt;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
    // the progress advanced on the page: a Stage 1 step, then the results, with no page load in between
    expect(seen.length, seen.join(' | ')).toBeGreaterThan(0);
    const stageSteps = seen.filter((label) => label.startsWith('Stage 1'));
    expect(stageSteps.length, seen.join(' | ')).toBeGreaterThan(0);
    expect(stageSteps.every((label) => /^Stage 1( is queued…| running…| running \(attempt \d of \d\)…|…)$/.test(label)), seen.join(' | ')).toBe(true);
    expect(loads).toEqual([]);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    // the stream itself carried the progress: the running stage, then its end with the results
    const statuses = (await response.text())
      .split('\n\n')
      .filter((block) => /^event: job$/m.test(block))
      .map((block) => (JSON.parse(defined(/^data: (.*)$/m.exec(block))[1] ?? '{}') as { data: { status: string } }).data.status);
    expect(statuses.at(-1), statuses.join(' > ')).toBe('stage1_done');
    expect(statuses.slice(0, -1).some((s) => s === 'stage1_running'), statuses.join(' > ')).toBe(true);
    // while the stream was live the job was not polled (polling reads it every 2 s): at most the reads
    // around its opening and end
    const seconds = (resultsAt - openedAt) / 1000;
    const duringStream = reads.filter((t) => t > openedAt && t <= resultsAt).length;
    expect(duringStream, `${duringStream} job reads in the ${seconds.toFixed(1)} s the stream was followed`).toBeLessThanOrEqual(2);
  });

  test('without the event stream: polling brings the progress and the results, still without a reload', async ({ page }) => {
    test.setTimeout(300_000);
    let blocked = 0;
    await page.route(/\/api\/integrator\/analysis\/[^/]+\/events$/, async (route) => {
      blocked += 1;
      await route.abort('failed');
    });
    const loads: string[] = [];
    const reads: number[] = [];
    page.on('request', (r) => {
      if (isJobRead(r)) reads.push(Date.now());
    });
    await uploadAndStart(page, video, 'poll');
    page.on('load', () => loads.push(page.url()));

    const seen = await watchProgress(page);
    expect(blocked, 'the tab tried the stream first').toBeGreaterThan(0);
    expect(seen.some((label) => label.startsWith('Stage 1')), seen.join(' | ')).toBe(true);
    expect(loads).toEqual([]);
    // followed by polling: repeated reads of the job, about every 2 s
    expect(reads.length, `job reads: ${reads.length}`).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('heading', { name: 'Stage 1 entity extraction results' })).toBeVisible();
  });
});
