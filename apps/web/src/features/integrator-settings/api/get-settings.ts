import type { IntegratorSettings } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/typed-api';
import { integratorKeys } from '@/lib/integrator-query-keys';

/** GET /api/integrator/settings: company_name, phone, website, city. */
export async function getSettings(signal?: AbortSignal): Promise<IntegratorSettings> {
  // Through the published typed client (@cellforge/client), as the API-keys and webhooks features.
  return (await callApi('integratorSettings', {}, { signal })).data;
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: integratorKeys.settings, queryFn: ({ signal }) => getSettings(signal) });
}

export function useSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsQueryOptions(), enabled });
}
