import { expect, test, type Page } from '@playwright/test';

/**
 * An outside tester's buyer in a real browser on a fresh install (the seed catalog): the words
 * typed in the catalog search box and the chat widget's "see every matching robot" link must
 * keep the buyer's hard constraints. Checked through each card's robot as the public API gives it.
 */

interface PublicRobot {
  manufacturer: string;
  category: string;
  payload_kg: number;
  reach_mm: number;
}

async function cardRobots(page: Page): Promise<PublicRobot[]> {
  const results = page.getByRole('list', { name: 'Robots' });
  await expect(results).not.toHaveAttribute('aria-busy', 'true');
  await expect(results.getByRole('article').first()).toBeVisible();
  const hrefs = await results.locator('article a[href^="/robots/"]').evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute('href') ?? ''))]);
  expect(hrefs.length).toBeGreaterThan(0);
  const robots: PublicRobot[] = [];
  for (const href of hrefs) robots.push(((await (await page.request.get(`/api${href}`)).json()) as { data: PublicRobot }).data);
  return robots;
}

test('catalog search "cobot 10kg 1300mm, not Universal Robots": every card is a non-UR cobot that carries 10 kg and reaches 1300 mm', async ({ page }) => {
  await page.goto('/catalog');
  const box = page.getByLabel('Search robots');
  await box.fill('cobot 10kg 1300mm, not Universal Robots');
  await box.press('Enter');
  await expect(page.getByRole('list', { name: 'Filters in force' })).toBeVisible();
  for (const robot of await cardRobots(page)) {
    const name = `${robot.manufacturer} (${robot.category})`;
    expect(robot.category, name).toBe('collaborative');
    expect(robot.manufacturer, name).not.toBe('Universal Robots');
    expect(robot.payload_kg, name).toBeGreaterThanOrEqual(10);
    expect(robot.reach_mm, name).toBeGreaterThanOrEqual(1300);
  }
});

// Was observed failing (the link dropped the robot type: /catalog?minPayload=9.6&excludeManufacturer=Universal+Robots
// listed articulated arms, SCARAs and deltas); fixed: the link carries category=collaborative.
test('the chat widget\'s "see every matching robot" link for "a cobot that lifts 8kg, no Universal Robots" opens a catalog of non-UR cobots only', async ({ page }) => {
  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Open AI assistant' }).click();
  const widget = page.getByRole('dialog', { name: 'AI Assistant' });
  const input = widget.getByRole('textbox', { name: 'Message the AI assistant' });
  await input.fill('looking for a cobot that lifts 8kg, no Universal Robots');
  await input.press('Enter');
  const answer = widget.locator('[data-author="ai"]').last();
  const seeMore = answer.getByRole('link', { name: 'See every matching robot in the catalog' });
  await expect(seeMore).toBeVisible({ timeout: 15_000 });
  await seeMore.click();
  await expect(page).toHaveURL(/\/catalog\?/);
  // The page was /catalog already: wait until the cards are the link's answer, not the unfiltered list
  // still on screen (a session-15 CI run read a delta from it once; the retry passed). A link that
  // lists other types still fails here after 10 s, and again below.
  await expect
    .poll(async () => (await cardRobots(page)).every((r) => r.category === 'collaborative' && r.manufacturer !== 'Universal Robots'), { timeout: 10_000 })
    .toBe(true);
  for (const robot of await cardRobots(page)) {
    const name = `${robot.manufacturer} (${robot.category})`;
    expect(robot.manufacturer, name).not.toBe('Universal Robots');
    expect(robot.category, name).toBe('collaborative');
  }
});
