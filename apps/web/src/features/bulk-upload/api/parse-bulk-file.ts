import { bulkParseResponseSchema, type BulkParseOptions, type BulkParseResponse } from '@cellforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { parseAnswer } from '@/lib/api-answer';
import { postFormWithProgress, type ProgressListener } from '@/lib/post-form-with-progress';
import type { BulkUploadBasePath } from './bulk-source';

export interface ParseBulkFileInput {
  basePath: BulkUploadBasePath;
  file: File;
  onProgress?: ProgressListener;
  /** Read this sheet of a workbook, and/or the headers from this row (after a first read showed the file). */
  options?: BulkParseOptions;
}

/**
 * POST {basePath}/parse (multipart "file"): columns, suggested mappings, the first 20
 * rows, units read from the headers, and an upload_id for validate/import.
 */
export async function parseBulkFile({ basePath, file, onProgress, options = {} }: ParseBulkFileInput): Promise<BulkParseResponse> {
  const form = new FormData();
  if (options.sheet !== undefined) form.append('sheet', options.sheet);
  if (options.header_row !== undefined) form.append('header_row', String(options.header_row));
  form.append('file', file, file.name);
  return parseAnswer(bulkParseResponseSchema, await postFormWithProgress(`${basePath}/parse`, form, { onProgress }));
}

export function useParseBulkFile() {
  return useMutation({ mutationFn: parseBulkFile });
}
