/** The bulk-upload texts docs/product.md spells out (§8.5), word for word. */
export const BULK_MESSAGES = {
  parseFailed: 'Failed to parse file. Please check the format.',
  validateFailed: 'Validation failed. Please check your mappings.',
  importFailed: 'Import failed. Please try again.',
} as const;

/**
 * "Import complete!" followed by the inserted and updated counts (the spec's words), then
 * what happened to the other rows: already identical, or skipped for their errors.
 */
export function importCompleteMessage({ inserted, updated, unchanged = 0, skipped = 0 }: { inserted: number; updated: number; unchanged?: number; skipped?: number }): string {
  const rest = [
    unchanged ? `${unchanged} already up to date` : '',
    skipped ? `${skipped} ${skipped === 1 ? 'row' : 'rows'} with errors skipped` : '',
  ].filter(Boolean);
  return `Import complete! ${inserted} inserted, ${updated} updated${rest.map((part) => `; ${part}`).join('')}`;
}

/** "12 attached to catalog models, 3 private copies, 2 skipped": the rows that were already in the catalog. */
export function catalogMatchSummary({ attached = 0, private_copies: copies = 0, skipped_matches: skipped = 0 }: { attached?: number; private_copies?: number; skipped_matches?: number }): string {
  return `${attached} attached to catalog ${attached === 1 ? 'model' : 'models'}, ${copies} private ${copies === 1 ? 'copy' : 'copies'}, ${skipped} skipped`;
}
