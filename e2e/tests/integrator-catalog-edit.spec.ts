import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, register, uniqueEmail } from './helpers';

/**
 * An integrator's own catalog robots, end to end on the real API and database: two robots
 * come in through the bulk-upload wizard (a CSV), one is edited in the Catalog tab (a
 * duplicate model is refused on the field, then a new one is saved), then deleted; the
 * shared catalog's cards offer no Edit.
 */

const stamp = Date.now().toString().slice(-7);
const MAKER = 'Kawasaki';
const FIRST = `RS-EDIT-${stamp}A`;
const SECOND = `RS-EDIT-${stamp}B`;
const RENAMED = `RS-EDIT-${stamp}C`;

function robotsCsv(): Buffer {
  return Buffer.from(['manufacturer,model,payload_kg,reach_mm,dof', `${MAKER},${FIRST},10,1200,6`, `${MAKER},${SECOND},20,1600,6`, ''].join('\n'));
}

async function statValue(scope: Page | Locator, label: string): Promise<number> {
  const dd = scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(dd).toHaveText(/\d/);
  return Number((await dd.innerText()).replace(/[^\d.]/g, ''));
}

async function specOf(card: Locator, label: string): Promise<string> {
  return card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').innerText();
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search the catalog' });
  await box.fill(text);
  await box.press('Enter');
}

test('an integrator edits and deletes an own robot in the Catalog tab; shared robots stay read-only', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page, 'integrator', uniqueEmail('integrator'), 'Grace');
  await page.goto('/integrator/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrator Dashboard' })).toBeVisible();

  // The shared catalog: read only, no Edit or Delete.
  const shared = page.getByRole('article').filter({ hasText: 'Read only' }).first();
  await expect(shared).toBeVisible();
  await expect(shared.getByRole('button', { name: /^(Edit|Delete)\b/ })).toHaveCount(0);
  const totalBefore = await statValue(page, 'Total Robots');

  // Two own robots, through the wizard.
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  const wizard = page.getByRole('dialog', { name: 'Bulk Upload' });
  await wizard.getByLabel('Robot file (.csv, .json, .xlsx or .xls)').setInputFiles({ name: 'robots.csv', mimeType: 'text/csv', buffer: robotsCsv() });
  await expect(wizard.locator('[aria-current="step"]')).toContainText('Map fields');
  await wizard.getByRole('button', { name: 'Validate' }).click();
  await wizard.getByRole('button', { name: 'Import' }).click();
  await expect(wizard.getByRole('status').filter({ hasText: 'Import complete! 2 inserted, 0 updated' })).toBeVisible();
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(wizard).toBeHidden();
  await expect.poll(() => statValue(page, 'Total Robots')).toBe(totalBefore + 2);

  await search(page, FIRST);
  const card = page.getByRole('article', { name: `${MAKER} ${FIRST}` });
  await expect(card).toContainText('Owner · can edit');

  // Edit: the form holds every field of the robot, as saved.
  await card.getByRole('button', { name: `Edit ${MAKER} ${FIRST}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit robot' });
  const form = dialog.getByRole('form', { name: 'Edit robot' });
  await expect(form.getByLabel('Manufacturer')).toHaveValue(MAKER);
  await expect(form.getByLabel('Model')).toHaveValue(FIRST);
  await expect(form.getByLabel('Payload (kg)')).toHaveValue('10');
  await expect(form.getByLabel('Reach (mm)')).toHaveValue('1200');
  await expect(form.getByLabel('Axes')).toHaveValue('6');
  await expectNoAxeViolations(page, 'edit robot dialog');

  // The other own robot's model: the server refuses it on the Model field.
  await form.getByLabel('Model').fill(SECOND);
  await form.getByRole('button', { name: 'Save robot' }).click();
  await expect(form.getByRole('alert')).toContainText('Your catalog already has this manufacturer and model');
  await expect(form.getByLabel('Model')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();

  await form.getByLabel('Model').fill(RENAMED);
  await form.getByLabel('Payload (kg)').fill('12.5');
  await form.getByLabel('Category').selectOption('collaborative');
  await form.getByLabel('Applications').fill('machine tending, Pick and place');
  await form.getByLabel('Description').fill('Tends the lathe in cell 4.');
  await form.getByRole('button', { name: 'Save robot' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${MAKER} ${RENAMED} saved`)).toBeVisible();

  // The list reloads with the change (the search for the old model finds nothing now).
  await expect(page.getByRole('article', { name: `${MAKER} ${FIRST}` })).toHaveCount(0);
  await search(page, RENAMED);
  const edited = page.getByRole('article', { name: `${MAKER} ${RENAMED}` });
  await expect(edited).toBeVisible();
  expect(await specOf(edited, 'Rated payload')).toBe('12.5 kg');
  await expect(edited).toContainText('Category: Collaborative');
  // A reload reads it back from the server, every field included.
  await page.reload();
  await page.getByRole('article', { name: `${MAKER} ${RENAMED}` }).getByRole('button', { name: `Edit ${MAKER} ${RENAMED}` }).click();
  const again = page.getByRole('dialog', { name: 'Edit robot' });
  await expect(again.getByLabel('Applications')).toHaveValue('machine-tending, pick-and-place');
  await expect(again.getByLabel('Description')).toHaveValue('Tends the lathe in cell 4.');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();

  // Delete: the confirm dialog names the robot; Keep it keeps it.
  const deleteButton = page.getByRole('button', { name: `Delete ${MAKER} ${RENAMED}` });
  await deleteButton.click();
  let confirm = page.getByRole('dialog', { name: 'Delete this robot?' });
  await expect(confirm).toContainText(`“${MAKER} ${RENAMED}” will be removed from your catalog.`);
  await expectNoAxeViolations(page, 'delete robot dialog');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('article', { name: `${MAKER} ${RENAMED}` })).toBeVisible();

  await deleteButton.click();
  confirm = page.getByRole('dialog', { name: 'Delete this robot?' });
  await confirm.getByRole('button', { name: 'Delete robot' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('article', { name: `${MAKER} ${RENAMED}` })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No Entry' })).toBeVisible();
  await expect.poll(() => statValue(page, 'Total Robots')).toBe(totalBefore + 1);

  // Gone on the server too; the other own robot is untouched.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No Entry' })).toBeVisible();
  await search(page, SECOND);
  await expect(page.getByRole('article', { name: `${MAKER} ${SECOND}` })).toContainText('Owner · can edit');
});
