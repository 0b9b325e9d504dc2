import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, register, uniqueEmail } from './helpers';

/**
 * Issue 12 (outside tester): a buyer who writes the need only in the project's description
 * ("anything but UR, cobot, 10 kg, reach between 1 and 1.5 m") gets matches read from it, and
 * the page says how it read the words.
 */
for (const width of [1280, 390]) {
  test(`a project described in words gets matches read from the description at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await register(page, 'customer', uniqueEmail(`describe-${width}`));
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const created = await page.request.post('/projects', {
      headers: { Authorization: `Bearer ${token}` },
      data: { project_name: 'Cobot cell', description: 'anything but UR, cobot, 10 kg, reach between 1 and 1.5 m' },
    });
    expect(created.status()).toBe(201);
    const { data } = (await created.json()) as { data: { id: string } };
    await page.goto(`/projects/${data.id}/robots`);
    await expect(page.getByRole('heading', { level: 1, name: 'Matching robots: Cobot cell' })).toBeVisible();
    const reading = page.getByTestId('description-reading');
    await expect(reading).toContainText('Read from your description:');
    await expect(reading).toContainText('type cobot');
    await expect(reading).toContainText('not Universal Robots');
    // The reach range as the chat writes it (the one display formatter).
    await expect(reading).toContainText('reach 1,000–1,500 mm');
    await expect(page.getByRole('heading', { level: 2, name: /matching robots?$/ })).toBeVisible();
    await expect(page.getByText('Universal Robots', { exact: false }).filter({ hasNotText: 'not Universal Robots' })).toHaveCount(0);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page, `project matches ${width}`);
  });
}
