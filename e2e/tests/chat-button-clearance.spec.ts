import { expect, test, type Page } from '@playwright/test';
import { register, uniqueEmail } from './helpers';

/**
 * Issue 13 ("the floating chat button never covers a control"): the launcher sat on the last
 * lines of the portal pages (at 390 px a spacer of the chat feature only, without the phone's
 * safe area; at 1280 px the footer's links). The root layout now reserves its space at the end
 * of every page (--floating-reserve, index.css), so scrolled to the end neither the page's last
 * content row nor any text under it is covered, at 390 and 1280 px, light and dark.
 */


/** Scrolls to the end and waits until the launcher stops moving. */
async function atTheEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const launcher = page.getByRole('button', { name: 'Open AI assistant' });
  await expect(launcher).toBeVisible();
  await page.waitForTimeout(300);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Text on screen (main and footer) whose line boxes the launcher's box intersects. */
async function textUnderLauncher(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('[data-chat-launcher]');
    if (!button) return ['no launcher'];
    const l = button.getBoundingClientRect();
    const hits: string[] = [];
    for (const root of Array.from(document.querySelectorAll('main, footer'))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const parent = node.parentElement;
        if (!parent || !parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) {
          if (r.width <= 1 || r.height <= 1) continue;
          if (r.left < l.right && l.left < r.right && r.top < l.bottom && l.top < r.bottom) {
            hits.push(`"${node.textContent.trim().slice(0, 40)}" at ${Math.round(r.left)},${Math.round(r.top)} (launcher ${Math.round(l.left)},${Math.round(l.top)})`);
            break;
          }
        }
      }
    }
    return hits;
  });
}

/** The last row of the page's own content (main), as a box. */
async function lastContentRow(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    let bottom = -Infinity;
    let box: { top: number; bottom: number; left: number; right: number } | null = null;
    for (const element of Array.from(main?.querySelectorAll<HTMLElement>('*') ?? [])) {
      if (element.children.length || !element.textContent?.trim()) continue;
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const r = element.getBoundingClientRect();
      if (r.height > 1 && r.bottom > bottom) {
        bottom = r.bottom;
        box = { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      }
    }
    return box;
  });
}

for (const [width, theme] of [[390, 'light'], [390, 'dark'], [1280, 'light'], [1280, 'dark']] as const) {
  test(`at ${width} px the chat button covers no text at the end of the portal pages (${theme})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await register(page, 'customer', uniqueEmail(`clearance-${width}-${theme}`));
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const created = await page.request.post('/projects', {
      headers: { Authorization: `Bearer ${token}` },
      data: { project_name: 'Case palletizing', requirements: { application: 'palletizing', payload_kg: 20, reach_mm: 1500 } },
    });
    expect(created.status()).toBe(201);
    const { data } = (await created.json()) as { data: { id: string } };

    await page.goto(`/projects/${data.id}/robots`);
    await expect(page.getByRole('heading', { level: 1, name: 'Matching robots: Case palletizing' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /matching robots?$/ })).toBeVisible();
    await atTheEnd(page);
    const launcherBox = (await page.getByRole('button', { name: 'Open AI assistant' }).boundingBox())!;
    const last = (await lastContentRow(page))!;
    expect(last).not.toBeNull();
    // The launcher's box and the last content row do not intersect.
    const intersects = last.left < launcherBox.x + launcherBox.width && launcherBox.x < last.right && last.top < launcherBox.y + launcherBox.height && launcherBox.y < last.bottom;
    expect(intersects, `last row ${JSON.stringify(last)} vs launcher ${JSON.stringify(launcherBox)}`).toBe(false);
    expect(await textUnderLauncher(page)).toEqual([]);
    await page.screenshot({ path: `test-results/screens/matches-${width}-${theme}.png` });

    for (const path of ['/dashboard', '/messages', '/projects/new']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await atTheEnd(page);
      expect(await textUnderLauncher(page), path).toEqual([]);
      await page.screenshot({ path: `test-results/screens/${path.replace(/\W+/g, '-')}-${width}-${theme}.png` });
    }
  });
}

