import { expect, test, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { smtpPort } from '../playwright.config';
import { expectNoAxeViolations, header, PASSWORD, register, signIn, uniqueEmail } from './helpers';

/**
 * Issue 13: a person who forgot their password asks for a link on the sign-in page, gets
 * it by e-mail (a real SMTP server in this process receives what the API sends), chooses
 * a new password, and every session signed in before is over. At 1280 and 390 px, light
 * and dark.
 */
const received: ParsedMail[] = [];
let smtp: SMTPServer;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', () => resolve());
  });
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The mail sent to `to` with `subject`, once it has arrived. */
async function mailTo(to: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(() => (found = received.find((m) => m.subject !== undefined && subject.test(m.subject) && m.to && !Array.isArray(m.to) && m.to.value[0]?.address === to)), { timeout: 15_000 })
    .toBeTruthy();
  return found!;
}

async function expectNoSideScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${where}: page wider than the screen`).toBeLessThanOrEqual(0);
}

const NEW_PASSWORD = 'amber lantern over quiet hills';

for (const [width, height, theme] of [[1280, 800, 'light'], [390, 844, 'dark']] as const) {
  test(`resets a forgotten password from the e-mailed link, and signs out every session (${width} px, ${theme})`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    const email = uniqueEmail(`reset-${width}`);
    await register(page, 'customer', email, 'Ada');
    // A second device, signed in before the reset.
    const otherDevice = await browser.newContext();
    const other = await otherDevice.newPage();
    await signIn(other, 'customer', email);
    await expect(header(other).getByRole('button', { name: 'Logout' })).toBeVisible();
    const oldToken = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(oldToken).toMatch(/^ey/);

    // Signed out on this device (the header's menu differs by width; signing out is covered in auth.spec.ts).
    await page.evaluate(() => ['access_token', 'user_data'].forEach((key) => localStorage.removeItem(key)));
    await page.goto('/auth/customer');
    await page.getByRole('form', { name: 'Sign in' }).getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expectNoSideScroll(page, 'forgot password');
    await expectNoAxeViolations(page, `forgot password, ${theme}`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible();
    await expect(page.getByText(/If an account exists for that e-mail address/)).toBeVisible();
    await expectNoAxeViolations(page, `forgot password sent, ${theme}`);

    const mail = await mailTo(email, /^Reset your CellForge password$/);
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();
    expect(String(mail.html)).toContain(`href="${link}"`);
    expect(mail.from?.value[0]?.address).toBe('no-reply@cellforge.test');

    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    // The token leaves the address bar at once.
    await expect(page).toHaveURL(/\/reset-password$/);
    await expectNoSideScroll(page, 'reset password');
    await expectNoAxeViolations(page, `reset password, ${theme}`);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The two passwords are not the same')).toBeVisible();
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed')).toBeVisible();
    await expectNoAxeViolations(page, `reset password done, ${theme}`);

    // Every session signed in before the reset is over: the old token and the other device.
    expect((await page.request.get('/auth/me', { headers: { Authorization: `Bearer ${oldToken}`, Accept: 'application/json' } })).status()).toBe(401);
    await other.reload();
    await expect(header(other).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await otherDevice.close();
    await mailTo(email, /^Your CellForge password was changed$/);

    // The old password no longer signs in, the new one does.
    await signIn(page, 'customer', email, PASSWORD);
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await signIn(page, 'customer', email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toMatch(/^ey/);

    // The link worked once.
    await page.goto(link!);
    await page.getByLabel(/^New password/).fill('another fine long phrase here');
    await page.getByLabel('Repeat the new password').fill('another fine long phrase here');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('This password reset link has already been used.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });
}

test('answers an unknown e-mail as a known one, and mails nothing', async ({ page }) => {
  const email = uniqueEmail('nobody');
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that e-mail address/)).toBeVisible();
  await page.waitForTimeout(1000);
  expect(received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email)).toEqual([]);
});
