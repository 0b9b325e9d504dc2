import type { Database } from '@cellforge/db';
import type { BackgroundWrites } from '../../lib/background-writes';
import type { Logger } from '../../lib/logger';
import { mailContent, type Mailer } from '../notifications';
import { findParties } from './threads.repository';
import type { ThreadEvent } from './threads.service';

const SUBJECTS: Record<ThreadEvent['kind'], (robot: string) => string> = {
  request: (robot) => `New request for quote: ${robot}`,
  message: (robot) => `New message about the ${robot}`,
  quote: (robot) => `New quote for the ${robot}`,
  accepted: (robot) => `Your quote for the ${robot} was accepted`,
  declined: (robot) => `Your quote for the ${robot} was declined`,
  closed: (robot) => `Conversation about the ${robot} closed`,
};

/**
 * E-mails the other party of a conversation when something happens in it (in-app unread
 * counts always; a mail too when SMTP is configured). Sent after the answer, never
 * failing the request; the body quotes at most 500 characters and links back.
 */
export function createThreadNotifier(deps: { db: Database; mailer: Mailer; appName: string; publicUrl: string; background: BackgroundWrites; logger: Logger }) {
  return (event: ThreadEvent): void => {
    if (!deps.mailer.enabled) return;
    deps.background.run(
      async () => {
        const recipient = (await findParties(deps.db, [event.recipientId])).get(event.recipientId);
        if (!recipient?.email) return;
        const robot = event.robot ?? 'your project';
        const path = event.kind === 'request' ? '/messages' : `/messages/${encodeURIComponent(event.threadId)}`;
        const quoted = event.text.length > 500 ? `${event.text.slice(0, 500)}…` : event.text;
        const { text, html } = mailContent({
          appName: deps.appName,
          greeting: `Hello ${recipient.name},`,
          paragraphs: [`${event.authorName}: ${SUBJECTS[event.kind](robot)}.`, ...(quoted ? [quoted] : [])],
          action: { label: event.kind === 'request' ? 'Open your messages' : 'Open the conversation', url: `${deps.publicUrl.replace(/\/$/, '')}${path}` },
        });
        await deps.mailer.send({ to: recipient.email, subject: SUBJECTS[event.kind](robot), text, html });
      },
      (err) => deps.logger.error({ err }, 'thread notification failed'),
    );
  };
}
