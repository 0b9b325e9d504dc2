import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers';

const FIGURES = ['annualSavings', 'paybackMonths', 'roiPercent', 'npv', 'irrPercent'] as const;

async function readFigures(page: Page): Promise<string[]> {
  const values: string[] = [];
  for (const name of FIGURES) values.push((await page.locator(`[data-roi-figure="${name}"] dd`).first().innerText()).trim());
  return values;
}

async function setField(page: Page, label: RegExp, value: string) {
  const input = page.getByLabel(label);
  await input.fill(value);
  await expect(input).toHaveValue(value);
}

test('the coming-soon banner stays dismissed after a reload', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Announcement' });
  await expect(banner).toContainText('CellForge is coming soon.');
  await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'CellForge' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Announcement' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('coming_soon_banner_dismissed'))).toBe('true');
});

test('an ROI scenario shared by URL gives the same numbers in a new page', async ({ page, browser }) => {
  await page.addInitScript(() => {
    const events: unknown[] = [];
    (window as unknown as { roiEvents: unknown[] }).roiEvents = events;
    window.addEventListener('roiDataUpdate', (event) => events.push((event as CustomEvent).detail));
  });
  await page.goto('/roi-calculator');
  await expect(page.getByRole('heading', { level: 1, name: 'ROI Calculator' })).toBeVisible();
  // The worked example: $150,000 against $89,400 a year.
  await expect(page.locator('[data-roi-figure="paybackMonths"] dd').first()).toHaveText('20.1 months');

  await setField(page, /^Robot and cell cost/, '120000');
  await setField(page, /^Workers replaced per shift/, '1.5');
  await setField(page, /^Shifts per day/, '3');
  await setField(page, /^Discount rate/, '10');
  await expect(page).toHaveURL(/discountRatePercent=10/);
  const figures = await readFigures(page);
  // 175,000 upfront; 1.5 × 3 × 8 × 250 × $25 = $225,000 + $11,250 + $2,400 − $18,000 = $220,650 a year
  expect(figures[0]).toBe('$220,650');
  expect(figures[1]).toBe('9.5 months');

  // The chat widget's event carries the same figures.
  const last = await page.evaluate(() => {
    const events = (window as unknown as { roiEvents: Array<{ inputs: Record<string, number>; results: Record<string, unknown> }> }).roiEvents;
    return events.at(-1);
  });
  expect(last?.inputs).toMatchObject({ robotCost: 120_000, workersPerShift: 1.5, shiftsPerDay: 3, discountRatePercent: 10 });
  expect(last?.results).toMatchObject({ annualSavings: 220_650, paybackMonths: 9.5 });

  const url = page.url();
  expect(new URL(url).searchParams.size).toBe(15);

  // A colleague opens the link in a fresh browser.
  const other = await browser.newContext();
  const shared = await other.newPage();
  await shared.goto(url);
  await expect(shared.getByRole('heading', { level: 1, name: 'ROI Calculator' })).toBeVisible();
  await expect(shared.getByLabel(/^Robot and cell cost/)).toHaveValue('120000');
  expect(await readFigures(shared)).toEqual(figures);
  await other.close();
});

test('the yearly table downloads as CSV', async ({ page }) => {
  await page.goto('/roi-calculator?horizonYears=2');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('roi-cash-flow.csv');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks).toString('utf8').trim().split('\r\n');
  expect(lines).toHaveLength(4);
  expect(lines[0]).toMatch(/^Year,Savings \(USD\),Costs \(USD\),Net cash flow \(USD\)/);
  expect(lines[1]).toBe('0,0.00,150000.00,-150000.00,-150000.00,-150000.00,-150000.00');
  expect(lines[2]).toBe('1,107400.00,18000.00,89400.00,-60600.00,82777.78,-67222.22');
});

