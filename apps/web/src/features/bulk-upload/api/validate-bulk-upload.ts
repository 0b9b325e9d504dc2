import { bulkValidateResponseSchema, type BulkValidateResponse } from '@cellforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import type { BulkRequest } from './bulk-source';

/** POST {basePath}/validate { upload_id | data, mappings }: counts of every row, up to 1,000 entries each. */
export async function validateBulkUpload({ basePath, source, mappings }: BulkRequest): Promise<BulkValidateResponse> {
  return parseAnswer(bulkValidateResponseSchema, await api.post(`${basePath}/validate`, { ...source, mappings }));
}

export function useValidateBulkUpload() {
  return useMutation({ mutationFn: validateBulkUpload });
}
