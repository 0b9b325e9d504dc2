import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { captureLogs } from '../../test/log-capture';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture';
import { createMailer, escapeHtml, mailContent } from './index';

describe('mailer over SMTP (issue 13)', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });
  beforeEach(() => smtp.clear());

  it('sends a text and an HTML body from MAIL_FROM to the recipient', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Robots <robots@example.test>', logger: createLogger('silent') });
    expect(mailer.enabled).toBe(true);
    const content = mailContent({
      appName: 'CellForge',
      greeting: 'Hello Ada,',
      paragraphs: ['Acme Robotics sent you a quote for "UR10e" <2 units> & a cell.'],
      action: { label: 'Open the conversation', url: 'https://robots.example.test/dashboard?thread=1&x="y"' },
      footer: 'You get this mail because you asked for a quote.',
    });
    const result = await mailer.send({ to: 'ada@example.com', subject: 'New quote: UR10e', ...content });
    mailer.close();
    expect(result.status).toBe('sent');
    const [{ mail, rcptTo }] = (await smtp.waitFor(1)) as [(typeof smtp.received)[number]];
    expect(rcptTo).toEqual(['ada@example.com']);
    expect(mail.from?.value[0]).toEqual({ name: 'Robots', address: 'robots@example.test' });
    expect(mail.subject).toBe('New quote: UR10e');
    expect(mail.text).toContain('Acme Robotics sent you a quote for "UR10e" <2 units> & a cell.');
    expect(mail.text).toContain('Open the conversation: https://robots.example.test/dashboard?thread=1&x="y"');
    const html = String(mail.html);
    expect(html).toContain('quote for &quot;UR10e&quot; &lt;2 units&gt; &amp; a cell.');
    expect(html).toContain('href="https://robots.example.test/dashboard?thread=1&amp;x=&quot;y&quot;"');
    expect(html).not.toContain('<2 units>');
  });

  it('never throws: a server that is down gives status "failed", logged', async () => {
    const logs = captureLogs();
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@example.test', logger: logs.logger });
    const result = await mailer.send({ to: 'ada@example.com', subject: 'Hi', text: 'secret body', html: '<p>secret body</p>' });
    mailer.close();
    expect(result.status).toBe('failed');
    expect(logs.text()).toMatch(/mail could not be sent/);
    expect(logs.text()).not.toContain('secret body');
  });

  it('without SMTP_URL sends nothing and logs recipient and subject, never a body', async () => {
    const logs = captureLogs();
    const mailer = createMailer({ from: 'x@example.test', logger: logs.logger });
    expect(mailer.enabled).toBe(false);
    expect(await mailer.send({ to: 'ada@example.com', subject: 'Your link', text: 'token=abc', html: '<a href="?token=abc">x</a>' })).toEqual({ status: 'skipped' });
    expect(logs.text()).toMatch(/mail not sent: SMTP_URL is not set/);
    expect(logs.text()).toContain('ada@example.com');
    expect(logs.text()).not.toContain('token=abc');
  });
});

describe('mail template', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('refuses a link that is not an absolute http(s) URL', () => {
    for (const url of ['javascript:alert(1)', '/reset-password', 'data:text/html,x']) {
      expect(() => mailContent({ appName: 'CellForge', greeting: 'Hi', paragraphs: [], action: { label: 'Go', url } })).toThrow(/absolute http/);
    }
  });
});
