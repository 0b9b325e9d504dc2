/** The bulk-upload texts docs/product.md spells out (§8.5), word for word. */
export const BULK_MESSAGES = {
  parseFailed: 'Failed to parse file. Please check the format.',
  validateFailed: 'Validation failed. Please check your mappings.',
  importFailed: 'Import failed. Please try again.',
} as const;

/** "Import complete!" followed by the inserted and updated counts. */
export function importCompleteMessage({ inserted, updated }: { inserted: number; updated: number }): string {
  return `Import complete! ${inserted} inserted, ${updated} updated`;
}
