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


/** Scrolls the document by `dy` and waits for the launcher's reaction (two frames and its transition). */
async function scrollBy(page: Page, dy: number) {
  await page.evaluate((d) => window.scrollBy(0, d), dy);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(250);
}

/** The launcher as the reader sees it: hidden (stepped aside) or where it is. */
async function launcherState(page: Page) {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('[data-chat-launcher]');
    if (!button) return { present: false, hidden: true, clickable: false };
    const style = getComputedStyle(button);
    const r = button.getBoundingClientRect();
    const onScreen = r.bottom > 0 && r.top < window.innerHeight;
    return { present: true, hidden: style.opacity === '0' || !onScreen, clickable: style.pointerEvents !== 'none' && onScreen };
  });
}

for (const [width, theme] of [[390, 'light'], [390, 'dark'], [1280, 'light'], [1280, 'dark']] as const) {
  test(`at ${width} px the chat button steps aside while the reader scrolls down through text (${theme})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/catalog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('a[href^="/robots/"]').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const firstRobot = await page.locator('a[href^="/robots/"]').first().getAttribute('href');

    for (const path of ['/catalog', firstRobot!]) {
      if (path !== '/catalog') {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
      }
      const launcher = page.getByRole('button', { name: 'Open AI assistant' });
      // At the top of the page it is there to be found.
      await expect.poll(async () => (await launcherState(page)).hidden, { message: `${path} at the top` }).toBe(false);
      // Reading down: at every stop, either it has stepped aside or it covers no text.
      const seen: string[] = [];
      let hiddenStops = 0;
      for (let step = 0; step < 6; step += 1) {
        await scrollBy(page, 260);
        const state = await launcherState(page);
        if (state.hidden) hiddenStops += 1;
        else seen.push(...(await textUnderLauncher(page)).map((hit) => `step ${step}: ${hit}`));
        if (step === 2) await page.screenshot({ path: `test-results/screens/scroll-${path === '/catalog' ? 'catalog' : 'robot'}-${width}-${theme}.png` });
      }
      expect(seen, path).toEqual([]);
      const end = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4);
      // A page long enough to scroll: it stepped aside (unless the end, where its space is reserved, came first).
      if (!end) expect(hiddenStops, path).toBeGreaterThan(0);
      // Hidden, it does not catch taps meant for the page.
      if (!end) expect((await launcherState(page)).clickable, path).toBe(false);
      // Scrolling back up brings it back.
      await scrollBy(page, -200);
      await expect.poll(async () => (await launcherState(page)).hidden, { message: `${path} after scrolling up` }).toBe(false);
      // Keyboard: hidden again, it is still in the tab order and focus shows it.
      await scrollBy(page, 400);
      await launcher.focus();
      await expect(launcher).toBeFocused();
      await expect.poll(async () => (await launcherState(page)).hidden, { message: `${path} focused` }).toBe(false);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
    }
  });
}
