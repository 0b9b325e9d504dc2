import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const pages = ['/', '/auth', '/auth/customer', '/about', '/privacy', '/terms', '/contact', '/dashboard', '/no/such/page'];

for (const theme of ['dark', 'light'] as const) {
  test(`shell pages have no WCAG 2.1 A/AA violations in the ${theme} theme`, async ({ page }) => {
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(
        results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length})`),
        `${path} in ${theme}`,
      ).toEqual([]);
    }
  });
}

test('pages load without console errors or CSP violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  for (const path of ['/', '/auth/customer', '/contact']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // A robot page: its robot is read early by index.html's inline script (allowed by the CSP's hash), once.
  const robot = ((await (await page.request.get('/api/robots?limit=1')).json()) as { data: Array<{ id: string }> }).data[0]!;
  const robotReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/robots/${robot.id}`) robotReads.push(request.url());
  });
  await page.goto(`/robots/${robot.id}`);
  await expect(page.getByRole('rowheader', { name: 'Payload' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Specifications' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(robotReads).toHaveLength(1);
  expect(problems).toEqual([]);
  const csp = (await page.request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self' 'sha256-");
  expect(csp).not.toContain("'unsafe-inline' 'sha256");
});
