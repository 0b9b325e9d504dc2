import { createHash } from 'node:crypto';
import { bulkMappingsSchema, type BulkMappings, type BulkSavedMapping } from '@cellforge/contracts';
import { foldText } from '@cellforge/db';
import type { ImportMappingRow } from './import-mappings.repository';

/** A header as signatures compare it: accents and case folded, spaces collapsed ("Payload (kg) " = "payload (kg)"). */
export function signatureHeader(header: string): string {
  return foldText(header).replace(/\s+/g, ' ').trim();
}

/**
 * The header signature of a file: sha256 of its non-empty headers, folded and sorted, so
 * the same headers in another order (or case) give the same signature.
 */
export function headerSignature(columns: readonly string[]): string {
  const list = [...new Set(columns.map(signatureHeader).filter(Boolean))].sort();
  return createHash('sha256').update(list.join('\n')).digest('hex');
}

/** A saved mapping carried over to this file's spelling of the headers; null when it does not parse (a field renamed since). */
export function mappingForColumns(saved: ImportMappingRow, columns: readonly string[]): BulkMappings | null {
  const parsed = bulkMappingsSchema.safeParse(saved.mapping);
  if (!parsed.success) return null;
  const byHeader = new Map(Object.entries(parsed.data).map(([column, target]) => [signatureHeader(column), target]));
  const out: BulkMappings = {};
  const used = new Set<string>();
  for (const column of columns) {
    const target = byHeader.get(signatureHeader(column)) ?? null;
    out[column] = target && !used.has(target) ? target : null;
    if (target) used.add(target);
  }
  return out;
}

export function savedMappingDto(row: ImportMappingRow): BulkSavedMapping {
  const parsed = bulkMappingsSchema.safeParse(row.mapping);
  return {
    id: row.id,
    name: row.name,
    header_signature: row.headerSignature,
    columns: row.columns,
    mappings: parsed.success ? parsed.data : {},
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}
