import { ApiKeysPage } from '@/features/api-keys/components/api-keys-page';

/** /settings/api-keys: the signed-in user's API keys (api-keys feature). */
export default function ApiKeysRoute() {
  return <ApiKeysPage />;
}
