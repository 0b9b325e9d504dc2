import { describe, expect, it } from 'vitest';
import { analyzeModelMentions, isFamilyOf, modelCandidates, modelFamilies, normalizeModel, pickMatches, type ModelIndexEntry } from './models';

const catalog: ModelIndexEntry[] = [
  { id: '1', manufacturer: 'Universal Robots', model: 'UR10e' },
  { id: '2', manufacturer: 'FANUC', model: 'M-20iD/25' },
  { id: '3', manufacturer: 'FANUC', model: 'CRX-10iA' },
  { id: '4', manufacturer: 'FANUC', model: 'CRX-10iA/L' },
  { id: '5', manufacturer: 'ABB', model: 'IRB 1200-7/0.7' },
  { id: '6', manufacturer: 'ABB', model: 'IRB 1200-5/0.9' },
  { id: '7', manufacturer: 'KUKA', model: 'KR 10 R1420' },
  { id: '8', manufacturer: 'KUKA', model: 'KR 1000 titan' },
  { id: '9', manufacturer: 'FANUC', model: 'LR Mate 200iD' },
];
const exact = new Map<string, ModelIndexEntry[]>();
for (const r of catalog) exact.set(normalizeModel(r.model), [...(exact.get(normalizeModel(r.model)) ?? []), r]);
const prefixOf = (text: string) => {
  const map = new Map<string, ModelIndexEntry[]>();
  for (const c of modelCandidates(text)) map.set(c.key, catalog.filter((r) => normalizeModel(r.model).startsWith(c.key)));
  return map;
};
const match = (text: string) => pickMatches(modelCandidates(text), exact, prefixOf(text)).map((m) => m.robot.model);

describe('model names', () => {
  it.each([
    ['ur 10e', 'ur10e'],
    ['UR10e', 'ur10e'],
    ['m20id25', 'm20id25'],
    ['M-20iD/25', 'm20id25'],
    ['IRB 1200-7/0.7', 'irb1200707'],
    ['Stäubli TX2-60', 'staublitx260'],
  ])('normalises %s to %s', (raw, key) => {
    expect(normalizeModel(raw)).toBe(key);
  });

  it('matches models written with spaces, dashes or none', () => {
    expect(match('is the ur 10e good?')).toEqual(['UR10e']);
    expect(match('my m20id25 stops')).toEqual(['M-20iD/25']);
    expect(match('LR Mate 200iD or CRX-10iA')).toEqual(['LR Mate 200iD', 'CRX-10iA']);
  });

  it('prefers the longest match (CRX-10iA/L over CRX-10iA)', () => {
    expect(match('the CRX-10iA/L please')).toEqual(['CRX-10iA/L']);
    expect(match('the CRX-10iA L please')).toEqual(['CRX-10iA/L']);
  });

  it('resolves a family to its variants, without crossing into other numbers', () => {
    expect(match('IRB 1200 vs UR10e').sort()).toEqual(['IRB 1200-5/0.9', 'IRB 1200-7/0.7', 'UR10e']);
    expect(isFamilyOf('kr10', 'KR 10 R1420')).toBe(true);
    expect(isFamilyOf('kr10', 'KR 1000 titan')).toBe(false);
    expect(isFamilyOf('irb1200', 'IRB 1200-7/0.7')).toBe(true);
  });

  it('does not take quantities or alarm codes for models', () => {
    expect(modelCandidates('10kg SRVO-062 C153A2').map((c) => c.key)).not.toEqual(expect.arrayContaining(['10kg', 'srvo062', 'c153a2']));
  });

  it('spots model-like names that are not in the catalog', () => {
    const families = modelFamilies(catalog.map((r) => r.model));
    const result = analyzeModelMentions('Try the UR10e or the M-20iD/99; the R-30iB controller and ISO 10218 apply. Use UR10e twice.', exact, families);
    expect(result.known.map((k) => k.robot.model)).toEqual(['UR10e']);
    expect(result.unknown).toEqual(['M-20iD/99']);
  });
});
