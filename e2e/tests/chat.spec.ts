import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';
import { register, uniqueEmail } from './helpers';

/**
 * The AI chat (docs/product.md §3.5, §3.6): the home copilot against the real built-in advisor,
 * and the floating widget on every page, its error messages (docs/product.md §8.2) faked
 * with page.route().
 */

const PLACEHOLDER = 'Describe your robotics challenge, ask technical questions, or request recommendations...';

function copilot(page: Page) {
  return page.locator('[data-slot="copilot-chat"]');
}

async function askCopilot(page: Page, text: string) {
  const box = copilot(page).getByPlaceholder(PLACEHOLDER);
  await box.fill(text);
  await box.press('Enter');
}

function widget(page: Page) {
  return page.getByRole('dialog', { name: 'AI Assistant' });
}

async function openWidget(page: Page) {
  await page.getByRole('button', { name: 'Open AI assistant' }).click();
  await expect(widget(page)).toBeVisible();
  await expect(widget(page).getByRole('textbox', { name: 'Message the AI assistant' })).toBeFocused();
}

async function askWidget(page: Page, text: string) {
  const box = widget(page).getByRole('textbox', { name: 'Message the AI assistant' });
  await box.fill(text);
  await box.press('Enter');
}

test('home copilot: a robot selection from the first question to catalog robots that exist', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'CellForge' })).toBeVisible();
  const chat = copilot(page);
  await expect(chat.getByPlaceholder(PLACEHOLDER)).toBeVisible();

  await askCopilot(page, 'I need a robot to move 20 kg boxes');
  await expect(chat.locator('[data-author="user"]').first()).toContainText('I need a robot to move 20 kg boxes');
  // The advisor still needs the reach: it asks, and the conversation is gathering information.
  const followUps = chat.getByRole('region', { name: 'Questions to help you further' }).last();
  await expect(followUps.getByRole('button', { name: 'How far must the robot reach from its base (mm)?' })).toBeVisible();
  expect(await followUps.getByRole('button').count()).toBeLessThanOrEqual(3);
  await expect(chat.locator('[data-chat="copilot"]')).toHaveAttribute('data-stage', 'gathering_info');
  await expect(chat.locator('[data-author="ai"]').first()).toContainText('20 kg parts');

  // Answer the reach: the advisor now recommends robots.
  await askCopilot(page, 'The farthest point is 1.8 m from the robot base');
  const answer = chat.locator('[data-author="ai"]').nth(1);
  await expect(answer).toContainText('Three catalog robots that fit:');
  await expect(chat.locator('[data-chat="copilot"]')).toHaveAttribute('data-stage', 'solution_providing');
  await expect(chat.locator('[data-chat="copilot"]')).toHaveAttribute('data-gathering-info', 'false');

  // The recommendations are rendered as a list; each names "Maker Model (category): ...".
  const items = answer.locator('ul').first().getByRole('listitem');
  await expect(items).toHaveCount(3);
  const first = (await items.first().innerText()).trim();
  const name = /^(.+?) \(/.exec(first)?.[1];
  expect(name, first).toBeTruthy();
  await expect(answer.getByRole('region', { name: 'Recommended next steps' }).getByRole('listitem')).not.toHaveCount(0);
  const sources = answer.getByRole('region', { name: 'Sources' }).getByRole('listitem');
  expect(await sources.count()).toBeGreaterThan(0);
  expect(await sources.count()).toBeLessThanOrEqual(2);

  // The first recommendation is a real catalog robot that meets 24 kg (20 kg + 20 %) and 1,800 mm.
  const model = name!.split(' ').slice(-1)[0]!;
  const response = await page.request.get(`/api/robots?q=${encodeURIComponent(model)}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: Array<{ manufacturer: string; model: string; payload_kg: number; reach_mm: number }> };
  const robot = data.find((r) => `${r.manufacturer} ${r.model}` === name);
  expect(robot, `${name} in the catalog`).toBeTruthy();
  expect(robot!.payload_kg).toBeGreaterThanOrEqual(24);
  expect(robot!.reach_mm).toBeGreaterThanOrEqual(1800);

  // Each message carries its local time.
  await expect(chat.locator('[data-author] time').first()).toHaveText(/\d{1,2}:\d{2}/);
});

test('home copilot: suggestion lines, Shift+Enter and a quick reply', async ({ page }) => {
  await page.goto('/');
  const chat = copilot(page);
  const box = chat.getByPlaceholder(PLACEHOLDER);
  await box.fill('My robot');
  await expect(chat.locator('[data-input-suggestions] button')).toHaveText([
    'What is the exact robot model number?',
    'Can you provide more details?',
    'Do you need step-by-step instructions?',
  ]);
  await chat.getByRole('button', { name: 'What is the exact robot model number?' }).click();
  await expect(box).toHaveValue('My robot\nWhat is the exact robot model number?');
  await box.fill('Line one');
  await box.press('Shift+Enter');
  await box.pressSequentially('line two');
  await expect(box).toHaveValue('Line one\nline two');
  await expect(chat.locator('[data-author="user"]')).toHaveCount(0);

  await box.fill('Hello');
  await box.press('Enter');
  const quickReply = chat.getByRole('region', { name: 'Questions to help you further' }).first().getByRole('button').first();
  const question = (await quickReply.innerText()).trim();
  await quickReply.click();
  await expect(chat.locator('[data-author="user"]').nth(1)).toContainText(question);
  await expect(chat.locator('[data-author="ai"]')).toHaveCount(2);
});

test('widget: closed, open, minimized; greeting, mode, focus and Escape', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(widget(page)).toHaveCount(0);
  await openWidget(page);
  await expect(widget(page).getByText('Customer Mode')).toBeVisible();
  await expect(widget(page).locator('[data-author="ai"]').first()).toContainText("Hi! I'm the CellForge AI assistant.");

  await askWidget(page, 'Hello');
  await expect(widget(page).locator('[data-author="ai"]')).toHaveCount(2);

  await page.keyboard.press('Escape');
  await expect(widget(page)).toHaveAttribute('data-chat-widget', 'minimized');
  await expect(widget(page).getByRole('textbox')).toHaveCount(0);
  await expect(widget(page).getByRole('button', { name: 'Open AI assistant' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(widget(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open AI assistant' })).toBeFocused();

  // The conversation survives closing and moving to another page; no second greeting.
  await page.getByRole('link', { name: 'Robot Catalog' }).first().click();
  await openWidget(page);
  await expect(widget(page).locator('[data-author]')).toHaveCount(3);
  await widget(page).getByRole('button', { name: 'Minimize' }).click();
  await expect(widget(page)).toHaveAttribute('data-chat-widget', 'minimized');
  await widget(page).getByRole('button', { name: 'Close' }).click();
  await expect(widget(page)).toBeHidden();
});

test('widget: a comparison answer links the compare page with both robots', async ({ page }) => {
  await page.goto('/catalog');
  await openWidget(page);
  await askWidget(page, 'compare the UR10e and the FANUC CRX-10iA/L');
  const answer = widget(page).locator('[data-author="ai"]').nth(1);
  const link = answer.getByRole('link', { name: 'Open them side by side on the compare page' });
  await expect(link).toBeVisible();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Compare robots' })).toBeVisible();
  await expect(page).toHaveURL(/\/compare\?ids=[^,&]+,[^,&]+$/);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  await expect(table.getByRole('row').first()).toContainText('UR10e');
  await expect(table.getByRole('row').first()).toContainText('CRX-10iA/L');
});

test('widget: greets on the ROI page and answers from the calculator figures', async ({ page }) => {
  await page.goto('/roi-calculator');
  await expect(page.getByRole('heading', { level: 1, name: 'ROI Calculator' })).toBeVisible();
  await expect(page.locator('[data-roi-figure="paybackMonths"] dd').first()).toHaveText('20.1 months');
  await openWidget(page);
  await expect(widget(page).locator('[data-author="ai"]').first()).toContainText('I can see the figures in your ROI calculator');
  await askWidget(page, 'Is my payback good?');
  const reply = widget(page).locator('[data-author="ai"]').nth(1);
  await expect(reply).toContainText('Based on the figures in your ROI calculator');
  await expect(reply).toContainText('20.1 months');
});

test('widget: a signed-in supplier is greeted by name in Supplier Mode', async ({ page }) => {
  await register(page, 'supplier', uniqueEmail('chat-supplier'), 'Linus');
  await page.goto('/catalog');
  await openWidget(page);
  await expect(widget(page).getByText('Supplier Mode')).toBeVisible();
  await expect(widget(page).locator('[data-author="ai"]').first()).toContainText('Welcome back, Linus!');

  let authorization: string | undefined;
  page.on('request', (request) => {
    if (request.url().endsWith('/ai/chat')) authorization = request.headers().authorization;
  });
  await askWidget(page, 'Hello');
  await expect(widget(page).locator('[data-author="ai"]')).toHaveCount(2);
  expect(authorization).toMatch(/^Bearer .+/);
});

test("widget: the robot page's Ask the assistant opens it with the robot as context", async ({ page }) => {
  const response = await page.request.get('/api/robots?q=TM25S');
  const { data } = (await response.json()) as { data: Array<{ id: string; model: string }> };
  const robot = data.find((r) => r.model === 'TM25S') ?? data[0];
  expect(robot).toBeTruthy();
  await page.goto(`/robots/${robot!.id}`);
  await page.getByRole('button', { name: 'Ask the assistant' }).click();
  await expect(widget(page)).toBeVisible();
  await expect(widget(page).getByRole('textbox', { name: 'Message the AI assistant' })).toBeFocused();

  const sent = page.waitForRequest((request) => request.url().endsWith('/ai/chat'));
  await askWidget(page, 'Tell me about this robot');
  const body = (await sent).postDataJSON() as { context: { page: string; robotId: string }; includeRobotData: boolean };
  expect(body.context).toMatchObject({ page: 'robot_detail', robotId: robot!.id });
  expect(body.includeRobotData).toBe(true);
  await expect(widget(page).locator('[data-author="ai"]').nth(1)).toContainText(robot!.model);
});

const errorBody = (status: number, code: string, message: string) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ message, error: message, code }),
});

const failed = (error: string | null) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({
    success: false,
    response: '',
    error,
    user_authenticated: false,
    robot_data_included: false,
    timestamp: new Date().toISOString(),
    metadata: { followUpQuestions: [], suggestedActions: [], sources: [] },
  }),
});

const WIDGET_ERRORS: Array<[string, (route: Route) => Promise<void>, string]> = [
  ['401', (route) => route.fulfill(errorBody(401, 'TOKEN_INVALID', 'Invalid token')), 'Please log in again to continue using the AI assistant.'],
  ['503', (route) => route.fulfill(errorBody(503, 'SERVICE_UNAVAILABLE', 'down')), 'AI assistant is temporarily offline. Please try again in a moment.'],
  ['504', (route) => route.fulfill(errorBody(504, 'UPSTREAM_TIMEOUT', 'slow')), 'AI assistant is taking too long to respond. Please try a simpler question.'],
  ['500', (route) => route.fulfill(errorBody(500, 'INTERNAL', 'boom')), 'AI service error (500). Please try again.'],
  ['success false', (route) => route.fulfill(failed('The model refused the question')), 'The model refused the question'],
  ['success false without an error', (route) => route.fulfill(failed(null)), 'AI service returned an error'],
  ['a network failure', (route) => route.abort('failed'), 'Unable to connect to AI assistant. Please check your connection and try again.'],
  [
    'an answer that is not a chat answer',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>proxy</html>' }),
    "I'm sorry, I'm having trouble connecting right now. Please try again in a moment.",
  ],
];

for (const [condition, answer, message] of WIDGET_ERRORS) {
  test(`widget error: ${condition}`, async ({ page }) => {
    await page.route('**/ai/chat', answer);
    await page.goto('/');
    await openWidget(page);
    await askWidget(page, 'Which robot for 8 kg parts?');
    const reply = widget(page).locator('[data-author="ai"]').nth(1);
    await expect(reply).toHaveText(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    // The next question can be sent.
    await expect(widget(page).getByRole('textbox', { name: 'Message the AI assistant' })).toBeEnabled();
    await expect(widget(page).getByRole('button', { name: 'Send message' })).not.toHaveAttribute('aria-busy', 'true');
  });
}

test('widget error: no answer within 30 seconds is aborted as a timeout', async ({ page }) => {
  await page.clock.install();
  let aborted = false;
  await page.route('**/ai/chat', () => {
    // Never answered.
  });
  page.on('requestfailed', (request) => {
    if (request.url().endsWith('/ai/chat')) aborted = true;
  });
  await page.goto('/');
  await openWidget(page);
  await askWidget(page, 'Which robot for 8 kg parts?');
  await expect(widget(page).getByRole('button', { name: 'Send message' })).toHaveAttribute('aria-busy', 'true');
  await page.clock.fastForward(29_000);
  await expect(widget(page).locator('[data-author="ai"]')).toHaveCount(1);
  await page.clock.fastForward(1_500);
  await expect(widget(page).locator('[data-author="ai"]').nth(1)).toContainText('Request timed out. Please try a simpler question.');
  await expect.poll(() => aborted).toBe(true);
});

test('home copilot: a failed request apologises and offers the three follow-ups', async ({ page }) => {
  await page.route('**/ai/chat', (route) => route.fulfill(errorBody(500, 'INTERNAL', 'boom')));
  await page.goto('/');
  await askCopilot(page, 'Hello there');
  const reply = copilot(page).locator('[data-author="ai"]').first();
  await expect(reply).toContainText('I apologize, but I encountered an issue. Please try again or contact support if the issue persists.');
  await expect(reply).toContainText('AI service error (500)');
  await expect(reply.getByRole('region', { name: 'Questions to help you further' }).getByRole('button')).toHaveText([
    'Would you like to try rephrasing your question?',
    'Is there a specific aspect I can help you with?',
    'Should I connect you with technical support?',
  ]);
});

test('widget: on a phone it is a small button when closed and leaves the page usable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const launcher = page.getByRole('button', { name: 'Open AI assistant' });
  const box = (await launcher.boundingBox())!;
  expect(box.width * box.height).toBeLessThan(70 * 70);
  await expect(widget(page)).toHaveCount(0);

  // Scrolled to the end, no footer link lies under the launcher.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const launcherBox = (await launcher.boundingBox())!;
  const links = page.getByRole('contentinfo').getByRole('link');
  for (let i = 0; i < (await links.count()); i += 1) {
    const link = (await links.nth(i).boundingBox())!;
    const overlaps =
      link.x < launcherBox.x + launcherBox.width &&
      launcherBox.x < link.x + link.width &&
      link.y < launcherBox.y + launcherBox.height &&
      launcherBox.y < link.y + link.height;
    expect(overlaps, await links.nth(i).innerText()).toBe(false);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Open, it fills the phone screen below the header and still fits sideways.
  await openWidget(page);
  const panel = (await widget(page).boundingBox())!;
  expect(panel.width).toBeGreaterThan(300);
  expect(panel.x + panel.width).toBeLessThanOrEqual(360);
});

for (const theme of ['dark', 'light'] as const) {
  test(`chat has no WCAG 2.1 A/AA violations with a conversation, in the ${theme} theme`, async ({ page }) => {
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await askCopilot(page, 'I need a robot to move 20 kg boxes');
    await expect(copilot(page).getByRole('region', { name: 'Questions to help you further' })).toBeVisible();
    await openWidget(page);
    await askWidget(page, 'Hello');
    await expect(widget(page).locator('[data-author="ai"]')).toHaveCount(2);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id} (${v.nodes.length}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
  });
}
