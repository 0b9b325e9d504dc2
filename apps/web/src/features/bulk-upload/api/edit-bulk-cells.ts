import { bulkEditResponseSchema, type BulkCellEdit, type BulkEditResponse, type BulkMappings } from '@cellforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import type { BulkUploadBasePath } from './bulk-source';

export interface EditBulkCellsInput {
  basePath: BulkUploadBasePath;
  uploadId: string;
  mappings: BulkMappings;
  edits: BulkCellEdit[];
}

/**
 * POST {basePath}/edits: cells fixed in the validate grid are stored with the upload (the
 * import and the error report read them) and the file is validated again at once.
 */
export async function editBulkCells({ basePath, uploadId, mappings, edits }: EditBulkCellsInput): Promise<BulkEditResponse> {
  return parseAnswer(bulkEditResponseSchema, await api.post(`${basePath}/edits`, { upload_id: uploadId, mappings, edits }));
}

export function useEditBulkCells() {
  return useMutation({ mutationFn: editBulkCells });
}
