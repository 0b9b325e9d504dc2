import type { Database } from '@cellforge/db';
import type { ThreadEvent } from '../leads';
import { webhookEvents } from './events';

/**
 * The conversation events the leads module already reports to its notifier, as webhook
 * events for their recipient: a new request for quote (request.created, to each supplier
 * it was sent to), a message or quote (message.created, to the other party) and an
 * accepted quote (quote.accepted, to the seller). Declines and closes send none.
 */
export function publishThreadEvent(db: Database, event: ThreadEvent): Promise<number> {
  const to = [event.recipientId];
  switch (event.kind) {
    case 'request':
      return webhookEvents.publish(db, to, 'request.created', { quote_request_id: event.threadId });
    case 'message':
    case 'quote':
      return webhookEvents.publish(db, to, 'message.created', { thread_id: event.threadId, message_kind: event.kind });
    case 'accepted':
      return webhookEvents.publish(db, to, 'quote.accepted', { thread_id: event.threadId });
    default:
      return Promise.resolve(0);
  }
}
