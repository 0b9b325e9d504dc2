import { describe, expect, it } from 'vitest';
import { analyzeModelMentions, isFamilyOf, modelCandidates, modelNicknames, nicknameCandidates, modelShape, modelVocabulary, nameDistance, modelRuns, normalizeModel, pickMatches, unknownModelNames, withoutLeadingZeros, type ModelIndexEntry } from './models';

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

  it('takes short names in capitals, or after a capitalised word, as candidates (Comau AURA, ABB GoFa)', () => {
    const keys = (text: string) => modelCandidates(text).map((c) => c.key);
    expect(keys('How much is the Comau AURA?')).toContain('aura');
    expect(keys('the ABB GoFa please')).toContain('gofa');
    // Lower-case short words never are, nor two-letter capitals.
    expect(keys('the aura of a clean cell')).not.toContain('aura');
    expect(keys('an UR arm')).not.toContain('ur');
  });

  it('does not take quantities or alarm codes for models', () => {
    expect(modelCandidates('10kg SRVO-062 C153A2').map((c) => c.key)).not.toEqual(expect.arrayContaining(['10kg', 'srvo062', 'c153a2']));
  });

  it('spots model-like names that are not in the catalog', () => {
    const vocabulary = modelVocabulary(catalog.map((r) => r.model));
    const result = analyzeModelMentions('Try the UR10e or the M-20iD/99; the R-30iB controller and ISO 10218 apply. Use UR10e twice.', exact, vocabulary);
    expect(result.known.map((k) => k.robot.model)).toEqual(['UR10e']);
    expect(result.unknown).toEqual(['M-20iD/99']);
  });

  it('reads a series shape from the catalog names', () => {
    expect(modelShape(normalizeModel('M-20iD/25'))).toBe('m#a#');
    expect(modelShape(normalizeModel('UR10e'))).toBe('ur#a');
    expect(modelShape(normalizeModel('T3-B401S'))).toBe('t#a#a');
    expect(withoutLeadingZeros('rs007n')).toBe('rs7n');
    expect(withoutLeadingZeros('irb1200707')).toBe('irb1200707');
  });

  it('spots names shaped like a catalog series that match nothing, in buyers\' spellings', () => {
    const vocabulary = modelVocabulary([...catalog.map((r) => r.model), 'RS007N', 'GP25', 'LBR iiwa 14 R820', 'T3-B401S', 'A0509']);
    const unknown = (text: string) => unknownModelNames(text, vocabulary);
    expect(unknown('what is the reach of the UR50e?')).toEqual(['UR50e']);
    expect(unknown('is the Kawasaki RS999X good for welding?')).toEqual(['RS999X']);
    expect(unknown('kuka kr 9999 payload')).toEqual(['kr 9999']);
    expect(unknown('kuka lbr iiwa 99 payload')).toEqual(['lbr iiwa 99']);
    expect(unknown('Tell me the payload of the FANUC M-9000iZ')).toEqual(['M-9000iZ']);
    expect(unknown('T9-B999S datasheet')).toEqual(['T9-B999S']);
    // Real models however written, and words that only share a family's letters.
    expect(unknown('ur 10e, kr10, irb1200, rs7n, gp 25 and the LR Mate 200iD')).toEqual([]);
    expect(unknown('What robot can handle a 3000 kg payload? Use M 10 screws.')).toEqual([]);
    expect(unknown('RS485 to the gripper, M10 bolts, IP67, ISO 10218, KR C4, R-30iB, 10kg, SRVO-062')).toEqual([]);
  });

  it('ranks names by shared parts, then the nearest number', () => {
    const near = (asked: string, models: string[]) => [...models].sort((a, b) => {
      const x = nameDistance(modelRuns(asked), modelRuns(a));
      const y = nameDistance(modelRuns(asked), modelRuns(b));
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
    expect(near('UR50e', ['UR10e', 'UR16e', 'UR30', 'UR20'])).toEqual(['UR30', 'UR20', 'UR16e', 'UR10e']);
    expect(near('M-20iD/99', ['M-10iD/12', 'M-20iD/25', 'M-20iD/35'])[0]).toBe('M-20iD/35');
  });
});

describe('model nicknames (issue 12, session 14)', () => {
  it.each([
    ['KR 1000 titan', ['titan']],
    ['LBR iiwa 7 R800', ['iiwa']],
    ['Viper 650', ['viper']],
    ['eCobra 600', ['ecobra']],
    ['Gen3 lite', []],
    ['Franka Research 3', ['franka']],
    ['Smart5 PAL 180', []],
    ['M-20iD/25', []],
  ])('the catalog name %s is called by %j', (model, words) => {
    expect(modelNicknames(model)).toEqual(words);
  });

  it.each([
    ['How much is the Titan?', ['titan']],
    ['what can the iiwa carry?', ['iiwa']],
    ['KUKA iiwa payload?', ['iiwa']],
    ['Was kostet der Titan?', ['titan']],
    ['¿Cuánto cuesta el Viper?', ['viper']],
    ['titan payload', []],
  ])('reads the words after a determiner or a maker in "%s" as %j', (text, words) => {
    expect(nicknameCandidates(text)).toEqual(words);
  });
});

