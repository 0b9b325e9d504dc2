import { bulkImportResponseSchema, type BulkImportResponse } from '@cellforge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import type { BulkRequest } from './bulk-source';
import { integratorKeys } from './query-keys';

/** POST /api/integrator/bulk-upload/import { upload_id | data, mappings } -> { inserted, updated, unchanged?, skipped? }. */
export async function importBulkUpload({ source, mappings }: BulkRequest): Promise<BulkImportResponse> {
  return parseAnswer(bulkImportResponseSchema, await api.post('/api/integrator/bulk-upload/import', { ...source, mappings }));
}

export function useImportBulkUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBulkUpload,
    // Spec section 4: import reloads the catalog (robots and stats).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integratorKeys.catalog }),
  });
}
