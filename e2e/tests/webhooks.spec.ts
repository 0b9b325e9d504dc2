import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, header, register, uniqueEmail } from './helpers';

/**
 * Issue 17: a user adds a webhook endpoint from the header's Webhooks link, sees its
 * signing secret once, sends a test event that a local receiver gets signed, and sees the
 * delivery as delivered. (The browser test's API runs outside production, so an
 * http://127.0.0.1 receiver is allowed; production refuses it.)
 */
test('a supplier adds a webhook endpoint, keeps the secret shown once and sees the test event delivered', async ({ page }) => {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cellforge`;
  try {
    await register(page, 'supplier', uniqueEmail('hooks'));
    await header(page).getByRole('link', { name: 'Integrations' }).click();
    await page.getByRole('navigation', { name: 'Integration settings' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();

    // Nothing chosen: the form says what is missing.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Enter the URL of your endpoint')).toBeVisible();
    await expect(page.getByText('Pick at least one event')).toBeVisible();

    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel('Description').fill('CRM sync');
    await page.getByRole('checkbox', { name: /request\.created/ }).check();
    await page.getByRole('checkbox', { name: /quote\.accepted/ }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();

    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Hide secret' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
    const card = page.getByRole('article', { name: url });
    await expect(card.getByText('Healthy')).toBeVisible();
    await expectNoAxeViolations(page, '/settings/webhooks');

    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByRole('region', { name: 'Deliveries' }).getByText('Delivered')).toBeVisible({ timeout: 20_000 });
    expect(received).toHaveLength(1);
    expect(received[0]?.headers['cellforge-event']).toBe('ping');
    expect(String(received[0]?.headers['cellforge-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    // Reveal shows the same secret again.
    await card.getByRole('button', { name: 'Reveal secret' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(secret);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
