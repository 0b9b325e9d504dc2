import { integratorSettingsSaveResponseSchema, type IntegratorSettings } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { integratorKeys } from '@/lib/integrator-query-keys';

export type SaveSettingsAnswer = z.infer<typeof integratorSettingsSaveResponseSchema>;

/** PUT /api/integrator/settings -> { success, message, data }; 400 VALIDATION_FAILED names each field in details. */
export async function saveSettings(settings: IntegratorSettings): Promise<SaveSettingsAnswer> {
  return parseAnswer(integratorSettingsSaveResponseSchema, await api.put('/api/integrator/settings', settings));
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (answer) => queryClient.setQueryData(integratorKeys.settings, answer.data),
  });
}