test('early access: signs up once, and is friendly the second time', async ({ page }) => {
  const email = uniqueEmail('early');
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) scripts.push(await response.text());
  });
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Get Early Access' }).last().click();
  await expect(page).toHaveURL(/\/beta-signup$/);
  // The form paints without zod (issue 19: Lighthouse); its checks load when the visitor reaches for the form.
  await expect(page.getByRole('form', { name: 'Get Early Access' }).getByLabel('Name')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((text) => text.includes('_zod'))).toEqual([]);

  const fill = async (address: string) => {
    const form = page.getByRole('form', { name: 'Get Early Access' });
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill(address);
    await form.getByLabel('Company').fill('Navy Yard');
    await form.getByLabel('I am a').selectOption('customer');
    await form.getByLabel('What do you want to automate?').fill('End-of-line palletising');
    await form.getByRole('button', { name: 'Get Early Access' }).click();
  };

  // Missing fields are named before anything is sent.
  await page.getByRole('form', { name: 'Get Early Access' }).getByRole('button', { name: 'Get Early Access' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();

  await fill(email);
  await expect(page.getByText("You're on the list! We'll be in touch.")).toBeVisible();

  await page.goto('/beta-signup');
  await fill(email.toUpperCase());
  await expect(page.getByText("You're already on the list — we'll be in touch soon.")).toBeVisible();
});

test('the agent page has one agent; other slugs are not found', async ({ page }) => {
  await page.goto('/agent/robotics-advisor');
  await expect(page.getByRole('heading', { level: 1, name: 'Robotics Advisor' })).toBeVisible();
  await expect(page.locator('[data-slot="agent-chat"]')).toHaveAttribute('data-agent-slug', 'robotics-advisor');
  await page.goto('/agent/somebody-else');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

/** The ROI chart loads when it comes near the viewport: scroll to it, wait for it, come back up. */
async function showRoiChart(page: Page) {
  await page.getByRole('heading', { level: 2, name: 'Cumulative cash flow' }).scrollIntoViewIfNeeded();
  await expect(page.locator('.recharts-wrapper')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
}

test('the home page loads neither zod nor recharts', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) scripts.push(await response.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'CellForge' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(1);
  expect(scripts.filter((text) => text.includes('_zod') || text.includes('recharts-wrapper'))).toEqual([]);

  // The calculator brings the chart in on its own when it comes into view (not before).
  await page.goto('/roi-calculator');
  await showRoiChart(page);
});

const PUBLIC_PAGES: Array<[string, string]> = [
  ['/', 'CellForge'],
  ['/roi-calculator', 'ROI Calculator'],
  ['/beta-signup', 'Get Early Access'],
  ['/learn-how-it-works', 'How CellForge works'],
  ['/agent/robotics-advisor', 'Robotics Advisor'],
];

test('public pages fit a phone screen without sideways scrolling, console errors or CSP violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [path, heading] of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (path === '/roi-calculator') await showRoiChart(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  expect(problems).toEqual([]);
});

test('the ROI calculator works from the keyboard', async ({ page }) => {
  await page.goto('/roi-calculator');
  const first = page.getByLabel(/^Robot and cell cost/);
  await expect(first).toBeVisible();
  let reached = false;
  for (let i = 0; i < 40 && !reached; i += 1) {
    await page.keyboard.press('Tab');
    reached = await first.evaluate((element) => element === document.activeElement);
  }
  expect(reached).toBe(true);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('200000');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Integration/)).toBeFocused();
  await expect(page).toHaveURL(/robotCost=200000/);
  // 255,000 / 89,400 × 12
  await expect(page.locator('[data-roi-figure="paybackMonths"] dd').first()).toHaveText('34.2 months');
});

for (const theme of ['dark', 'light'] as const) {
  test(`public pages have no WCAG 2.1 A/AA violations in the ${theme} theme`, async ({ page }) => {
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const [path, heading] of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (path === '/roi-calculator') await showRoiChart(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(
        results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`),
        `${path} in ${theme}`,
      ).toEqual([]);
    }
    // The signup's two answers are checked too.
    await page.goto('/beta-signup');
    await page.getByRole('form', { name: 'Get Early Access' }).getByRole('button', { name: 'Get Early Access' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    const withErrors = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(withErrors.violations.map((v) => v.id), `beta-signup errors in ${theme}`).toEqual([]);
  });
}
