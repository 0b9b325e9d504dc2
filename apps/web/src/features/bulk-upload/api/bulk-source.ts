import type { BulkMappings, BulkParseResponse, BulkRow } from '@cellforge/contracts';

/**
 * The two mounts of the one bulk-upload pipeline: integrators import private robots,
 * suppliers (upload_robots) import listings. Every call of the wizard goes under it.
 */
export type BulkUploadBasePath = '/api/integrator/bulk-upload' | '/api/supplier/bulk-upload';

/** What validate and import read: the stored upload (every row) or, without an upload_id, the rows themselves. */
export type BulkSource = { upload_id: string } | { data: BulkRow[] };

export function bulkSourceOf(parsed: BulkParseResponse): BulkSource {
  return parsed.upload_id ? { upload_id: parsed.upload_id } : { data: parsed.preview_rows };
}

export interface BulkRequest {
  basePath: BulkUploadBasePath;
  source: BulkSource;
  mappings: BulkMappings;
}
