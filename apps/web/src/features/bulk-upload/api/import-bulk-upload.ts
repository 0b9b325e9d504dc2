import { bulkImportResponseSchema, type BulkImportResponse } from '@cellforge/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import type { BulkMatchChoice } from '@cellforge/contracts';
import type { BulkRequest } from './bulk-source';

/** What to do with rows already in the shared catalog (default attach; per-row overrides). */
export interface BulkMatchRequest {
  match_default: BulkMatchChoice;
  match_choices: Array<{ row: number; choice: BulkMatchChoice }>;
}

/** Reloads what an import changed (the integrator's catalog, the supplier's listings). */
export type ReloadAfterImport = (queryClient: QueryClient) => Promise<unknown>;

/** POST {basePath}/import { upload_id | data, mappings, match_default, match_choices } -> the counts, attached/private copies/skipped matches, the error report. */
export async function importBulkUpload({ basePath, source, mappings, match }: BulkRequest & { match?: BulkMatchRequest }): Promise<BulkImportResponse> {
  return parseAnswer(bulkImportResponseSchema, await api.post(`${basePath}/import`, { ...source, mappings, ...match }));
}

export function useImportBulkUpload(reload: ReloadAfterImport) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBulkUpload,
    // docs/product.md §3.12: import reloads the catalog; the caller says which queries that is.
    onSuccess: () => reload(queryClient),
  });
}
