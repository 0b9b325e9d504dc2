import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 12 in a real browser on the real API: a buyer types the same words in the
 * catalog search box and in the chat widget and both read them the same way: no FANUC,
 * enough payload, robots with links to their pages.
 */

const WORDS = 'palletizer for 40 kg sacks, no FANUC';

function widget(page: Page) {
  return page.getByRole('dialog', { name: 'AI Assistant' });
}

test('catalog search and chat widget read "palletizer for 40 kg sacks, no FANUC" alike', async ({ page }) => {
  await page.goto(`/catalog`);
  await expect(page.getByRole('heading', { level: 1, name: 'Robot Catalog' })).toBeVisible();
  const box = page.getByLabel('Search robots');
  await box.fill(WORDS);
  await box.press('Enter');
  await expect(page.getByTestId('search-reading')).toContainText('not FANUC');
  const chips = page.getByRole('list', { name: 'Filters in force' });
  await expect(chips.getByRole('button', { name: 'Remove filter Not FANUC' })).toBeVisible();
  // A 40 kg sack plus the gripper allowance: the chip shows what the robot must carry, as the chat does.
  await expect(chips.getByRole('button', { name: 'Remove filter Rated payload ≥ 48 kg' })).toBeVisible();

  const results = page.getByRole('list', { name: 'Robots' });
  await expect(results).not.toHaveAttribute('aria-busy', 'true');
  const cards = results.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const names = await results.locator('article a[href^="/robots/"]').evaluateAll((els) => els.map((el) => (el.textContent ?? '').trim()));
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name.startsWith('FANUC '), name).toBe(false);

  // The same words in the widget: the robots it names are links to their pages, none of them FANUC.
  await page.getByRole('button', { name: 'Open AI assistant' }).click();
  const input = widget(page).getByRole('textbox', { name: 'Message the AI assistant' });
  await input.fill(`${WORDS}, reach 2.4 m`);
  await input.press('Enter');
  const answer = widget(page).locator('[data-author="ai"]').last();
  const links = answer.getByRole('link').filter({ hasNot: page.getByText('See every matching robot in the catalog') });
  await expect(links.first()).toBeVisible({ timeout: 15_000 });
  const linked = await answer.locator('a[href^="/robots/"]').evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? '', href: el.getAttribute('href') ?? '' })));
  expect(linked.length).toBeGreaterThan(0);
  for (const link of linked) {
    expect(link.text.startsWith('FANUC'), link.text).toBe(false);
    const robot = (await (await page.request.get(`/api${link.href}`)).json()) as { data: { manufacturer: string; payload_kg: number } };
    expect(robot.data.manufacturer).not.toBe('FANUC');
    expect(robot.data.payload_kg).toBeGreaterThanOrEqual(48);
  }

  // Following a name opens that robot's page.
  await answer.locator('a[href^="/robots/"]').first().click();
  await expect(page).toHaveURL(new RegExp(`${linked[0]!.href}$`));
});

test('environment words are filters: "ceiling mounted" shows ceiling-mount robots, counts those without a published mounting, and the robot page says it', async ({ page }) => {
  await page.goto('/catalog');
  const box = page.getByLabel('Search robots');
  await box.fill('ceiling mounted');
  await box.press('Enter');
  const chips = page.getByRole('list', { name: 'Filters in force' });
  await expect(chips.getByRole('button', { name: 'Remove filter Ceiling mounting' })).toBeVisible();
  await expect(page.getByTestId('unknown-values')).toContainText(/robots have no published mounting, so they are not shown/);
  const results = page.getByRole('list', { name: 'Robots' });
  await expect(results).not.toHaveAttribute('aria-busy', 'true');
  const first = results.getByRole('article').first().locator('a[href^="/robots/"]').first();
  await first.click();
  const mounting = page.getByRole('row', { name: /^Mounting/ });
  await expect(mounting).toContainText(/ceiling/i);
  await expect(page.getByRole('rowheader', { name: 'IP rating' })).toBeVisible();
});
