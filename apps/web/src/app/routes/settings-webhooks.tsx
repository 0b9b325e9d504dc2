import { SettingsNav } from '@/components/layout/settings-nav';
import { WebhooksPage } from '@/features/webhooks/components/webhooks-page';

/** /settings/webhooks: the signed-in user's webhook endpoints (webhooks feature), beside the API keys tab. */
export default function SettingsWebhooksRoute() {
  return (
    <>
      <SettingsNav />
      <WebhooksPage />
    </>
  );
}
