import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** The envelope's recipients (RCPT TO). */
  rcptTo: string[];
  mail: ParsedMail;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  /** Every message received, parsed, oldest first. */
  received: CapturedMail[];
  /** Resolves with the received messages once there are at least `count` (rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  clear(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on an ephemeral loopback port, in the test's process: what the API
 * sends through nodemailer arrives here over SMTP and is parsed with mailparser, so tests
 * read the mail as a mail client would (headers, text and HTML bodies).
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), mail });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve([...received]);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} mail(s), got ${received.length} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    clear() {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
