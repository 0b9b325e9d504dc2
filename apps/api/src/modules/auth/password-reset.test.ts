import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { errorBodySchema, passwordResetAnswerSchema } from '@cellforge/contracts';
import { passwordResets } from '@cellforge/db';
import { createApp } from '../../app';
import type { Config } from '../../env';
import { BackgroundWrites } from '../../lib/background-writes';
import { createLogger } from '../../lib/logger';
import { captureLogs } from '../../test/log-capture';
import { testBackends, testConfig, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { hashResetToken } from './password-reset.service';
import { defined } from '../../test/defined';
import { checkAnswer } from '../../test/answer-check';

const PUBLIC_URL = 'https://robots.example.test';
const NEW_PASSWORD = 'amber lantern over quiet hills';
const LINK = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/reset-password\\?token=([A-Za-z0-9_-]{43})`);

/** A loopback port nothing listens on (an SMTP server that is down). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

describe.each(testBackends)('password reset by e-mail on %s (issue 13)', (backend) => {
  const ctx = useTestApp(backend);
  let smtp: SmtpCapture;
  let app: Express;
  let background: BackgroundWrites;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });

  /** An app on the test database that mails through the capture server; `background` is the work it leaves after answering. */
  function build(overrides: Partial<Config> = {}, logger = createLogger('silent')) {
    background = new BackgroundWrites();
    const config = testConfig({ publicUrl: PUBLIC_URL, mail: { smtpUrl: smtp.url, from: 'CellForge <no-reply@robots.example.test>' }, ...overrides });
    app = createApp({ db: ctx().handle.db, dbKind: ctx().handle.kind, config, logger, background, onAnswer: checkAnswer });
    return app;
  }

  beforeEach(() => {
    smtp.clear();
    build();
  });
  // Mails a test's requests left running arrive before the next test starts.
  afterEach(async () => {
    await background.idle();
  });

  /** Asks for a reset of `email`; returns the token of the link in the mail. */
  async function askForLink(email: string): Promise<string> {
    const before = smtp.received.length;
    await request(app).post('/auth/forgot-password').send({ email }).expect(202);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    return defined(defined(LINK.exec(defined(mail).mail.text ?? ''))[1]);
  }

  it('mails a link to the account: to, subject, a text and an HTML body with the link; only the hash is stored', async () => {
    const { user } = await registerUser(app, { first_name: 'Ada <b>' });
    const res = await request(app).post('/auth/forgot-password').send({ email: `  ${user.email.toUpperCase()} ` }).expect(202);
    expect(passwordResetAnswerSchema.parse(res.body).message).toMatch(/If an account exists for that e-mail address/);

    const [received] = await smtp.waitFor(1);
    const { mail, rcptTo } = defined(received);
    expect(rcptTo).toEqual([user.email]);
    expect(mail.to && !Array.isArray(mail.to) ? defined(mail.to.value[0]).address : null).toBe(user.email);
    expect(mail.from?.value[0]?.address).toBe('no-reply@robots.example.test');
    expect(mail.subject).toBe('Reset your CellForge password');
    const token = LINK.exec(mail.text ?? '')?.[1];
    expect(token, mail.text).toBeTruthy();
    expect(mail.text).toContain('Hello Ada <b>,');
    expect(mail.text).toContain('60 minutes');
    const html = typeof mail.html === 'string' ? mail.html : '';
    expect(html).toContain(`href="${PUBLIC_URL}/reset-password?token=${token}"`);
    // The name is the user's own text: escaped in the HTML, never markup.
    expect(html).toContain('Hello Ada &lt;b&gt;,');
    expect(html).not.toContain('Ada <b>');

    const rows = await ctx().handle.db.select().from(passwordResets);
    expect(rows).toHaveLength(1);
    expect(defined(rows[0]).tokenHash).toBe(hashResetToken(defined(token)));
    expect(JSON.stringify(rows)).not.toContain(defined(token));
    const minutes = (defined(rows[0]).expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('resets the password once: the new password signs in, the old one and the used link do not', async () => {
    const { user, password } = await registerUser(app);
    const token = await askForLink(user.email);
    const res = await request(app).post('/auth/reset-password').send({ token, password: NEW_PASSWORD }).expect(200);
    expect(passwordResetAnswerSchema.parse(res.body).message).toMatch(/Sign in with your new password/);

    await request(app).post('/auth/login').send({ email: user.email, password: NEW_PASSWORD }).expect(200);
    await request(app).post('/auth/login').send({ email: user.email, password }).expect(401);
    const again = await request(app).post('/auth/reset-password').send({ token, password: 'another fine long phrase here' }).expect(400);
    expect(errorBodySchema.parse(again.body)).toMatchObject({ code: 'RESET_TOKEN_USED', message: expect.stringMatching(/already been used/) });
    await request(app).post('/auth/login').send({ email: user.email, password: NEW_PASSWORD }).expect(200);

    // The account is told its password changed.
    const mails = await smtp.waitFor(2);
    expect(defined(mails[1]).mail.subject).toBe('Your CellForge password was changed');
    expect(defined(mails[1]).rcptTo).toEqual([user.email]);
    expect(defined(mails[1]).mail.text).toContain(`${PUBLIC_URL}/auth`);
  });

  it('signs the account out everywhere: tokens issued before the reset are refused, and other reset links are spent', async () => {
    const { user, token: first, password } = await registerUser(app);
    const second = (await request(app).post('/auth/login').send({ email: user.email, password }).expect(200)).body.token as string;
    const older = await askForLink(user.email);
    const newer = await askForLink(user.email);
    expect(older).not.toBe(newer);
    await request(app).post('/auth/reset-password').send({ token: newer, password: NEW_PASSWORD }).expect(200);
    for (const t of [first, second]) {
      const me = await request(app).get('/auth/me').set(bearer(t)).expect(401);
      expect(errorBodySchema.parse(me.body).code).toBe('TOKEN_INVALID');
      expect((await request(app).post('/auth/verify').send({ token: t }).expect(200)).body.valid).toBe(false);
    }
    expect((await request(app).post('/auth/reset-password').send({ token: older, password: 'another fine long phrase here' }).expect(400)).body.code).toBe('RESET_TOKEN_USED');
    const fresh = (await request(app).post('/auth/login').send({ email: user.email, password: NEW_PASSWORD }).expect(200)).body.token as string;
    await request(app).get('/auth/me').set(bearer(fresh)).expect(200);
  });

  it('refuses an expired link and an unknown one with their own codes, and keeps the password', async () => {
    const { user, password } = await registerUser(app);
    const token = await askForLink(user.email);
    await ctx().handle.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.tokenHash, hashResetToken(token)));
    const expired = await request(app).post('/auth/reset-password').send({ token, password: NEW_PASSWORD }).expect(400);
    expect(errorBodySchema.parse(expired.body)).toMatchObject({ code: 'RESET_TOKEN_EXPIRED', message: expect.stringMatching(/expired/) });
    const unknown = await request(app).post('/auth/reset-password').send({ token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, password: NEW_PASSWORD }).expect(400);
    expect(errorBodySchema.parse(unknown.body).code).toBe('RESET_TOKEN_INVALID');
    await request(app).post('/auth/login').send({ email: user.email, password }).expect(200);
  });

  it('lets links live PASSWORD_RESET_TTL_MINUTES', async () => {
    build({ passwordResetTtlMinutes: 15 });
    const { user } = await registerUser(app);
    await askForLink(user.email);
    expect(defined(smtp.received[0]).mail.text).toContain('15 minutes');
    const [row] = await ctx().handle.db.select().from(passwordResets);
    expect((defined(row).expiresAt.getTime() - Date.now()) / 60_000).toBeLessThanOrEqual(15);
    expect((defined(row).expiresAt.getTime() - Date.now()) / 60_000).toBeGreaterThan(14);
  });

  it("drops an account's tokens that expired or were used over a day ago when it asks again", async () => {
    const { user } = await registerUser(app);
    const dayAndMore = new Date(Date.now() - 25 * 3600 * 1000);
    await ctx().handle.db.insert(passwordResets).values([
      { userId: user.id, tokenHash: 'old-expired', expiresAt: dayAndMore },
      { userId: user.id, tokenHash: 'old-used', expiresAt: new Date(Date.now() + 60_000), usedAt: dayAndMore },
      { userId: user.id, tokenHash: 'recent-expired', expiresAt: new Date(Date.now() - 60_000) },
    ]);
    const token = await askForLink(user.email);
    const hashes = (await ctx().handle.db.select().from(passwordResets)).map((r) => r.tokenHash).sort();
    expect(hashes).toEqual([hashResetToken(token), 'recent-expired'].sort());
  });

  it('answers an unknown e-mail exactly as a known one, and sends nothing', async () => {
    const { user } = await registerUser(app);
    const known = await request(app).post('/auth/forgot-password').send({ email: user.email });
    await smtp.waitFor(1);
    const unknown = await request(app).post('/auth/forgot-password').send({ email: 'nobody-here@example.com' });
    await background.idle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(smtp.received).toHaveLength(1);
    expect(await ctx().handle.db.select().from(passwordResets)).toHaveLength(1);
  });

  it('applies the password rules to the new password and leaves the link usable after a refusal', async () => {
    const { user } = await registerUser(app, { first_name: 'Grace', last_name: 'Hopper' });
    const token = await askForLink(user.email);
    for (const password of ['password', 'gracehopper', 'qwertyuiop', 'short', 'é'.repeat(37)]) {
      const res = await request(app).post('/auth/reset-password').send({ token, password }).expect(400);
      expect(errorBodySchema.parse(res.body).code, password).toBe('VALIDATION_FAILED');
      expect(res.body.details.password[0], password).toBeTruthy();
    }
    await request(app).post('/auth/reset-password').send({ token, password: NEW_PASSWORD }).expect(200);
  });

  it('answers bad input with a 400 JSON error, never a 5xx', async () => {
    const bodies: unknown[] = [
      {},
      { email: '' },
      { email: 'not-an-email' },
      { email: 12345 },
      { email: { $gt: '' } },
      { email: ['a@example.com'] },
      { email: `${'x'.repeat(100_000)}@example.com` },
      { token: 'abc' },
      { password: NEW_PASSWORD },
      { token: 42, password: NEW_PASSWORD },
      { token: 'x'.repeat(100_000), password: NEW_PASSWORD },
      { token: 'abc', password: 'x'.repeat(100_000) },
      { token: null, password: null },
      [1, 2, 3],
      'just a string',
    ];
    for (const route of ['/auth/forgot-password', '/auth/reset-password']) {
      for (const body of bodies) {
        const res = await request(app).post(route).set('Content-Type', 'application/json').send(JSON.stringify(body));
        const label = `${route} ${JSON.stringify(body).slice(0, 60)}`;
        if (route === '/auth/forgot-password' && (body as { email?: unknown }).email === undefined && Array.isArray(body) === false && typeof body === 'object') {
          expect(res.status, label).toBe(400);
        }
        expect(res.status, label).toBeGreaterThanOrEqual(400);
        expect(res.status, label).toBeLessThan(500);
        expect(errorBodySchema.safeParse(res.body).success, label).toBe(true);
      }
    }
    const malformed = await request(app).post('/auth/reset-password').set('Content-Type', 'application/json').send('{"token": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_JSON');
    const missing = await request(app).post('/auth/reset-password').send({ password: NEW_PASSWORD }).expect(400);
    expect(missing.body.details.token).toBeTruthy();
    expect((await request(app).post('/auth/reset-password').send({ token: 'abc', password: NEW_PASSWORD }).expect(400)).body.code).toBe('RESET_TOKEN_INVALID');
    expect(smtp.received).toHaveLength(0);
  });

  it('rate-limits reset requests per address and e-mail, and per address, with a JSON 429', async () => {
    build({ passwordResetRateLimit: 2, passwordResetIpRateLimit: 5 });
    const { user } = await registerUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await request(app).post('/auth/forgot-password').send({ email: user.email })).status);
    expect(statuses).toEqual([202, 202, 429]);
    // The per-address count includes the request the per-account limit refused.
    await request(app).post('/auth/forgot-password').send({ email: 'b@example.com' }).expect(202);
    await request(app).post('/auth/forgot-password').send({ email: 'c@example.com' }).expect(202);
    const limited = await request(app).post('/auth/forgot-password').send({ email: 'd@example.com' }).expect(429);
    expect(errorBodySchema.parse(limited.body)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many password reset requests/) });
    await background.idle();
    expect(smtp.received).toHaveLength(2);

    // Refused tokens per address.
    for (let i = 0; i < 5; i += 1) await request(app).post('/auth/reset-password').send({ token: `guess-${i}`, password: NEW_PASSWORD }).expect(400);
    expect((await request(app).post('/auth/reset-password').send({ token: 'guess-5', password: NEW_PASSWORD }).expect(429)).body.code).toBe('RATE_LIMITED');
  });

  it('answers 202 when the SMTP server is down, and logs the failure without the link', async () => {
    const logs = captureLogs();
    build({ mail: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: 'x@example.test' } }, logs.logger);
    const { user } = await registerUser(app);
    await request(app).post('/auth/forgot-password').send({ email: user.email }).expect(202);
    await background.idle();
    expect(logs.text()).toMatch(/mail could not be sent/);
    expect(logs.text()).not.toMatch(/reset-password\?token=/);
    expect(await ctx().handle.db.select().from(passwordResets)).toHaveLength(1);
  });

  it('keeps the token out of the request log when the reset page is opened', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'cf-reset-page-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body>THE-WEB-APP</body></html>');
    const logs = captureLogs();
    build({ webDist: dist }, logs.logger);
    const { user } = await registerUser(app);
    const token = await askForLink(user.email);
    const page = await request(app).get(`/reset-password?token=${token}`).set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('THE-WEB-APP');
    expect(logs.text()).toContain('"url":"/reset-password?token=…"');
    expect(logs.text()).not.toContain(token);
  });

  it('without SMTP_URL sends nothing and logs the recipient and subject only, never the link', async () => {
    const logs = captureLogs();
    build({ mail: { smtpUrl: undefined, from: 'x@example.test' } }, logs.logger);
    const { user } = await registerUser(app);
    await request(app).post('/auth/forgot-password').send({ email: user.email }).expect(202);
    await background.idle();
    expect(logs.text()).toMatch(/mail not sent: SMTP_URL is not set/);
    expect(logs.text()).toContain('Reset your CellForge password');
    expect(logs.text()).not.toMatch(/token=|Choose a new password/);
    expect(smtp.received).toHaveLength(0);
  });
});
