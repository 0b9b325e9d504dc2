/**
 * Outgoing e-mail (issue 13). Every mail the API sends goes through one Mailer, made once
 * in app.ts from SMTP_URL / MAIL_FROM and handed to the modules that notify people:
 *
 *   const { text, html } = mailContent({ appName, greeting: 'Hello Ada,', paragraphs: ['…'],
 *     action: { label: 'Open the conversation', url: `${config.publicUrl}/dashboard` } });
 *   const result = await mailer.send({ to: user.email, subject: 'New quote', text, html });
 *
 * `send` never throws (see MailResult): a notification never fails the request that
 * caused it. Links are PUBLIC_URL + a path, never built from the request's Host header.
 */
export { createMailer, type Mailer, type MailerConfig, type MailMessage, type MailResult } from './mailer';
export { escapeHtml, mailContent, type MailContentInput } from './template';
