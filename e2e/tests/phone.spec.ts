import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers';

/**
 * The marketplace on a phone (issue 13, "Phone"), as a visitor with a 390 x 844 screen
 * uses it: the catalog's filters in a sheet with "Show N results", compare as one robot
 * column at a time with the spec labels kept in view, and the floating chat button never
 * over a control. The same pages at 1280 px keep the desktop layout.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** What a finger or a click can act on. */
const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, label, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"]';

function launcher(page: Page): Locator {
  return page.getByRole('button', { name: 'Open AI assistant' });
}

/** Waits until the launcher has stopped moving (it may glide out of a control's way). */
async function settledLauncher(page: Page) {
  await expect(launcher(page)).toBeVisible();
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const button = document.querySelector<HTMLElement>('[data-chat-launcher]');
        let last = '';
        let same = 0;
        let frames = 0;
        const tick = () => {
          frames += 1;
          const r = button?.getBoundingClientRect();
          const key = r ? `${r.x},${r.y},${r.width},${r.height}` : '';
          same = key === last ? same + 1 : 0;
          last = key;
          if (same >= 6 || frames > 120) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** The visible controls on screen that the chat launcher's box overlaps, described for the failure message. */
async function controlsUnderLauncher(page: Page): Promise<string[]> {
  await settledLauncher(page);
  return page.evaluate((selector) => {
    const button = document.querySelector<HTMLElement>('[data-chat-launcher]');
    if (!button) return ['no launcher'];
    const l = button.getBoundingClientRect();
    const hits: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element === button || button.contains(element) || element.contains(button)) continue;
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const r = element.getBoundingClientRect();
      // Visually hidden text (sr-only) is 1 px: nothing to tap.
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.bottom <= 0 || r.top >= window.innerHeight || r.right <= 0 || r.left >= window.innerWidth) continue;
      const overlaps = r.left < l.right && l.left < r.right && r.top < l.bottom && l.top < r.bottom;
      if (overlaps) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
        hits.push(`${element.tagName.toLowerCase()} "${name}" at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)} (launcher ${Math.round(l.left)},${Math.round(l.top)})`);
      }
    }
    return hits;
  }, CONTROLS);
}

/** Scrolls the page through its height in steps and checks the launcher at each stop. */
async function expectLauncherClearWhileScrolling(page: Page, where: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  const stops = [0, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1].map((f) => Math.round(height * f));
  for (const y of stops) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    expect(await controlsUnderLauncher(page), `${where} scrolled to ${y}`).toEqual([]);
  }
}

