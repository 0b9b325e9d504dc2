import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, header, PASSWORD, signIn, uniqueEmail } from './helpers';

/**
 * API keys (issue 17) on the real API and database: a supplier creates a key in their
 * settings, sees its secret once, the test uses it against /api as an integration would,
 * then the supplier revokes it and the same request gets 401.
 */
test('a supplier creates an API key, sees it once, uses it, revokes it, and the key gets 401', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('supplier-keys');
  const registered = await request.post('/auth/register', {
    data: { email, password: PASSWORD, first_name: 'Linus', last_name: 'Tester', user_type: 'supplier', company_name: 'Key Robotics' },
  });
  expect(registered.status()).toBe(201);
  await signIn(page, 'supplier', email);
  await header(page).getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText('No keys yet')).toBeVisible();

  await page.getByLabel(/^Name/).fill('Offer feed');
  await page.getByRole('checkbox', { name: /Manage offers/ }).check();
  await page.getByLabel('Expires').selectOption({ label: 'In 90 days' });
  await page.getByRole('button', { name: 'Create key' }).click();

  const secretBox = page.getByLabel('API key', { exact: true });
  await expect(secretBox).toBeVisible();
  await expect(page.getByText('Copy this key now. It will not be shown again.')).toBeVisible();
  const secret = await secretBox.inputValue();
  expect(secret).toMatch(/^cfk_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('The key is on your clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoAxeViolations(page, 'API keys with a new secret');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secretBox).toHaveCount(0);

  const item = page.getByRole('article', { name: 'API key Offer feed' });
  await expect(item.getByText(`${secret.slice(0, 12)}…`)).toBeVisible();
  await expect(item.getByText('Manage offers')).toBeVisible();
  // Shown once: the page, reloaded, lists the key but nowhere its secret.
  await page.reload();
  await expect(item).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  // An integration uses the key: it lists the supplier's offers, and may not manage keys.
  const withKey = { Authorization: `Bearer ${secret}` };
  const offers = await request.get('/api/supplier/offers', { headers: withKey });
  expect(offers.status()).toBe(200);
  expect(await offers.json()).toEqual({ data: [] });
  const keys = await request.get('/api/me/api-keys', { headers: withKey });
  expect(keys.status()).toBe(403);
  expect((await keys.json()).code).toBe('API_KEY_NOT_ALLOWED');
  await page.reload();
  await expect(item.getByText('Never', { exact: true })).toHaveCount(0);

  await item.getByRole('button', { name: 'Revoke key Offer feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
  await expect(dialog).toContainText('stops working at once');
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item.getByText('Revoked', { exact: true }).first()).toBeVisible();
  await expect(item.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  const refused = await request.get('/api/supplier/offers', { headers: withKey });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 'API_KEY_REVOKED', message: expect.any(String), error: expect.any(String) });
});

test('the API keys page works on a phone from the menu, with the keyboard', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail('customer-keys');
  const registered = await request.post('/auth/register', {
    data: { email, password: PASSWORD, first_name: 'Ada', last_name: 'Tester', user_type: 'customer', company_name: 'Buyer Ltd' },
  });
  expect(registered.status()).toBe(201);
  await signIn(page, 'customer', email);
  await header(page).getByRole('button', { name: /menu/i }).click();
  await page.getByRole('link', { name: 'API keys', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  await page.getByLabel(/^Name/).focus();
  await page.keyboard.type('CRM');
  // The first scope checkbox, then the others: Space ticks the focused one.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: /Read catalog/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: /Read and answer requests/ })).toBeFocused();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Create key' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your new key “CRM”' })).toBeFocused();
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'API keys on a phone');
});
