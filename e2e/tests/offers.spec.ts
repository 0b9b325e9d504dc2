import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, header, PASSWORD, signIn, uniqueEmail } from './helpers';

/**
 * Models and offers (issue 13) on the real API and database: a supplier makes an offer on a
 * catalog model found by a loosely typed search, a customer sees "1 offer from $…" on the
 * catalog card and the robot page, asks that supplier for a quote from the offers table, and
 * the supplier finds the request in their messages. At 1280 px and at 390 px.
 */

async function account(request: APIRequestContext, userType: string, firstName: string, company: string) {
  const email = uniqueEmail(userType);
  const res = await request.post('/auth/register', {
    data: { email, password: PASSWORD, first_name: firstName, last_name: 'Tester', user_type: userType, company_name: company },
  });
  expect(res.status()).toBe(201);
  return { email };
}

async function logout(page: Page) {
  const viewport = page.viewportSize();
  if (viewport && viewport.width < 768) {
    await header(page).getByRole('button', { name: /menu/i }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
  } else {
    await header(page).getByRole('button', { name: 'Logout' }).click();
  }
  // On a phone the "Sign In" link sits in the closed menu: the way out is gone either way.
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
}

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

const cases = [
  { width: 1280, height: 900, typed: 'Fanuc CRX 10iA', model: 'FANUC CRX-10iA', q: 'crx 10ia', price: '42000', shown: '$42,000' },
  { width: 390, height: 844, typed: 'fanuc crx5ia', model: 'FANUC CRX-5iA', q: 'crx 5ia', price: '31500', shown: '$31,500' },
];

for (const c of cases) {
  test(`a supplier offers on a catalog model found by search; a customer sees the offer and asks that supplier for a quote (${c.width} px)`, async ({ page, request }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: c.width, height: c.height });
    const company = `Offer Robotics ${c.width} ${Date.now()}`;
    const supplier = await account(request, 'supplier', 'Sol', company);
    const customer = await account(request, 'customer', 'Cara', 'Acme Foods');

    // The supplier searches the catalog, picks the model and publishes an offer.
    await signIn(page, 'supplier', supplier.email);
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Offer on a model' }).click();
    const dialog = page.getByRole('dialog', { name: 'Offer on a model' });
    await dialog.getByRole('searchbox', { name: 'Search the catalog for the model' }).fill(c.typed);
    await dialog.getByRole('list', { name: 'Matching models' }).getByRole('button', { name: new RegExp(`^${c.model}\\b`) }).first().click();
    await expect(dialog.getByText(c.model, { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: /Price from/ }).fill(c.price);
    await dialog.getByRole('combobox', { name: 'Condition' }).selectOption('used');
    await dialog.getByRole('textbox', { name: /Lead time/ }).fill('3');
    await dialog.getByRole('textbox', { name: /Regions served/ }).fill('France, Benelux');
    await noSidewaysScroll(page);
    await dialog.getByRole('button', { name: 'Publish offer' }).click();
    const mine = page.getByRole('article', { name: `Offer on ${c.model}` });
    await expect(mine).toContainText(`from ${c.shown}`);
    await expect(mine).toContainText('Used');
    await logout(page);

    // The customer sees "1 offer from $…" on the card and on the robot page, and asks that supplier.
    await signIn(page, 'customer', customer.email);
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto(`/catalog?q=${encodeURIComponent(c.q)}`);
    const card = page.getByRole('list', { name: 'Robots' }).getByRole('article', { name: c.model, exact: true });
    await expect(card).toContainText(`1 offer from ${c.shown}`);
    await expect(card).toContainText('Used');
    await expectNoAxeViolations(page, `catalog with an offer (${c.width} px)`);
    await card.getByRole('link', { name: c.model, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: c.model })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Ask about this robot' })).toContainText(`1 offer from ${c.shown}`);
    const offer = page.getByRole('article', { name: `Offer from ${company}` });
    await expect(offer).toContainText(`from ${c.shown}`);
    await expect(offer).toContainText('3 weeks');
    await expect(offer).toContainText('France, Benelux');
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, `robot page with an offer (${c.width} px)`);
    await offer.getByRole('button', { name: `Request a quote from ${company}` }).click();
    const request2 = page.getByRole('dialog', { name: 'Request a quote' });
    await expect(request2).toContainText(`from ${company}`);
    await request2.getByRole('spinbutton', { name: /Quantity/ }).fill('2');
    await request2.getByRole('button', { name: 'Send request' }).click();
    await expect(request2.getByRole('status')).toContainText(`Request sent to 1 supplier of the ${c.model}`);
    await page.keyboard.press('Escape');
    await logout(page);

    // The supplier finds the request in their messages.
    await signIn(page, 'supplier', supplier.email);
    await expect(page).not.toHaveURL(/\/auth/);
    const messagesLink = header(page).getByRole('link', { name: /Messages/ });
    if (c.width >= 768) {
      await expect(messagesLink).toContainText('1');
      await messagesLink.click();
    } else {
      await page.goto('/messages');
    }
    await expect(page.getByRole('link', { name: new RegExp(`Unread:\\s*${c.model}`, 'i') })).toContainText('Acme Foods');
  });
}
