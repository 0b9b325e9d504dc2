import { integratorSettingsResponseSchema, type IntegratorSettings } from '@cellforge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';

/** GET /api/integrator/settings: company_name, phone, website, city. */
export async function getSettings(signal?: AbortSignal): Promise<IntegratorSettings> {
  return parseAnswer(integratorSettingsResponseSchema, await api.get('/api/integrator/settings', { signal })).data;
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: integratorKeys.settings, queryFn: ({ signal }) => getSettings(signal) });
}

export function useSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsQueryOptions(), enabled });
}
