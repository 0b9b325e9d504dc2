import type { WebhookEventType } from '@cellforge/contracts';

/** What each event means to the person choosing it (docs/webhooks.md). */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  'request.created': 'A request for quote is sent to you',
  'message.created': 'A message or quote arrives in one of your conversations',
  'quote.accepted': 'A buyer accepts your quote',
  'import.finished': 'Your bulk upload finished importing',
  'analysis.finished': 'A video analysis stage of yours finished',
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
