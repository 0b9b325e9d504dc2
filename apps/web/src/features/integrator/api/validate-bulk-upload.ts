import { bulkValidateResponseSchema, type BulkValidateResponse } from '@cellforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import type { BulkRequest } from './bulk-source';

/** POST /api/integrator/bulk-upload/validate { upload_id | data, mappings }: counts of every row, up to 1,000 entries each. */
export async function validateBulkUpload({ source, mappings }: BulkRequest): Promise<BulkValidateResponse> {
  return parseAnswer(bulkValidateResponseSchema, await api.post('/api/integrator/bulk-upload/validate', { ...source, mappings }));
}

export function useValidateBulkUpload() {
  return useMutation({ mutationFn: validateBulkUpload });
}
