import { expect, test } from '@playwright/test';
import { header, register, signIn, uniqueEmail, type PortalRole } from './helpers';

const homeOf: Record<PortalRole, RegExp> = {
  customer: /\/dashboard$/,
  supplier: /\/dashboard$/,
  integrator: /\/integrator\/dashboard$/,
};

for (const role of ['customer', 'supplier', 'integrator'] as const) {
  test(`registers as ${role} and lands on the ${role} home, signed in`, async ({ page }) => {
    const email = uniqueEmail(role);
    await register(page, role, email);
    await expect(page).toHaveURL(homeOf[role]);
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('access_token'),
      user: JSON.parse(localStorage.getItem('user_data') ?? 'null'),
    }));
    expect(stored.token).toMatch(/^ey/);
    expect(stored.user.email).toBe(email);
    expect(stored.user.user_type).toBe(role);
  });
}

test('signs out without a call, then signs back in', async ({ page }) => {
  const email = uniqueEmail('cycle');
  await register(page, 'customer', email, 'Grace');

  const calls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/auth/')) calls.push(req.url());
  });
  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(calls).toEqual([]);
  expect(await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('user_data')])).toEqual([null, null]);

  await signIn(page, 'customer', email);
  await expect(page.getByText('Welcome back, Grace', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Customer Dashboard');
});

test('keeps the session across a reload (profile fetched with the stored token)', async ({ page }) => {
  await register(page, 'supplier', uniqueEmail('reload'));
  await page.reload();
  await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('drops a stored token the server refuses', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('access_token', 'not-a-real-token');
    localStorage.setItem('user_data', JSON.stringify({ id: 'x', email: 'ghost@example.com' }));
  });
  await page.reload();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('shows the server message for a wrong password and for the wrong portal', async ({ page }) => {
  const email = uniqueEmail('wrong');
  await register(page, 'integrator', email);
  await header(page).getByRole('button', { name: 'Logout' }).click();

  await signIn(page, 'integrator', email, 'not-the-password');
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();

  await signIn(page, 'customer', email);
  await expect(
    page
      .getByText('This account is registered as a System Integrator account. Sign in through the System Integrator portal instead.')
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('names the bad registration fields', async ({ page }) => {
  await page.goto('/auth/customer');
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Password').fill('short');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(form.getByText('First name is required')).toBeVisible();
});
