import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoAxeViolations, register, uniqueEmail } from './helpers';

/**
 * Issue 16 end to end, on the real API, perception service and database: an integrator's
 * project holds a part weight, reach and cycle time; a phone-like video is analysed; the
 * region of interest is drawn on the key frame with the mouse and moved with the keyboard,
 * Stage 1 runs again in it, and the confirm step starts from the project's requirements.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ffmpegPath = (createRequire(path.join(root, 'apps/perception/package.json'))('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** 12 s at 10 fps: a test pattern with a box going right and back every 4 s in its lower right. */
function cellVideo(file: string) {
  execFileSync(ffmpegPath, [
    '-y', '-loglevel', 'error',
    '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10:duration=12',
    '-f', 'lavfi', '-i', 'color=c=orange:s=24x24:r=10:d=12',
    '-filter_complex', "[0:v][1:v]overlay=x='200+80*abs(mod(t,4)-2)/2':y=130:shortest=1",
    '-pix_fmt', 'yuv420p', file,
  ]);
}

async function regionText(page: Page) {
  return page.getByText(/^Region: left \d+ %/).textContent();
}

test('an integrator draws a region of interest on the key frame, runs Stage 1 in it, and confirms from the project requirements', async ({ page }) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cellforge-e2e-roi-'));
  const video = path.join(dir, 'phone-cell.mp4');
  cellVideo(video);
  try {
    await register(page, 'integrator', uniqueEmail('integrator-roi'), 'Grace');
    await page.goto('/integrator/dashboard?tab=analyze');
    await page.getByRole('button', { name: 'Create a project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Project name').fill('Gearbox cell');
    await dialog.getByLabel('Part weight (kg)').fill('8');
    await dialog.getByLabel('Reach needed (mm)').fill('1400');
    await dialog.getByLabel('Cycle time (s)').fill('6');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Video of the work cell').setInputFiles(video);
    await page.getByRole('button', { name: 'Upload and analyse' }).click();
    await expect(page.getByRole('heading', { name: 'Stage 1 entity extraction results' })).toBeVisible({ timeout: 180_000 });

    // the confirm step starts from the project's requirements
    await expect(page.getByLabel('Reach needed (mm)')).toHaveValue('1400');
    await expect(page.getByLabel('Cycle time target (s)')).toHaveValue('6');
    await expect(page.getByLabel('Payload 1 Weight (kg)')).toHaveValue('8');

    // draw the region on the key frame with the mouse: from 50 %/50 % to 90 %/95 %
    const frame = page.getByTestId('region-frame');
    await expect(frame.getByRole('img', { name: 'Key frame to draw the region on' })).toBeVisible();
    await frame.scrollIntoViewIfNeeded();
    const box = await frame.boundingBox();
    if (!box) throw new Error('no frame box');
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.95, { steps: 4 });
    await page.mouse.up();
    expect(await regionText(page)).toBe('Region: left 50 %, top 50 %, 40 % wide, 45 % high.');
    await expect(page.getByRole('button', { name: /corner of the region$/ })).toHaveCount(4);

    // then nudge it with the keyboard: 5 % right, and the bottom-right corner 5 % down
    const region = page.getByRole('button', { name: /^Region of interest:/ });
    await region.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.getByRole('button', { name: 'Bottom-right corner of the region' }).focus();
    await page.keyboard.press('Shift+ArrowDown');
    expect(await regionText(page)).toBe('Region: left 55 %, top 50 %, 40 % wide, 50 % high.');
    await expectNoAxeViolations(page, 'analysis with a region drawn');

    const stage1 = page.waitForRequest((r) => r.method() === 'POST' && /\/stage1/.test(r.url()));
    await page.getByRole('button', { name: 'Run Stage 1 again in this region' }).click();
    expect((await stage1).postDataJSON()).toEqual({ region_of_interest: { x: 0.55, y: 0.5, width: 0.4, height: 0.5 } });
    await expect(page.getByText('Motion was measured in the region of interest only (the rest of the picture was left out).')).toBeVisible({ timeout: 180_000 });
    // the region the run measured in is where the panel starts from
    await expect(page.getByRole('button', { name: /^Region of interest:/ })).toHaveAccessibleName('Region of interest: left 55 %, top 50 %, 40 % wide, 50 % high');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.describe('on a phone with a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the region of interest is drawn with a finger, and the page does not scroll while drawing', async ({ page }) => {
    test.setTimeout(300_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cellforge-e2e-roi-touch-'));
    const video = path.join(dir, 'phone-cell.mp4');
    cellVideo(video);
    try {
      await register(page, 'integrator', uniqueEmail('integrator-roi-touch'), 'Grace');
      await page.goto('/integrator/dashboard?tab=analyze');
      await page.getByRole('button', { name: 'Create a project' }).click();
      const dialog = page.getByRole('dialog', { name: 'New project' });
      await dialog.getByLabel('Project name').fill('Phone cell');
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await expect(dialog).toBeHidden();
      await page.getByLabel('Video of the work cell').setInputFiles(video);
      await page.getByRole('button', { name: 'Upload and analyse' }).click();
      await expect(page.getByRole('heading', { name: 'Stage 1 entity extraction results' })).toBeVisible({ timeout: 180_000 });

      const frame = page.getByTestId('region-frame');
      await expect(frame.getByRole('img', { name: 'Key frame to draw the region on' })).toBeVisible();
      await frame.scrollIntoViewIfNeeded();
      const box = await frame.boundingBox();
      if (!box) throw new Error('no frame box');
      expect(box.width).toBeLessThanOrEqual(390);
      const scrollBefore = await page.evaluate(() => window.scrollY);
      const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0.2, 0.2)] });
      for (const f of [0.3, 0.45, 0.6, 0.7]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(f, f + 0.1)] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect(page.getByText(/^Region: left \d+ %/)).toHaveText('Region: left 20 %, top 20 %, 50 % wide, 60 % high.');
      expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
      await expect(page.getByRole('button', { name: 'Run Stage 1 again in this region' })).toBeVisible();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
