import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, PASSWORD, signIn, uniqueEmail } from './helpers';

/**
 * The marketplace loop seen from both dashboards (issue 13), on the real API and database: a
 * supplier offers a catalog model, buyers view it and ask for quotes, the supplier quotes, one
 * buyer accepts. The supplier's Analytics tab charts views, requests, quotes and the win rate
 * per offer (with a legend and a table); the buyer's dashboard lists their request, the quote
 * and its status with links to the conversation. Models without photos show their kind's
 * drawing on the catalog, the robot page and compare. At 1280 px and 390 px, light and dark.
 */

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function account(request: APIRequestContext, userType: string, firstName: string, company: string) {
  const email = uniqueEmail(userType);
  const res = await request.post('/auth/register', {
    data: { email, password: PASSWORD, first_name: firstName, last_name: 'Tester', user_type: userType, company_name: company },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access_token: string };
  return { email, headers: { Authorization: `Bearer ${body.access_token}` } };
}

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

const cases = [
  { width: 1280, height: 900, q: 'CRX-10iA', theme: 'light' },
  { width: 390, height: 844, q: 'CRX-5iA', theme: 'dark' },
] as const;

for (const c of cases) {
  test(`the supplier's offer analytics and the buyer's requests and quotes (${c.width} px, ${c.theme})`, async ({ page, request, browser }) => {
    test.setTimeout(150_000);
    await page.addInitScript((t) => localStorage.setItem('theme', t), c.theme);
    await page.setViewportSize({ width: c.width, height: c.height });
    const supplier = await account(request, 'supplier', 'Sol', `Chart Robotics ${c.width} ${Date.now()}`);
    const buyer = await account(request, 'customer', 'Cara', 'Acme Foods');
    const other = await account(request, 'customer', 'Otto', 'Bolt Works');

    const found = (await (await request.get('/api/robots', { params: { q: c.q } })).json()) as { data: Array<{ id: string; model: string; owner_id: string | null }> };
    const robot = found.data.find((r) => r.model === c.q && r.owner_id === null);
    expect(robot).toBeTruthy();
    const robotId = robot?.id ?? '';
    expect((await request.post('/api/supplier/offers', { headers: supplier.headers, data: { robot_id: robotId, price_min: 42000, currency: 'USD', condition: 'new' } })).status()).toBe(201);
    for (let i = 0; i < 3; i += 1) expect((await request.get(`/api/robots/${robotId}`)).status()).toBe(200);
    for (const who of [buyer, other]) {
      const res = await request.post('/api/quote-requests', { headers: who.headers, data: { robot_id: robotId, quantity: 2, timeline: '1_3_months', notes: 'Two cells' } });
      expect(res.status()).toBe(201);
    }
    const inbox = (await (await request.get('/api/threads', { headers: supplier.headers })).json()) as { data: Array<{ id: string; counterpart: { name: string } }> };
    expect(inbox.data).toHaveLength(2);
    for (const t of inbox.data) {
      expect((await request.post(`/api/threads/${t.id}/quotes`, { headers: supplier.headers, data: { price: 41000, currency: 'USD', valid_until: inDays(30) } })).status()).toBe(201);
    }
    const buyerThread = inbox.data.find((t) => t.counterpart.name.startsWith('Cara'));
    expect((await request.post(`/api/threads/${buyerThread?.id}/accept`, { headers: buyer.headers })).status()).toBe(200);

    // The supplier's analytics: one card per offer, the totals in words, the legend and the table.
    await signIn(page, 'supplier', supplier.email);
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto('/dashboard?tab=analytics');
    const card = page.getByRole('article', { name: `FANUC ${c.q} (New)` });
    await expect(card.getByText('3 views · 2 requests · 2 quotes sent · 1 won')).toBeVisible();
    await expect(card.getByText('Quote-to-win rate: 50% (1 of 2 quoted)')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Chart legend' }).getByRole('listitem')).toHaveCount(4);
    await expect(card.locator('.recharts-line')).toHaveCount(4);
    await card.getByText('Show the figures as a table').focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('table')).toBeVisible();
    await expect(card.getByRole('row').nth(1)).toContainText('3');
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, `supplier analytics ${c.width}`);

    // The buyer's dashboard: the request with its status and a link to the conversation, the quote.
    const buyerContext = await browser.newContext({ viewport: { width: c.width, height: c.height } });
    await buyerContext.addInitScript((t) => localStorage.setItem('theme', t), c.theme);
    const buyerPage = await buyerContext.newPage();
    await signIn(buyerPage, 'customer', buyer.email);
    await expect(buyerPage).not.toHaveURL(/\/auth/);
    await buyerPage.goto('/dashboard');
    const requests = buyerPage.getByRole('region', { name: 'Your requests' });
    await expect(requests.getByText(`FANUC ${c.q}`, { exact: true })).toBeVisible();
    await expect(requests.getByText('Accepted', { exact: true }).first()).toBeVisible();
    const quotes = buyerPage.getByRole('region', { name: 'Quotes received' });
    await expect(quotes.getByText('$41,000')).toBeVisible();
    await quotes.getByRole('link', { name: /^Open the quote from Chart Robotics/ }).click();
    await expect(buyerPage).toHaveURL(new RegExp(`/messages/${buyerThread?.id}$`));
    await buyerPage.goBack();
    await expect(buyerPage.getByRole('region', { name: 'Integrators’ interest' }).getByText('No integrator interest yet')).toBeVisible();
    await noSidewaysScroll(buyerPage);
    await expectNoAxeViolations(buyerPage, `customer dashboard ${c.width}`);
    await buyerContext.close();
  });
}

for (const c of [
  { width: 1280, height: 900, theme: 'dark' },
  { width: 390, height: 844, theme: 'light' },
] as const) {
  test(`models without photos show their kind's drawing on the catalog, the robot page and compare (${c.width} px, ${c.theme})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.addInitScript((t) => localStorage.setItem('theme', t), c.theme);
    await page.setViewportSize({ width: c.width, height: c.height });
    const found = (await (await request.get('/api/robots', { params: { q: 'scara', limit: 3 } })).json()) as { data: Array<{ id: string; category: string }> };
    const scaras = found.data.filter((r) => r.category === 'scara');
    expect(scaras.length).toBeGreaterThanOrEqual(2);

    await page.goto('/catalog?q=scara');
    const card = page.getByRole('list', { name: 'Robots' }).getByRole('article').first();
    const drawing = card.getByRole('img', { name: /^Drawing of a SCARA robot: no photo of the .+ yet$/ });
    await expect(drawing).toBeVisible();
    // The drawing fills the 2:1 box a photo would.
    const box = await drawing.boundingBox();
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 2)).toBeLessThan(0.05);
    await expectNoAxeViolations(page, `catalog ${c.width}`);

    await page.goto(`/robots/${scaras[0]?.id}`);
    await expect(page.getByRole('img', { name: /^Drawing of a SCARA robot/ })).toBeVisible();
    await expectNoAxeViolations(page, `robot page ${c.width}`);

    await page.goto(`/compare?ids=${scaras.slice(0, 2).map((r) => r.id).join(',')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Compare robots' })).toBeVisible();
    await expect(page.locator('thead [data-illustration="scara"]').first()).toBeVisible();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, `compare ${c.width}`);
  });
}
