import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

let n = 0;
export function uniqueEmail(prefix: string): string {
  n += 1;
  return `${prefix}-${Date.now()}-${n}@example.com`;
}

export const PASSWORD = 'a-long-enough-password';

export type PortalRole = 'customer' | 'supplier' | 'integrator';

/** Fills and sends the registration form of the portal page that is open. */
export async function fillRegistration(page: Page, email: string, firstName = 'Ada') {
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByLabel('Company name').fill('Analytical Engines Ltd');
  await form.getByRole('button', { name: 'Create account' }).click();
}

export async function register(page: Page, role: PortalRole, email: string, firstName = 'Ada') {
  await page.goto(`/auth/${role}`);
  await fillRegistration(page, email, firstName);
  await expect(page.getByText(`Welcome to CellForge, ${firstName}`, { exact: true })).toBeVisible();
}

export async function signIn(page: Page, role: PortalRole, email: string, password = PASSWORD) {
  await page.goto(`/auth/${role}`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

export function header(page: Page) {
  return page.getByRole('banner');
}

/**
 * No WCAG 2.1 A/AA violations on the page as it is. Toasts (class `app-toast`, see
 * apps/web/src/lib/toast.tsx) are let finish first: axe measures a toast that is fading
 * in or out at a fraction of its opacity, which says nothing about the page.
 */
export async function expectNoAxeViolations(page: Page, where: string) {
  await expect(page.locator('.app-toast')).toHaveCount(0, { timeout: 8_000 });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
