import { describe, expect, it } from 'vitest';
import { correctToken, editDistance, parseSearchTerms } from './search-terms';

describe('editDistance', () => {
  it('counts a transposition as one edit', () => {
    expect(editDistance('kuak', 'kuka')).toBe(1);
    expect(editDistance('fanuc', 'fanuc')).toBe(0);
    expect(editDistance('yaskwa', 'yaskawa')).toBe(1);
    expect(editDistance('abc', 'xyz')).toBe(3);
  });
});

describe('correctToken', () => {
  it('corrects maker and application typos, leaves model numbers alone', () => {
    expect(correctToken('kuak')).toBe('kuka');
    expect(correctToken('palletising')).toBe('palletizing');
    expect(correctToken('m20id')).toBe('m20id');
    expect(correctToken('ur')).toBe('ur');
    expect(correctToken('zzzzzz')).toBe('zzzzzz');
  });
});

describe('parseSearchTerms', () => {
  it('drops stop words, folds accents and compacts', () => {
    expect(parseSearchTerms('Stäubli TX2-90 robot')).toEqual({ tokens: ['staubli', 'tx290'], compact: 'staublitx290' });
    // A model number typed in pieces (outside tester: "crx 25 ia" found nothing).
    expect(parseSearchTerms('crx 25 ia')).toEqual({ tokens: ['crx', '25ia'], compact: 'crx25ia' });
    expect(parseSearchTerms('ur 10 e')).toEqual({ tokens: ['ur', '10e'], compact: 'ur10e' });
    expect(parseSearchTerms('gp 8 kg')?.valueOf()).toEqual({ tokens: ['gp', '8', 'kg'], compact: 'gp8kg' });
  });
  it('is null for no query or only stop words, and nothing for symbols only', () => {
    expect(parseSearchTerms(undefined)).toBeNull();
    expect(parseSearchTerms('robot arm')).toBeNull();
    expect(parseSearchTerms('%_% --')).toBe('nothing');
  });
  it('keeps at most 8 tokens', () => {
    const terms = parseSearchTerms('a1 b2 c3 d4 e5 f6 g7 h8 i9 j10');
    expect(terms !== null && terms !== 'nothing' && terms.tokens).toHaveLength(8);
  });
});
