import {
  bulkSavedMappingListSchema,
  bulkSavedMappingSchema,
  type BulkMappings,
  type BulkSavedMapping,
  type BulkSavedMappingList,
} from '@cellforge/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import type { BulkUploadBasePath } from './bulk-source';
import { saveDownload } from './download-bulk-errors';

const mappingsKey = (basePath: BulkUploadBasePath) => ['bulk-upload', basePath, 'mappings'] as const;

/** GET {basePath}/mappings: the person's saved mappings, most recently used first. */
export function useSavedMappings(basePath: BulkUploadBasePath) {
  return useQuery({
    queryKey: mappingsKey(basePath),
    queryFn: async (): Promise<BulkSavedMappingList> => parseAnswer(bulkSavedMappingListSchema, await api.get(`${basePath}/mappings`)),
  });
}

export interface SaveMappingInput {
  name: string;
  columns: string[];
  mappings: BulkMappings;
}

/** POST {basePath}/mappings: saves (or, under a name already used, replaces) the mapping of these columns. */
export function useSaveMapping(basePath: BulkUploadBasePath) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveMappingInput): Promise<BulkSavedMapping> => parseAnswer(bulkSavedMappingSchema, await api.post(`${basePath}/mappings`, input)),
    onSuccess: () => client.invalidateQueries({ queryKey: mappingsKey(basePath) }),
  });
}

/** DELETE {basePath}/mappings/:id. */
export function useDeleteMapping(basePath: BulkUploadBasePath) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await api.delete(`${basePath}/mappings/${encodeURIComponent(id)}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: mappingsKey(basePath) }),
  });
}

/** GET {basePath}/template.csv|xlsx: every mappable field as a header, with an example row. */
export function downloadTemplate(basePath: BulkUploadBasePath, format: 'csv' | 'xlsx'): Promise<void> {
  const accept = format === 'csv' ? 'text/csv, application/json' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json';
  return saveDownload(buildUrl(`${basePath}/template.${format}`), `cellforge-robots-template.${format}`, accept);
}

export function useDownloadTemplate(basePath: BulkUploadBasePath) {
  return useMutation({ mutationFn: (format: 'csv' | 'xlsx') => downloadTemplate(basePath, format) });
}
