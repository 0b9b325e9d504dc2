import { describe, expect, it } from 'vitest';
import { applySavedMapping, assignTarget, hasBulkExtension, initialMappings, missingRequired, TARGET_LABELS } from './bulk-fields';
import { importCompleteMessage } from './messages';

describe('bulk upload fields', () => {
  it('spells the import message as the spec does', () => {
    expect(importCompleteMessage({ inserted: 12, updated: 3 })).toBe('Import complete! 12 inserted, 3 updated');
    // Re-importing the same file: what happened to every row is said, not "0 inserted, 0 updated" alone.
    expect(importCompleteMessage({ inserted: 0, updated: 0, unchanged: 3, skipped: 2 })).toBe(
      'Import complete! 0 inserted, 0 updated; 3 already up to date; 2 rows with errors skipped',
    );
    expect(importCompleteMessage({ inserted: 1, updated: 0, unchanged: 1, skipped: 0 })).toBe('Import complete! 1 inserted, 0 updated; 1 already up to date');
  });

  it('keeps each target on one column: choosing it again moves it', () => {
    const mappings = initialMappings(['Brand', 'Maker', 'Model #'], { Brand: 'manufacturer', Maker: 'manufacturer', 'Model #': 'model' });
    expect(mappings).toEqual({ Brand: null, Maker: 'manufacturer', 'Model #': 'model' });
    expect(assignTarget(mappings, 'Brand', 'manufacturer')).toEqual({ Brand: 'manufacturer', Maker: null, 'Model #': 'model' });
    expect(missingRequired(mappings)).toEqual(['payload_kg', 'reach_mm']);
  });

  it('accepts .csv, .json, .xlsx and .xls in any case', () => {
    expect(['a.csv', 'b.JSON', 'c.xlsx', 'd.XLS'].every(hasBulkExtension)).toBe(true);
    expect(hasBulkExtension('robots.txt')).toBe(false);
    expect(hasBulkExtension('robots.xlsx.exe')).toBe(false);
  });

  it('applies a saved mapping to the same headers in another order and case', () => {
    const saved = { mappings: { Brand: 'manufacturer', 'Model #': 'model', Schutzart: 'ip_rating', Notes: null } as const };
    expect(applySavedMapping(['SCHUTZART', 'model #', 'Brand', 'Extra'], saved)).toEqual({
      mappings: { SCHUTZART: 'ip_rating', 'model #': 'model', Brand: 'manufacturer', Extra: null },
      matched: 3,
    });
    expect(TARGET_LABELS.ip_rating).toBe('IP rating');
    expect(TARGET_LABELS.dof).toBe('DOF (axes)');
  });
});
