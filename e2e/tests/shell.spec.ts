import { expect, test } from '@playwright/test';
import { header, register, uniqueEmail } from './helpers';

test('the guard sends a visitor to sign in and back to the page asked for', async ({ page }) => {
  await page.goto('/integrator/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fintegrator%2Fdashboard$/);
  await page.getByRole('link', { name: 'Sign in as System Integrator' }).click();
  await expect(page).toHaveURL(/\/auth\/integrator\?redirect=%2Fintegrator%2Fdashboard$/);

  const { fillRegistration } = await import('./helpers');
  await fillRegistration(page, uniqueEmail('guard'), 'Linus');
  await expect(page).toHaveURL(/\/integrator\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Integrator Dashboard');
});

test('choosing a portal signs the user out first; the menu is hidden on /auth pages', async ({ page }) => {
  await register(page, 'customer', uniqueEmail('switch'));
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Portals' }).click();
  await page.getByRole('menuitem', { name: 'Supplier' }).click();
  await expect(page).toHaveURL(/\/auth\/supplier$/);
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await expect(header(page).getByRole('button', { name: 'Portals' })).toHaveCount(0);
});

test('the portals menu works with the keyboard', async ({ page }) => {
  await page.goto('/');
  const button = header(page).getByRole('button', { name: 'Portals' });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Customer' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem')).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('the theme is dark by default and a change survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await header(page).getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await header(page).getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('footer pages have content and the contact form stores a message', async ({ page, request }) => {
  for (const [link, heading] of [
    ['About', /About/],
    ['Privacy', /Privacy/],
    ['Terms', /Terms/],
  ] as const) {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Subject').fill('Palletizing cell');
  await page.getByLabel('Message').fill('We want to automate end-of-line palletizing for three lines.');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('Thanks — your message has been sent.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  // The page is served by the same process as the API: the health check answers too.
  expect((await request.get('/health')).status()).toBe(200);
});

test('the mobile menu mirrors the header on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Robot Catalog' })).toBeHidden();
  await header(page).getByRole('button', { name: /menu/i }).click();
  const nav = page.getByRole('navigation', { name: /mobile/i });
  await expect(nav.getByRole('link', { name: 'Robot Catalog' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'ROI Calculator' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
});
