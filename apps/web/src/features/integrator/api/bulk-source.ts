import type { BulkMappings, BulkParseResponse, BulkRow } from '@cellforge/contracts';

/** What validate and import read: the stored upload (every row) or, without an upload_id, the rows themselves. */
export type BulkSource = { upload_id: string } | { data: BulkRow[] };

export function bulkSourceOf(parsed: BulkParseResponse): BulkSource {
  return parsed.upload_id ? { upload_id: parsed.upload_id } : { data: parsed.preview_rows };
}

export interface BulkRequest {
  source: BulkSource;
  mappings: BulkMappings;
}
