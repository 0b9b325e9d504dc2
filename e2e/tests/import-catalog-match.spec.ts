import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, register, uniqueEmail } from './helpers';

/**
 * Issue 14, catalog matching, from an integrator's side: their fleet export names three
 * robots the shared catalog already has (spelled "abb", "UR" "UR 10e", "Motoman") and one
 * it lacks, plus a bad row. The validate step shows each catalog model with the values that
 * differ and a choice; the person keeps UR 10e as a private copy and skips GP25, imports,
 * reads "1 attached to catalog model, 1 private copy, 1 skipped", downloads the error
 * report from the result, and the imported robots are shown — at 1280 px and at 390 px,
 * in the light and the dark theme.
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
      ['Robot fleet — plant 2'],
      ['Maker', 'Model', 'Payload (kg)', 'Reach (mm)', 'Axes'],
      ['abb', 'IRB 6700-200/2.60', 210, 2600, 6],
      ['UR', 'UR 10e', 12.5, 1300, 6],
      ['Motoman', 'GP25', 25, 1730, 6],
      ['Matchtest', `MT-${stamp}`, 100, 2100, 6],
      ['Matchtest', `MT-${stamp}X`, 'two hundred', 2500, 6],
    ]),
    'Fleet',
  );
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
}

for (const viewport of [
  { width: 1280, height: 900, theme: 'light' },
  { width: 390, height: 844, theme: 'dark' },
] as const) {
  test(`catalog matches at ${viewport.width} px (${viewport.theme}): attach, private copy and skip, counted in the result`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const stamp = `${viewport.width}${Date.now().toString().slice(-6)}`;
    await register(page, 'integrator', uniqueEmail('match'), 'Grace');
    await page.evaluate((t) => localStorage.setItem('theme', t), viewport.theme);
    await page.goto('/integrator/dashboard');
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const wizard = page.getByRole('dialog', { name: 'Bulk Upload' });
    await wizard.getByLabel('Robot file (.csv, .json, .xlsx or .xls)').setInputFiles({
      name: 'fleet.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook(stamp),
    });
    await expect(wizard.locator('[aria-current="step"]')).toContainText('Map fields');
    await wizard.getByRole('button', { name: 'Validate' }).click();
    await expect(wizard.locator('[aria-current="step"]')).toContainText('Validate & preview');

    // Three rows are already catalog models: each shown with the model and what differs.
    await expect(wizard.getByRole('heading', { name: 'Already in the catalog (3 rows)' })).toBeVisible();
    const matches = wizard.getByRole('list', { name: 'Rows already in the catalog' }).getByRole('listitem').filter({ hasText: 'Catalog model:' });
    await expect(matches).toHaveCount(3);
    const abb = matches.filter({ hasText: 'Row 3: abb IRB 6700-200/2.60' });
    await expect(abb).toContainText('Catalog model: ABB IRB 6700-200/2.60');
    await expect(abb).toContainText('Payload (kg): catalog 200, your file 210');
    await expect(matches.filter({ hasText: 'Row 4: UR UR 10e' })).toContainText('Catalog model: Universal Robots UR10e');
    await expect(matches.filter({ hasText: 'Row 5: Motoman GP25' })).toContainText('Catalog model: Yaskawa GP25');
    await expect(wizard.getByRole('combobox', { name: 'For every row in the catalog' })).toHaveValue('attach');

    // Per-row choices, with the keyboard-reachable selects.
    await wizard.getByRole('combobox', { name: 'What to do with row 4' }).selectOption('private_copy');
    await wizard.getByRole('combobox', { name: 'What to do with row 5' }).selectOption('skip');
    await expect(wizard.getByText('1 to attach, 1 private copy, 1 to skip')).toBeVisible();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await abb.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`catalog-matches-${viewport.width}-${viewport.theme}.png`) });
    await testInfo.attach(`catalog-matches-${viewport.width}-${viewport.theme}`, { path: testInfo.outputPath(`catalog-matches-${viewport.width}-${viewport.theme}.png`), contentType: 'image/png' });
    await expectNoAxeViolations(page, `catalog matches (${viewport.width}, ${viewport.theme})`);

    await wizard.getByRole('button', { name: 'Import' }).click();
    await expect(wizard.getByRole('status').filter({ hasText: 'Import complete! 1 inserted, 0 updated' })).toBeVisible();
    await expect(wizard.getByText('1 attached to catalog model, 1 private copy, 1 skipped')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`import-result-${viewport.width}-${viewport.theme}.png`) });

    // The refused row's report, from the result step.
    const download = page.waitForEvent('download');
    await wizard.getByRole('button', { name: 'Download the error report' }).click();
    const report = await download;
    expect(report.suggestedFilename()).toBe('fleet-errors.csv');

    await wizard.getByRole('button', { name: 'Show the imported robots' }).click();
    await expect(wizard).toBeHidden();
    const cards = page.getByRole('list', { name: 'Catalog robots' }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: 'IRB 6700-200/2.60' })).toHaveCount(1);
    await expect(cards.filter({ hasText: 'UR 10e' })).toHaveCount(1);
    await expect(cards.filter({ hasText: `MT-${stamp}` })).toHaveCount(1);
    await expect(cards.filter({ hasText: 'GP25' })).toHaveCount(0);
  });
}
