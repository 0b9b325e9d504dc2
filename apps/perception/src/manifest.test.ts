import { describe, expect, it } from 'vitest';
import { PerceptionError } from './errors';
import { findManifest, isIgnoredEntry, parseManifest } from './manifest';
import { defined } from './test/defined';

describe('parseManifest', () => {
  it('reads payloads, workstations (extra fields kept) and notes', () => {
    const manifest = parseManifest(
      JSON.stringify({
        payloads: [{ name: 'Gearbox housing', weight_kg: 10, dimensions_mm: [300, 200, 150] }],
        workstations: [{ name: 'Assembly bench', dimensions_mm: [1200, 800, 900], station_id: 'B-2' }],
        notes: 'Two shifts',
      }),
    );
    expect(manifest).toEqual({
      payloads: [{ name: 'Gearbox housing', weight_kg: 10, dimensions_mm: [300, 200, 150] }],
      workstations: [{ name: 'Assembly bench', dimensions_mm: [1200, 800, 900], station_id: 'B-2' }],
      notes: 'Two shifts',
    });
  });

  it('defaults missing lists to empty and accepts a BOM', () => {
    expect(parseManifest('\uFEFF{"notes":"only notes"}')).toEqual({ payloads: [], workstations: [], notes: 'only notes' });
  });

  it('refuses invalid JSON and wrong shapes with MANIFEST_INVALID and field details', () => {
    expect(() => parseManifest('{nope')).toThrow(PerceptionError);
    try {
      parseManifest(JSON.stringify({ payloads: [{ name: 'Box', weight_kg: -3 }], workstations: [{ name: 'Table', dimensions_mm: [1200] }] }));
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({ code: 'MANIFEST_INVALID', status: 422 });
      expect(Object.keys(defined((err as PerceptionError).details))).toEqual(['payloads.0.weight_kg', 'workstations.0.dimensions_mm']);
    }
  });
});

describe('findManifest', () => {
  it('takes the shallowest manifest.json, ignoring __MACOSX and hidden files', () => {
    expect(findManifest(['a/b/manifest.json', '__MACOSX/manifest.json', 'a/Manifest.JSON', 'clip.mp4']).json).toBe('a/Manifest.JSON');
    expect(findManifest(['clip.mp4', 'manifest.yaml'])).toEqual({ json: undefined, unsupported: 'manifest.yaml' });
  });
  it('knows which entries to ignore', () => {
    expect(isIgnoredEntry('__MACOSX/._clip.mp4')).toBe(true);
    expect(isIgnoredEntry('clips/.hidden.mp4')).toBe(true);
    expect(isIgnoredEntry('clips/line-1.mp4')).toBe(false);
  });
});
