import { bulkImportResponseSchema, type BulkImportResponse } from '@cellforge/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import type { BulkRequest } from './bulk-source';

/** Reloads what an import changed (the integrator's catalog, the supplier's listings). */
export type ReloadAfterImport = (queryClient: QueryClient) => Promise<unknown>;

/** POST {basePath}/import { upload_id | data, mappings } -> { inserted, updated, unchanged?, skipped? }. */
export async function importBulkUpload({ basePath, source, mappings }: BulkRequest): Promise<BulkImportResponse> {
  return parseAnswer(bulkImportResponseSchema, await api.post(`${basePath}/import`, { ...source, mappings }));
}

export function useImportBulkUpload(reload: ReloadAfterImport) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBulkUpload,
    // docs/product.md §3.12: import reloads the catalog; the caller says which queries that is.
    onSuccess: () => reload(queryClient),
  });
}
