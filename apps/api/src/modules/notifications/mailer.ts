import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../../lib/logger';
import { loggableError } from '../../lib/logger';

/** One e-mail: both bodies are required (build them with `mailContent`, ./template.ts). */
export interface MailMessage {
  /** One recipient address. */
  to: string;
  subject: string;
  /** The plain-text body. */
  text: string;
  /** The HTML body: every value in it must already be escaped (mailContent does it). */
  html: string;
}

/**
 * What became of a message. `send` never rejects: 'skipped' when no SMTP server is set
 * (the message was logged without its bodies), 'failed' when the server refused it or
 * could not be reached (logged at error level).
 */
export type MailResult = { status: 'sent'; messageId: string } | { status: 'skipped' } | { status: 'failed'; error: string };

export interface Mailer {
  /** True when SMTP_URL is set: messages really leave. */
  readonly enabled: boolean;
  /**
   * Sends one message. Never throws, so a notification can never fail the request that
   * caused it: a caller that must know (the person asked for this mail) reads `status`.
   * Send after answering when the mail is a side effect (don't make a request wait for SMTP).
   */
  send(message: MailMessage): Promise<MailResult>;
  /** Closes the SMTP connections (at shutdown; the mailer is not used afterwards). */
  close(): void;
}

export interface MailerConfig {
  /** smtp://user:pass@host:587 or smtps://host:465 (nodemailer's URL options apply); unset: no mail leaves. */
  smtpUrl?: string;
  /** The From header, e.g. `CellForge <no-reply@example.com>`. */
  from: string;
  logger: Logger;
}

/** How long a connection, the server's greeting and a silent socket may take before the send fails (ms). */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * The one way the API sends e-mail. With `smtpUrl` it sends through nodemailer (pooled
 * connections); without it, messages are logged at info (recipient and subject only,
 * never a body: a body may hold a one-time link) and not sent.
 */
export function createMailer(config: MailerConfig): Mailer {
  const { logger } = config;
  let transport: Transporter | null = null;
  if (config.smtpUrl) {
    transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  return {
    enabled: transport !== null,
    async send(message) {
      if (!transport) {
        logger.info({ to: message.to, subject: message.subject }, 'mail not sent: SMTP_URL is not set');
        return { status: 'skipped' };
      }
      try {
        const info = (await transport.sendMail({ from: config.from, to: message.to, subject: message.subject, text: message.text, html: message.html })) as { messageId?: string };
        logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
        return { status: 'sent', messageId: info.messageId ?? '' };
      } catch (err) {
        logger.error({ err: loggableError(err), to: message.to, subject: message.subject }, 'mail could not be sent');
        return { status: 'failed', error: err instanceof Error ? err.message : String(err) };
      }
    },
    close() {
      transport?.close();
    },
  };
}
