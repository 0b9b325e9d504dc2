import { expect, test, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoAxeViolations, register, uniqueEmail } from './helpers';

/**
 * The integrator dashboard end to end, on the real API, perception service and database:
 * a messy XLSX goes through the bulk-upload wizard into the catalog; a generated MP4 goes
 * through upload, Stage 1, the user's corrections, confirm and Stage 2.
 *
 * The fixtures are made here, with tools the workspace already has: SheetJS (the API's
 * `xlsx` dependency, @e965/xlsx 0.20.3) and the static ffmpeg of @ffmpeg-installer (a
 * dependency of apps/perception). e2e/ does not depend on them itself, so they are
 * resolved from those packages.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The few SheetJS functions used here (the package's types are not visible from e2e/). */
interface SheetJs {
  utils: {
    aoa_to_sheet: (rows: unknown[][]) => unknown;
    book_new: () => unknown;
    book_append_sheet: (book: unknown, sheet: unknown, name: string) => void;
  };
  write: (book: unknown, options: { type: 'buffer'; bookType: 'xlsx' }) => Buffer;
}
const XLSX = createRequire(path.join(root, 'apps/api/package.json'))('xlsx') as SheetJs;
const ffmpegPath = (createRequire(path.join(root, 'apps/perception/package.json'))('@ffmpeg-installer/ffmpeg') as { path: string }).path;

const stamp = Date.now().toString().slice(-7);
const MODELS = [`RS-E2E-${stamp}A`, `TX-E2E-${stamp}B`, `LS-E2E-${stamp}C`];

/** A workbook as people send them: a title row, blank row, then headers with units in them. */
function messyWorkbook(): Buffer {
  const rows = [
    ['Robot list for CellForge (prices excluded)'],
    [],
    ['Brand', 'Model #', 'Max Payload (lbs)', 'Reach (in)', 'Axes'],
    ['Kawasaki', MODELS[0], 44, 55, 6],
    ['Staubli', MODELS[1], 22, 36, 6],
    ['Epson', MODELS[2], 13.2, 23.6, 4],
    ['Nobody', '', 10, 10, 6],
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Robots');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
}

/**
 * A plant's workbook: a notes sheet first, then the robots under a section row that looks
 * like headers, units in the headers.
 */
function plantWorkbook(models: readonly string[]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Exported from the plant register'], ['Prices excluded']]), 'Read me');
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Line 4', 'Robots', 'Robots', 'Robots'],
      ['Brand', 'Model', 'Max Payload (lbs)', 'Reach (mm)'],
      ['Kawasaki', models[0], 44, 1400],
      ['Staubli', models[1], 22, 900],
      ['STAUBLI', models[1], 13.2, 600],
    ]),
    'Fleet',
  );
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
}

function numberIn(text: string): number | null {
  const match = text.replace(/,/g, '').match(/-?\d+(\.\d+)?/);
  return match ? Number(match[0]) : null;
}

async function statValue(scope: Page | Locator, label: string): Promise<number | null> {
  const dd = scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(dd).toHaveText(/\d/);
  return numberIn(await dd.innerText());
}

async function specOf(card: Locator, label: string): Promise<number | null> {
  return numberIn(await card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').innerText());
}

async function openDashboard(page: Page) {
  await page.goto('/integrator/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrator Dashboard' })).toBeVisible();
}

