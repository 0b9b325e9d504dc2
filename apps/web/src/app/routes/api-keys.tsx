import { SettingsNav } from '@/components/layout/settings-nav';
import { ApiKeysPage } from '@/features/api-keys/components/api-keys-page';

/** /settings/api-keys: the signed-in user's API keys (api-keys feature), beside the webhooks tab. */
export default function ApiKeysRoute() {
  return (
    <>
      <SettingsNav />
      <ApiKeysPage />
    </>
  );
}
