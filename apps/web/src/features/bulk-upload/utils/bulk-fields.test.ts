import { describe, expect, it } from 'vitest';
import { assignTarget, hasBulkExtension, initialMappings, missingRequired } from './bulk-fields';
import { importCompleteMessage } from './messages';

describe('bulk upload fields', () => {
  it('spells the import message as the spec does', () => {
    expect(importCompleteMessage({ inserted: 12, updated: 3 })).toBe('Import complete! 12 inserted, 3 updated');
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
});