test('an integrator imports a messy XLSX through the wizard and finds the robots in the catalog', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page, 'integrator', uniqueEmail('integrator'), 'Grace');
  await openDashboard(page);
  await expect(page.getByRole('tab', { name: 'Catalog' })).toHaveAttribute('aria-selected', 'true');
  const totalBefore = await statValue(page, 'Total Robots');

  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  const wizard = page.getByRole('dialog', { name: 'Bulk Upload' });
  await expect(wizard.locator('[aria-current="step"]')).toContainText('Choose a file');
  // The template with every field (issue 14) is one click away.
  const template = page.waitForEvent('download');
  await wizard.getByRole('button', { name: 'Download the template as CSV' }).click();
  expect((await template).suggestedFilename()).toBe('cellforge-robots-template.csv');
  await wizard.getByLabel('Robot file (.csv, .json, .xlsx or .xls)').setInputFiles({
    name: 'robots.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: messyWorkbook(),
  });

  // Step 2: the messy headers are recognised, with their units.
  await expect(wizard.locator('[aria-current="step"]')).toContainText('Map fields');
  await expect(wizard.getByRole('combobox', { name: 'Field for column Brand' })).toHaveValue('manufacturer');
  await expect(wizard.getByRole('combobox', { name: 'Field for column Model #' })).toHaveValue('model');
  await expect(wizard.getByRole('combobox', { name: 'Field for column Max Payload (lbs)' })).toHaveValue('payload_kg');
  await expect(wizard.getByRole('combobox', { name: 'Field for column Reach (in)' })).toHaveValue('reach_mm');
  await expect(wizard.getByRole('combobox', { name: 'Field for column Axes' })).toHaveValue('dof');
  await expect(wizard.getByRole('row', { name: /^Max Payload \(lbs\)/ })).toContainText('lb (pounds)');
  await expect(wizard.getByRole('row', { name: /^Reach \(in\)/ })).toContainText('in (inches)');
  await expect(wizard.getByRole('row', { name: /^Model #/ })).not.toContainText('pounds');
  await expectNoAxeViolations(page, 'wizard, map fields');
  // The mapping is saved under a name for the next file with these headers.
  await wizard.getByRole('textbox', { name: 'Save this mapping as' }).fill('Plant robots');
  await wizard.getByRole('button', { name: 'Save mapping' }).click();
  await expect(wizard.getByRole('combobox', { name: 'Your mappings' })).toContainText('Plant robots');

  await wizard.getByRole('button', { name: 'Validate' }).click();
  await expect(wizard.locator('[aria-current="step"]')).toContainText('Validate & preview');
  expect(await statValue(wizard, 'Valid rows')).toBe(3);
  expect(await statValue(wizard, 'Rows with errors')).toBe(1);
  // The grid opens on its error rows, numbered as the spreadsheet shows them.
  await expect(wizard.locator('tbody tr')).toHaveCount(1);
  await expect(wizard.getByRole('button', { name: 'Download full error report' })).toBeVisible();
  const download = page.waitForEvent('download');
  await wizard.getByRole('button', { name: 'Download full error report' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // Back returns one step; validate again and import.
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(wizard.locator('[aria-current="step"]')).toContainText('Map fields');
  await wizard.getByRole('button', { name: 'Validate' }).click();
  await wizard.getByRole('button', { name: 'Import' }).click();
  await expect(wizard.getByRole('status').filter({ hasText: 'Import complete! 3 inserted, 0 updated' })).toBeVisible();
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(wizard).toBeHidden();

  // The catalog reloads: the stats count the new robots and the cards are there (own robots first).
  await expect.poll(() => statValue(page, 'Total Robots')).toBe((totalBefore ?? 0) + 3);
  const robots = page.getByRole('list', { name: 'Catalog robots' });
  for (const model of MODELS) await expect(robots.getByRole('heading', { name: model })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search the catalog' }).fill(MODELS[0]!);
  await page.getByRole('searchbox', { name: 'Search the catalog' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${MODELS[0]}`));
  const card = page.getByRole('article', { name: `Kawasaki ${MODELS[0]}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Owner · can edit');
  // 44 lb and 55 in, converted.
  expect(await specOf(card, 'Rated payload')).toBeCloseTo(19.96, 1);
  expect(await specOf(card, 'Reach')).toBeCloseTo(1397, 0);
  expect(await specOf(card, 'DOF')).toBe(6);
  await expectNoAxeViolations(page, 'catalog tab');
});

test('the full video flow: project, upload, Stage 1, corrections, confirm, Stage 2, resume after reload', async ({ page }) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cellforge-e2e-video-'));
  const video = path.join(dir, 'work-cell.mp4');
  execFileSync(ffmpegPath, ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '6', '-pix_fmt', 'yuv420p', video]);

  try {
    await register(page, 'integrator', uniqueEmail('integrator'), 'Grace');
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Upload and Analyze' }).click();
    await expect(page).toHaveURL(/tab=analyze/);

    // No project yet: "No Entry", with the offer to create one.
    await expect(page.getByRole('heading', { name: 'No Entry' })).toBeVisible();
    await page.getByRole('button', { name: 'Create a project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Project name').fill('Gearbox line');
    await dialog.getByLabel('Customer company').fill('Acme Drives');
    await dialog.getByLabel('Status').selectOption('In Progress');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Project', { exact: true })).toHaveValue(/.+/);
    await expectNoAxeViolations(page, 'upload and analyze tab');

    // Only .zip and .mp4.
    const input = page.getByLabel('Video of the work cell');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a video') });
    await expect(page.getByRole('alert')).toHaveText('Please upload a ZIP or MP4 file');

    await input.setInputFiles(video);
    await page.getByRole('button', { name: 'Upload and analyse' }).click();
    await expect(page).toHaveURL(/job=/);
    await expect(page.getByRole('heading', { name: 'Stage 1 entity extraction results' })).toBeVisible({ timeout: 180_000 });
    await expect(page.getByRole('list', { name: 'Activity timeline' }).getByRole('listitem').first()).toBeVisible();
    // Key frames are pictures, never storage paths.
    await expect(page.getByRole('list', { name: 'Activity timeline' })).not.toContainText('frames/');
    // The key frame itself, served from the result bucket through the API.
    const frame = page.getByRole('list', { name: 'Activity timeline' }).getByRole('img', { name: /^Key frame of / }).first();
    await expect(frame).toBeVisible();
    expect(await frame.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The user's corrections: a payload with its weight, a workstation with its size.
    await page.getByRole('button', { name: 'Add payload' }).click();
    await page.getByLabel('Payload 1 Name').fill('Gearbox housing');
    await page.getByLabel('Payload 1 Weight (kg)').fill('10');
    await page.getByLabel('Payload 1 Weight (kg)').fill('12');
    await page.getByRole('button', { name: 'Add workstation' }).click();
    await page.getByLabel('Workstation 1 Name').fill('Assembly table');
    await page.getByLabel('Workstation 1 Length (mm)').fill('1200');
    await page.getByLabel('Workstation 1 Width (mm)').fill('800');
    await expectNoAxeViolations(page, 'stage 1 results');
    await page.getByRole('button', { name: 'Confirm & Run Stage 2' }).click();

    const stage2 = page.getByRole('region', { name: 'Stage 2 robot configuration results' });
    await expect(stage2).toBeVisible({ timeout: 180_000 });
    expect(await statValue(stage2, 'Tasks identified')).toBeGreaterThanOrEqual(1);
    expect(await statValue(stage2, 'Configurations generated')).toBeGreaterThanOrEqual(1);
    expect(await statValue(stage2, 'Viable configurations')).toBeGreaterThanOrEqual(1);
    expect(await statValue(stage2, 'Deployment locations analyzed')).toBe(1);
    // Stage 2 used the confirmed weight: 12 kg + 20 % for the tool (packages/robot-fit).
    await expect(stage2.getByText(/Needs 14.4 kg payload \(heaviest part 12 kg\)/).first()).toBeVisible();
    await expect(stage2.getByRole('table').first().getByRole('cell', { name: 'Viable', exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'stage 2 results');

    // A reload resumes the same analysis from the URL; the project lists it.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Stage 2 robot configuration results' })).toBeVisible();
    const previous = page.getByRole('region', { name: 'Previous analyses' });
    await expect(previous.getByRole('listitem')).toHaveCount(1);
    await expect(previous.getByRole('listitem')).toContainText('work-cell.mp4');
    await expect(previous.getByRole('listitem')).toContainText('Stage 2 done');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

for (const theme of ['dark', 'light'] as const) {
  test(`the dashboard tabs and dialogs have no WCAG 2.1 A/AA violations in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(90_000);
    await register(page, 'integrator', uniqueEmail('integrator'), 'Grace');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await openDashboard(page);
    await expect(page.getByRole('list', { name: 'Catalog robots' })).toBeVisible();
    await expectNoAxeViolations(page, `catalog (${theme})`);

    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    await expect(page.getByRole('dialog', { name: 'Bulk Upload' })).toBeVisible();
    await expectNoAxeViolations(page, `bulk upload (${theme})`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Account Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Account Settings' });
    await expect(settings.getByLabel('Company name')).toHaveValue('Analytical Engines Ltd');
    await expectNoAxeViolations(page, `settings (${theme})`);
    await settings.getByLabel('City').fill('Lisbon');
    await settings.getByLabel('Website').fill('https://engines.example');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await page.getByRole('button', { name: 'Account Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Account Settings' }).getByLabel('City')).toHaveValue('Lisbon');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Projects' }).click();
    await expect(page.getByRole('heading', { name: 'No Entry' })).toBeVisible();
    await expectNoAxeViolations(page, `projects (${theme})`);
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByRole('dialog', { name: 'New project' }).getByLabel('Project name').fill('Palletizing');
    await page.getByRole('dialog', { name: 'New project' }).getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByRole('article', { name: 'Palletizing' })).toBeVisible();
    await page.getByRole('group', { name: 'Filter projects by status' }).getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByRole('group', { name: 'Filter projects by status' }).getByRole('button', { name: 'Complete' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'No Entry' })).toBeVisible();
    await page.getByRole('group', { name: 'Filter projects by status' }).getByRole('button', { name: 'Draft' }).click();
    await expect(page.getByRole('article', { name: 'Palletizing' })).toBeVisible();
    await expectNoAxeViolations(page, `projects list (${theme})`);

    await page.getByRole('tab', { name: 'Upload and Analyze' }).click();
    await expect(page.getByLabel('Video of the work cell')).toBeVisible();
    await expectNoAxeViolations(page, `upload and analyze (${theme})`);
  });
}

test('on a phone, an integrator picks the sheet of a workbook, moves the header row and reads rows as the sheet numbers them', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const models = [`PH-E2E-${stamp}A`, `PH-E2E-${stamp}B`];
  await register(page, 'integrator', uniqueEmail('integrator-phone'), 'Grace');
  await openDashboard(page);
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  const wizard = page.getByRole('dialog', { name: 'Bulk Upload' });
  await wizard.getByLabel('Robot file (.csv, .json, .xlsx or .xls)').setInputFiles({
    name: 'plant.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: plantWorkbook(models),
  });
  await expect(wizard.locator('[aria-current="step"]')).toContainText('Map fields');
  const layout = wizard.getByRole('region', { name: 'How the file is read' });
  await layout.getByRole('combobox', { name: 'Sheet' }).selectOption('Fleet');
  await expect(wizard.getByRole('combobox', { name: 'Field for column Robots', exact: true })).toBeVisible();
  await layout.getByRole('radio', { name: 'Row 2 is the header row' }).check();
  const brand = wizard.getByRole('combobox', { name: 'Field for column Brand' });
  await expect(brand).toHaveValue('manufacturer');
  await expect(wizard.getByRole('combobox', { name: 'Field for column Max Payload (lbs)' })).toHaveValue('payload_kg');
  // Every "Maps to" select is on screen at 390 px (the mapping table stacks).
  for (const select of await wizard.getByRole('combobox', { name: /^Field for column / }).all()) {
    await select.scrollIntoViewIfNeeded();
    const box = await select.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await wizard.getByRole('button', { name: 'Validate' }).click();
  await expect(wizard.locator('[aria-current="step"]')).toContainText('Validate & preview');
  // Rows as the sheet shows them: the duplicate is on row 5 and names row 4.
  await expect(wizard.locator('tbody tr[data-row="5"]')).toContainText('duplicate of row 4');
  await expect(wizard.getByRole('list', { name: 'Warnings by kind' })).toContainText('2 rows: payload converted from lb to kg (rows 3, 4)');
  await wizard.getByRole('button', { name: 'Import' }).click();
  await expect(wizard.getByRole('status').filter({ hasText: 'Import complete! 2 inserted, 0 updated; 1 row with errors skipped' })).toBeVisible();
});

