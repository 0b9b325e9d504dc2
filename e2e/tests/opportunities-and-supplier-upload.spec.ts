import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, header, register, signIn, uniqueEmail } from './helpers';

/**
 * Issue 3 end to end, on the real API and database:
 * (a) a customer shares a project with integrators; an integrator finds it under
 *     Opportunities (Projects tab), expresses interest, and the customer sees that
 *     integrator first in the project's "Find integrators" list, with the message;
 * (b) a supplier imports a small CSV through the bulk-upload wizard and sees the new
 *     listings.
 */

const stamp = Date.now().toString().slice(-7);
const PROJECT = `Pouch picking ${stamp}`;
const INTEGRATOR_COMPANY = `CellWorks ${stamp}`;
const MESSAGE = `We built 12 pouch-picking cells near Lyon; we could visit next week (${stamp}).`;
const MODELS = [`BU-${stamp}-A`, `BU-${stamp}-B`];

async function logout(page: Page) {
  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
}

test('a shared customer project reaches an integrator, whose interest reaches the customer', async ({ page }) => {
  test.setTimeout(150_000);
  const customerEmail = uniqueEmail('customer');

  // 1. A customer creates a project and shares it with integrators.
  await register(page, 'customer', customerEmail, 'Ada');
  await page.getByRole('button', { name: 'New project' }).click();
  const form = page.getByRole('dialog', { name: 'New project' });
  await form.getByLabel('Project name').fill(PROJECT);
  await form.getByRole('textbox', { name: /^Company/ }).fill('Acme Foods');
  await form.getByLabel('Description').fill('Pick pouches from a bin onto a conveyor, two shifts.');
  await form.getByLabel('Application').selectOption('palletizing');
  await form.getByLabel('Industry').selectOption('food-and-beverage');
  await form.getByLabel('Part weight (kg)').fill('3');
  await form.getByLabel('Reach needed (mm)').fill('900');
  await form.getByLabel('Cycle time (s)').fill('4');
  await form.getByLabel('Budget (USD)').fill('60000');
  await form.getByRole('switch', { name: 'Share with integrators' }).check();
  await form.getByRole('button', { name: 'Create project' }).click();
  const ownCard = page.getByRole('article', { name: PROJECT });
  await expect(ownCard).toContainText('Shared with integrators');
  await logout(page);

  // 2. An integrator fills in the company profile, then finds the project under Opportunities.
  await register(page, 'integrator', uniqueEmail('integrator'), 'Hedy');
  await page.goto('/integrator/dashboard');
  await page.getByRole('button', { name: 'Account Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Account Settings' });
  await settings.getByLabel('Company name').fill(INTEGRATOR_COMPANY);
  await settings.getByLabel('City').fill('Lyon');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Projects' }).click();
  const opportunities = page.getByRole('region', { name: 'Opportunities' });
  await expect(opportunities.getByRole('heading', { level: 2, name: 'Opportunities' })).toBeVisible();
  const card = opportunities.getByRole('article', { name: PROJECT });
  await expect(card).toContainText('Application: Palletizing');
  await expect(card).toContainText('Acme Foods');
  await expect(card).toContainText('3 kg');
  await expect(card).toContainText('900 mm');
  await expect(card).toContainText('4 s');
  await expect(card).toContainText('$60,000');
  await expect(card).toContainText('Food and beverage');
  // The integrator's own (empty) project list is above, with "No Entry" (docs/product.md §3.11), once.
  await expect(page.getByRole('heading', { name: 'No Entry' })).toHaveCount(1);
  await expectNoAxeViolations(page, 'projects tab with opportunities (dark)');

  // 3. Expresses interest with the keyboard.
  await card.getByRole('button', { name: `Express interest in ${PROJECT}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Express interest' });
  await expect(dialog).toContainText(PROJECT);
  await dialog.getByRole('textbox', { name: /Message to the customer/ }).fill('Hi there');
  await dialog.getByRole('button', { name: 'Send interest' }).click();
  await expect(dialog.getByText('Message must be at least 10 characters')).toBeVisible();
  await expectNoAxeViolations(page, 'express interest dialog');
  await dialog.getByRole('textbox', { name: /Message to the customer/ }).fill(MESSAGE);
  await dialog.getByRole('button', { name: 'Send interest' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Interest sent to the customer')).toBeVisible();
  await expect(card).toContainText('Interest sent');
  await expect(card.getByRole('button', { name: /Express interest/ })).toHaveCount(0);

  // The server remembers it: after a reload the card still says so, in the light theme too, and on a phone.
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(card).toContainText('Your interest was sent.');
  await expect(card.getByRole('button', { name: /Express interest/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page, 'projects tab with opportunities (light, phone)');
  await page.setViewportSize({ width: 1280, height: 720 });
  await logout(page);

  // 4. The customer sees the integrator first among the project's integrators, marked Interested, with the message.
  await signIn(page, 'customer', customerEmail);
  await expect(page.getByRole('article', { name: PROJECT })).toBeVisible();
  await page.getByRole('article', { name: PROJECT }).getByRole('link', { name: new RegExp(`for ${PROJECT}$`) }).click();
  const integrators = page.getByRole('list', { name: 'Integrators' });
  const first = integrators.getByRole('article').first();
  await expect(first).toHaveAttribute('aria-label', INTEGRATOR_COMPANY);
  await expect(first).toContainText('Interested');
  await expect(first).toContainText('Hedy Lovelace');
  await expect(first).toContainText('Lyon');
  await expect(first).toContainText(MESSAGE);
});

test('a supplier imports a CSV through the bulk-upload wizard and sees the new listings', async ({ page }) => {
  test.setTimeout(90_000);
  await register(page, 'supplier', uniqueEmail('supplier'), 'Linus');
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier Dashboard' })).toBeVisible();
  // Offers are the first tab; robots of the supplier's own (and their bulk upload) are under Listings.
  await expect(page.getByRole('heading', { name: 'No offers yet' })).toBeVisible();
  await page.getByRole('tab', { name: 'Listings' }).click();
  await expect(page.getByRole('heading', { name: 'No listings yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Bulk upload' }).click();
  const wizard = page.getByRole('dialog', { name: 'Bulk upload' });
  await expect(wizard.locator('[aria-current="step"]')).toContainText('Choose a file');
  const csv = ['Manufacturer,Model,Payload (kg),Reach (mm),Axes', `Kawasaki,${MODELS[0]},20,1725,6`, `Staubli,${MODELS[1]},12,1100,6`, 'Nobody,,10,10,6'].join('\n');
  await wizard.getByLabel('Robot file (.csv, .json, .xlsx or .xls)').setInputFiles({ name: 'listings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await expect(wizard.locator('[aria-current="step"]')).toContainText('Map fields');
  await expect(wizard.getByRole('combobox', { name: 'Field for column Manufacturer' })).toHaveValue('manufacturer');
  await expect(wizard.getByRole('combobox', { name: 'Field for column Model' })).toHaveValue('model');
  await expectNoAxeViolations(page, 'supplier wizard, map fields');
  await wizard.getByRole('button', { name: 'Validate' }).click();

  await expect(wizard.locator('[aria-current="step"]')).toContainText('Validate & preview');
  await expect(wizard.locator('dt', { hasText: /^Valid rows$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('2');
  // The grid opens on its error rows, numbered as the spreadsheet shows them.
  await expect(wizard.locator('tbody tr')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await wizard.getByRole('button', { name: 'Download full error report' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  await wizard.getByRole('button', { name: 'Import' }).click();
  await expect(wizard.getByRole('status').filter({ hasText: 'Import complete! 2 inserted, 0 updated' })).toBeVisible();
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByRole('article', { name: `Kawasaki ${MODELS[0]}` })).toContainText('Active');
  await expect(page.getByRole('article', { name: `Staubli ${MODELS[1]}` })).toContainText('Active');
  await expect(page.locator('dt', { hasText: /^Active offers$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('2');

  // They are offers on models the supplier contributed (the catalog lacked them): the public catalog finds them.
  await page.goto(`/catalog?q=${encodeURIComponent(MODELS[0]!)}`);
  const card = page.getByRole('list', { name: 'Robots' }).getByRole('article', { name: `Kawasaki ${MODELS[0]}` });
  await expect(card).toContainText('Supplier-contributed model');
  await expect(card).toContainText('1 offer');
});