async function openCatalog(page: Page, search = '') {
  await page.goto(`/catalog${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Robot Catalog' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Robots' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing 1–\d+ of \d+ robots$/ })).toBeVisible();
}

async function shownTotal(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /^Showing 1–\d+ of \d+ robots$/ });
  await expect(status).toBeVisible();
  const text = await status.innerText();
  return Number(/of (\d+) robots/.exec(text)![1]);
}

async function compareIds(page: Page, count: number): Promise<string[]> {
  const answer = await page.request.get(`/api/robots?manufacturer=KUKA&limit=${count}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: Array<{ id: string }> }).data.map((robot) => robot.id);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`phone, ${theme} theme`, () => {
    test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    });

    test('catalog: results come first, filters open in a sheet with "Show N results"', async ({ page }) => {
      await openCatalog(page);
      // The first result starts within the first screen.
      const first = page.getByRole('list', { name: 'Robots' }).getByRole('article').first();
      const box = (await first.boundingBox())!;
      expect(box.y).toBeLessThan(PHONE.height - 80);
      // The side panel is not laid out above the results.
      await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      const total = await shownTotal(page);
      const opener = page.getByRole('button', { name: /^Filters/ });
      await opener.click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await expect(sheet).toBeVisible();
      await expect(sheet).toHaveAttribute('aria-modal', 'true');
      const show = sheet.getByRole('button', { name: /^Show \d+ results?$/ });
      await expect(show).toHaveText(`Show ${total} results`);
      // The sheet fits the phone and its button is on screen without scrolling the sheet.
      const sheetBox = (await sheet.boundingBox())!;
      expect(sheetBox.x).toBeGreaterThanOrEqual(0);
      expect(sheetBox.x + sheetBox.width).toBeLessThanOrEqual(PHONE.width);
      const showBox = (await show.boundingBox())!;
      expect(showBox.y + showBox.height).toBeLessThanOrEqual(PHONE.height);
      await expectNoAxeViolations(page, `filters sheet, ${theme}`);

      // Focus is in the sheet and Tab keeps it there.
      expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
        expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement)), `Tab ${i}`).toBe(true);
      }
      // Escape closes it and gives the focus back to the button that opened it.
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(opener).toBeFocused();

      // A filter applied in the sheet changes N to the number that filter gives.
      await opener.click();
      await expect(sheet).toBeVisible();
      const option = sheet.getByRole('group', { name: 'Category' }).getByRole('checkbox', { name: /, \d+ robots?$/ }).first();
      const label = (await option.getAttribute('aria-label'))!;
      const count = Number(/, (\d+) robots?$/.exec(label)![1]);
      expect(count).toBeLessThan(total);
      await option.check();
      await expect(page).toHaveURL(/category=/);
      await expect(show).toHaveText(`Show ${count} result${count === 1 ? '' : 's'}`);
      await expect(opener).toHaveAccessibleName(/^Filters/);
      await show.click();
      await expect(sheet).toBeHidden();
      expect(await shownTotal(page)).toBe(count);
      await expect(opener).toHaveAccessibleName(/^Filters.*1/);
      await expect(page.getByRole('list', { name: 'Robots' }).getByRole('article').first()).toBeInViewport();
    });

    test('the chat button covers no control on the catalog, compare and home pages', async ({ page }) => {
      test.setTimeout(90_000);
      await openCatalog(page);
      await expectLauncherClearWhileScrolling(page, '/catalog');

      // Each card's Compare control brought to the bottom edge of the screen, where the button sits.
      const compares = page.getByRole('list', { name: 'Robots' }).getByRole('checkbox', { name: /^Compare / });
      const cards = Math.min(await compares.count(), 6);
      expect(cards).toBeGreaterThan(2);
      for (let i = 0; i < cards; i += 1) {
        await compares.nth(i).evaluate((box) => {
          const row = box.parentElement!;
          const r = row.getBoundingClientRect();
          window.scrollBy(0, r.bottom - window.innerHeight + 2);
        });
        expect(await controlsUnderLauncher(page), `card ${i}'s Compare at the bottom edge`).toEqual([]);
        await compares.nth(i).evaluate((box) => box.parentElement!.scrollIntoView({ block: 'end' }));
        expect(await controlsUnderLauncher(page), `card ${i}'s Compare scrolled into view`).toEqual([]);
      }

      // With robots picked, the compare tray sits at the bottom: the button keeps off it too.
      await page.evaluate(() => window.scrollTo(0, 0));
      await compares.nth(0).check();
      await compares.nth(1).check();
      const tray = page.getByRole('region', { name: 'Compare tray' });
      await expect(tray).toContainText('2 of 4 robots picked');
      await expectLauncherClearWhileScrolling(page, '/catalog with the tray');
      const trayBox = (await tray.boundingBox())!;
      const launcherBox = (await launcher(page).boundingBox())!;
      expect(launcherBox.y + launcherBox.height).toBeLessThanOrEqual(trayBox.y + 1);

      const ids = await compareIds(page, 3);
      await page.goto(`/compare?ids=${ids.join(',')}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Compare robots' })).toBeVisible();
      await expect(page.getByRole('columnheader').first()).toBeVisible();
      await expectLauncherClearWhileScrolling(page, '/compare');

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const send = page.getByRole('button', { name: 'Send message' }).first();
      await expect(send).toBeAttached();
      await expectLauncherClearWhileScrolling(page, '/');
      // The copilot's Send button brought to the bottom edge of the screen.
      await send.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 4));
      expect(await controlsUnderLauncher(page), 'Send at the bottom edge').toEqual([]);
      await send.evaluate((button) => button.scrollIntoView({ block: 'end' }));
      expect(await controlsUnderLauncher(page), 'Send scrolled into view').toEqual([]);

      // The chat still opens by tap and by keyboard.
      await launcher(page).tap();
      const widget = page.getByRole('dialog', { name: 'AI Assistant' });
      await expect(widget).toBeVisible();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(launcher(page)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(widget).toBeVisible();
    });

    test('compare: one robot at a time, swiped or stepped through, labels kept in view', async ({ page }) => {
      const ids = await compareIds(page, 3);
      await page.goto(`/compare?ids=${ids.join(',')}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Compare robots' })).toBeVisible();
      const table = page.getByRole('table');
      const heads = table.getByRole('columnheader');
      await expect(heads).toHaveCount(3);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      const scroller = page.getByRole('region', { name: /^Comparison/ });
      const geometry = () =>
        scroller.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const label = element.querySelector('tbody th')!.getBoundingClientRect();
          const columns = Array.from(element.querySelectorAll('thead th')).map((th) => {
            const r = th.getBoundingClientRect();
            const left = Math.max(r.left, label.right);
            const right = Math.min(r.right, box.right);
            return Math.max(0, right - left) / r.width;
          });
          return {
            scrollLeft: element.scrollLeft,
            columnWidth: element.querySelector('thead th')!.getBoundingClientRect().width,
            labelLeft: label.left,
            labelRight: label.right,
            boxLeft: box.left,
            boxRight: box.right,
            snap: getComputedStyle(element).scrollSnapType,
            visible: columns,
          };
        });

      await expectNoAxeViolations(page, `compare at 390 px, ${theme}`);
      let g = await geometry();
      expect(g.snap).toContain('x');
      expect(g.snap).toContain('mandatory');
      // One robot column fills the space beside the labels.
      expect(g.visible.filter((f) => f > 0.5)).toHaveLength(1);
      expect(g.visible[0]).toBeGreaterThan(0.97);
      expect(g.boxRight).toBeLessThanOrEqual(PHONE.width);

      // A swipe-sized scroll snaps to the next robot; the labels stay where they were.
      await scroller.evaluate((element) => element.scrollBy({ left: element.querySelector('thead th')!.getBoundingClientRect().width * 0.6 }));
      await expect.poll(async () => Math.round((await geometry()).scrollLeft)).toBeGreaterThan(0);
      await expect.poll(async () => {
        const now = await geometry();
        return Math.abs(now.scrollLeft - now.columnWidth) < 3;
      }).toBe(true);
      g = await geometry();
      expect(g.visible.map((f) => f > 0.97)).toEqual([false, true, false]);
      expect(g.labelLeft).toBeGreaterThanOrEqual(g.boxLeft - 1);
      await expect(table.getByRole('rowheader', { name: /^Rated payload/ })).toBeInViewport();

      // From the keyboard: buttons step between robots and say which one is shown.
      const position = page.getByText(/^Robot \d of 3/);
      await expect(position).toContainText('Robot 2 of 3');
      const next = page.getByRole('button', { name: 'Next robot' });
      const previous = page.getByRole('button', { name: 'Previous robot' });
      await next.focus();
      await page.keyboard.press('Enter');
      await expect(position).toContainText('Robot 3 of 3');
      await expect.poll(async () => (await geometry()).visible.map((f) => f > 0.97)).toEqual([false, false, true]);
      await expect(next).toBeDisabled();
      await previous.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await expect(position).toContainText('Robot 1 of 3');
      await expect.poll(async () => (await geometry()).visible.map((f) => f > 0.97)).toEqual([true, false, false]);
      await expect(previous).toBeDisabled();
      // The row labels never left the screen's left edge.
      await expect(table.getByRole('rowheader', { name: /^Reach/ })).toBeVisible();
      expect(((await table.getByRole('rowheader', { name: /^Reach/ }).boundingBox())!).x).toBeGreaterThanOrEqual(0);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });
  });
}

test.describe('desktop keeps its layout', () => {
  test.use({ viewport: DESKTOP });

  test('catalog filters are a side panel, compare is a table of all robots', async ({ page }) => {
    await openCatalog(page);
    const aside = page.getByRole('complementary', { name: 'Filters' });
    await expect(aside).toBeVisible();
    await expect(aside.getByRole('group', { name: 'Manufacturer' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
    const asideBox = (await aside.boundingBox())!;
    const listBox = (await page.getByRole('list', { name: 'Robots' }).boundingBox())!;
    expect(asideBox.x + asideBox.width).toBeLessThanOrEqual(listBox.x);
    expect(await controlsUnderLauncher(page)).toEqual([]);

    const ids = await compareIds(page, 3);
    await page.goto(`/compare?ids=${ids.join(',')}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveCount(3);
    for (let i = 0; i < 3; i += 1) await expect(table.getByRole('columnheader').nth(i)).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Next robot' })).toBeHidden();
    await expect(page.getByText(/^Robot \d of 3/)).toBeHidden();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
  });
});
