import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { register, uniqueEmail } from './helpers';

/**
 * Issue 14, from an integrator's side: a messy two-sheet workbook (title row, units in the
 * headers, a typo in a payload and a missing model) goes through the wizard; the two bad
 * cells are fixed in the validate grid, the import is made, and the result's link shows
 * the imported robots in the Catalog tab — at 1280 px and on a 390 px phone.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
interface SheetJs {
  utils: { aoa_to_sheet: (rows: unknown[][]) => unknown; book_new: () => unknown; book_append_sheet: (book: unknown, sheet: unknown, name: string) => void };
  write: (book: unknown, options: { type: 'buffer'; bookType: 'xlsx' }) => Buffer;
}
const XLSX = createRequire(path.join(root, 'apps/api/package.json'))('xlsx') as SheetJs;

function workbook(stamp: string): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Robot fleet — line 3'],
      ['Brand', 'Model #', 'Max Payload (lbs)', 'Reach (mm)', 'Axes'],
      ['Yaskawa', `GP-${stamp}A`, 22, 1400, 6],
      ['Yaskawa', `GP-${stamp}B`, 'twelve', 1600, 6],
      ['Yaskawa', '', 44, 1800, 6],
      ['Yaskawa', `GP-${stamp}D`, 55, 2000, 6],
    ]),
    'Fleet',
  );
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Exported from the plant register'], ['Prices excluded']]), 'Read me');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
}

async function importWorkbook(page: Page, stamp: string) {
  await register(page, 'integrator', uniqueEmail('grid'), 'Grace');
  await page.goto('/integrator/dashboard');
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  const wizard = page.getByRole('dialog', { name: 'Bulk Upload' });
  await wizard.getByLabel('Robot file (.csv, .json, .xlsx or .xls)').setInputFiles({
    name: 'fleet.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook(stamp),
  });
  await expect(wizard.locator('[aria-current="step"]')).toContainText('Map fields');
  // Two sheets: the one with robots is read; the header is under the title row.
  const sheet = wizard.getByRole('combobox', { name: 'Sheet' });
  if ((await sheet.inputValue()) !== 'Fleet') await sheet.selectOption('Fleet');
  await expect(sheet).toHaveValue('Fleet');
  await expect(wizard.getByRole('combobox', { name: 'Field for column Model #' })).toHaveValue('model');
  await wizard.getByRole('button', { name: 'Validate' }).click();
  await expect(wizard.locator('[aria-current="step"]')).toContainText('Validate & preview');
  return wizard;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`validate grid at ${viewport.width} px: two bad cells fixed in place, imported, the imported robots shown`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const stamp = `${viewport.width}${Date.now().toString().slice(-6)}`;
    const wizard = await importWorkbook(page, stamp);

    // The grid opens on the two error rows, numbered as the sheet shows them, each bad cell marked.
    await expect(wizard.getByRole('radio', { name: 'Errors (2)' })).toHaveAttribute('aria-checked', 'true');
    const payload = wizard.getByRole('textbox', { name: 'Max Payload (lbs), row 4' });
    await expect(payload).toHaveAttribute('aria-invalid', 'true');
    await expect(wizard.locator('tbody tr[data-row="4"]')).toContainText('payload "twelve" is not a number');
    const model = wizard.getByRole('textbox', { name: 'Model #, row 5' });
    await expect(model).toHaveAttribute('aria-invalid', 'true');

    // Fixed with the keyboard: type, Enter; the row is checked again at once and stays, marked fixed.
    await payload.fill('12');
    await payload.press('Enter');
    await expect(wizard.getByRole('radio', { name: 'Errors (1)' })).toBeVisible();
    await expect(payload).not.toHaveAttribute('aria-invalid');
    await model.fill(`GP-${stamp}C`);
    await model.press('Tab');
    await expect(wizard.getByRole('radio', { name: 'Errors (0)' })).toBeVisible();
    await expect(wizard.locator('tbody tr[data-row="5"]')).toContainText('Fixed');
    await expect(wizard.getByText('Valid rows', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('4');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await wizard.getByRole('button', { name: 'Import' }).click();
    await expect(wizard.getByRole('status').filter({ hasText: 'Import complete! 4 inserted, 0 updated' })).toBeVisible();
    await expect(wizard.getByText('Skipped', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('0');
    await wizard.getByRole('button', { name: 'Show the imported robots' }).click();
    await expect(wizard).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'of 4 robots from your import' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Catalog robots' }).getByRole('listitem');
    await expect(cards).toHaveCount(4);
    for (const suffix of ['A', 'B', 'C', 'D']) await expect(cards.filter({ hasText: `GP-${stamp}${suffix}` })).toHaveCount(1);
    await page.getByRole('button', { name: 'Show the whole catalog' }).click();
    await expect(page.getByRole('button', { name: 'Show the whole catalog' })).toHaveCount(0);
  });
}
