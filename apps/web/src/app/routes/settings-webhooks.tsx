import { WebhooksPage } from '@/features/webhooks/components/webhooks-page';

/** /settings/webhooks: the signed-in user's webhook endpoints (webhooks feature). */
export default function SettingsWebhooksRoute() {
  return <WebhooksPage />;
}
