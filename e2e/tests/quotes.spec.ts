import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { header, PASSWORD, signIn, uniqueEmail } from './helpers';

/**
 * The marketplace loop on the real API and database: a buyer asks for a price, a seller
 * answers with a quote, the buyer accepts. Once for a model a supplier lists (under another
 * spelling than the catalog's) at 1280 px; once for a model nobody lists, answered by an
 * integrator from the open requests, at 390 px.
 */

async function account(request: APIRequestContext, userType: string, firstName: string, company: string) {
  const email = uniqueEmail(userType);
  const res = await request.post('/auth/register', {
    data: { email, password: PASSWORD, first_name: firstName, last_name: 'Tester', user_type: userType, company_name: company },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { token: string };
  return { email, token: body.token };
}

async function logout(page: Page) {
  const viewport = page.viewportSize();
  if (viewport && viewport.width < 768) {
    await header(page).getByRole('button', { name: /menu/i }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
  } else {
    await header(page).getByRole('button', { name: 'Logout' }).click();
  }
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeAttached();
}

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('a listed model: the buyer asks for a price from the catalog, the supplier quotes, the buyer accepts (1280 px)', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // A supplier lists the catalog's FANUC CRX-25iA under its own spelling (through the old listing route): an offer on that model.
  const supplier = await account(request, 'supplier', 'Sam', `Alpha Robotics ${Date.now()}`);
  const listing = await request.post('/api/supplier/listings', {
    headers: { Authorization: `Bearer ${supplier.token}` },
    data: { manufacturer: 'Fanuc', model: 'CRX 25iA', category: 'collaborative', payload_kg: 25, reach_mm: 1889, dof: 6, price_min_usd: 52000, price_max_usd: 58000 },
  });
  expect(listing.status()).toBe(201);
  const customer = await account(request, 'customer', 'Bea', 'Acme Foods');
  const project = await request.post('/projects', {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: { project_name: 'Case palletizing', requirements: { application: 'palletizing', payload_kg: 20, reach_mm: 1500, budget_usd: 60000 } },
  });
  expect(project.status()).toBe(201);

  // The buyer finds the catalog's model through search and asks for a price for the project.
  await signIn(page, 'customer', customer.email);
  await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/catalog?q=CRX-25iA');
  const card = page.getByRole('list', { name: 'Robots' }).getByRole('article', { name: 'FANUC CRX-25iA', exact: true });
  await card.getByRole('link', { name: 'FANUC CRX-25iA', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'FANUC CRX-25iA' })).toBeVisible();
  await page.getByRole('button', { name: 'Request a quote', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a quote' });
  await dialog.getByRole('spinbutton', { name: /Quantity/ }).fill('2');
  await dialog.getByRole('combobox', { name: /When do you need them/ }).selectOption({ label: 'Within 1–3 months' });
  await dialog.getByRole('combobox', { name: /Project/ }).selectOption({ label: 'Case palletizing' });
  await dialog.getByRole('textbox', { name: /Notes/ }).fill('Delivery to Lyon, with teach pendants.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('status')).toContainText(/Request sent to \d+ suppliers? of the FANUC CRX-25iA/);
  await page.keyboard.press('Escape');
  await logout(page);

  // The supplier sees one unread conversation with the buyer's requirements, and quotes.
  await signIn(page, 'supplier', supplier.email);
  const messagesLink = header(page).getByRole('link', { name: /Messages/ });
  await expect(messagesLink).toContainText('1');
  await messagesLink.click();
  const conversation = page.getByRole('link', { name: /Unread:\s*FANUC CRX-25iA/i });
  await expect(conversation).toContainText('From Acme Foods (Bea Tester)');
  await conversation.click();
  const requestCard = page.getByRole('complementary').filter({ hasText: 'The request' });
  for (const text of ['Quantity', '2', 'Within 1–3 months', 'Case palletizing', 'Palletizing', '20 kg', '1,500 mm', '$60,000']) await expect(requestCard).toContainText(text);
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Delivery to Lyon, with teach pendants.');
  await page.getByRole('button', { name: 'Send a quote' }).click();
  const quote = page.getByRole('form', { name: 'Quote' });
  await quote.getByRole('spinbutton', { name: /Price per robot/ }).fill('51500');
  await quote.getByRole('combobox', { name: /Currency/ }).selectOption('EUR');
  await quote.getByRole('textbox', { name: /What the price includes/ }).fill('Controller and teach pendant; 6 weeks.');
  await quote.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('€51,500');
  await expect(page.getByText('Quoted', { exact: true }).first()).toBeVisible();
  await header(page).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('tab', { name: 'Leads' }).click();
  await expect(page.getByRole('article', { name: /Lead from Bea Tester about FANUC CRX-25iA/i })).toContainText('Request for quote');
  await logout(page);

  // The buyer reads the quote and accepts it.
  await signIn(page, 'customer', customer.email);
  await header(page).getByRole('link', { name: /Messages/ }).click();
  const answered = page.getByRole('link', { name: /Unread:\s*FANUC CRX-25iA/i });
  await expect(answered).toContainText('€51,500');
  await answered.click();
  await expect(page.getByText('€51,500 per robot, valid until')).toBeVisible();
  await page.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page.getByText(/Quote accepted ·/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept quote' })).toHaveCount(0);
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible();
});

test('a model nobody lists: the buyer asks from a project match on a phone, an integrator answers the open request, the buyer accepts (390 px)', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await account(request, 'customer', 'Cleo', `Bakery ${Date.now()}`);
  const project = await request.post('/projects', {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: { project_name: 'Tray loading', requirements: { application: 'pick-and-place', payload_kg: 3, reach_mm: 600 } },
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { data: { id: string } }).data.id;

  await signIn(page, 'customer', customer.email);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto(`/projects/${projectId}/robots`);
  const firstMatch = page.getByRole('article').filter({ hasText: 'From the makers’ datasheets: no supplier lists it yet.' }).first();
  const robotName = (await firstMatch.getAttribute('aria-label'))!.replace(/^\d+\.\s*/, '');
  await firstMatch.getByRole('button', { name: 'Request a quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a quote' });
  await expect(dialog.getByRole('combobox', { name: /Project/ })).toHaveValue(projectId);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('status')).toContainText('open to every supplier and integrator');
  await dialog.getByRole('link', { name: 'Open your messages' }).click();
  await expect(page.getByRole('region', { name: 'Your requests for quote' })).toContainText(robotName);
  await noSidewaysScroll(page);
  await logout(page);

  // An integrator answers from the open requests with a message and a quote.
  const integrator = await account(request, 'system_integrator', 'Ivo', 'CellWorks Lyon');
  await signIn(page, 'integrator', integrator.email);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/messages');
  const open = page.getByRole('region', { name: 'Open requests' }).getByRole('article', { name: `Open request for the ${robotName}` });
  await expect(open).toContainText('3 kg');
  await open.getByRole('button', { name: /Answer with a quote/ }).click();
  const answer = page.getByRole('dialog', { name: 'Answer the request' });
  await answer.getByRole('textbox', { name: /Message/ }).fill('We integrate this arm with a vacuum gripper.');
  await answer.getByRole('spinbutton', { name: /Price per robot/ }).fill('38000');
  await answer.getByRole('button', { name: 'Send answer and quote' }).click();
  await expect(page.getByRole('heading', { level: 1, name: robotName })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('$38,000');
  await noSidewaysScroll(page);
  await logout(page);

  await signIn(page, 'customer', customer.email);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/messages');
  const fromIntegrator = page.getByRole('link', { name: new RegExp(`Unread:\\s*${robotName.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`) });
  await expect(fromIntegrator).toContainText('CellWorks Lyon');
  await fromIntegrator.click();
  await page.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page.getByText(/Quote accepted ·/)).toBeVisible();
  await noSidewaysScroll(page);
});
