import type { IntegratorSettings } from '@cellforge/contracts';
import type { ApiRoutes, CallAnswer } from '@cellforge/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/typed-api';
import { integratorKeys } from '@/lib/integrator-query-keys';

export type SaveSettingsAnswer = CallAnswer<ApiRoutes['saveIntegratorSettings']>;

/** PUT /api/integrator/settings -> { success, message, data }; 400 VALIDATION_FAILED names each field in details. */
export async function saveSettings(settings: IntegratorSettings): Promise<SaveSettingsAnswer> {
  return callApi('saveIntegratorSettings', { body: settings });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (answer) => queryClient.setQueryData(integratorKeys.settings, answer.data),
  });
}
