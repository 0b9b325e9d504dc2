import { describe, expect, it } from 'vitest';
import { EMPTY_CATALOG_STATE, filterChips, parseCatalogParams, rangeError, toCatalogSearch, toRobotsQuery } from './catalog-params';

describe('catalog URL state', () => {
  it('round-trips every filter, the sort, the page and the compare picks through the query string', () => {
    const state = {
      ...EMPTY_CATALOG_STATE,
      q: 'fanuc welding',
      category: 'articulated',
      manufacturer: 'FANUC',
      application: 'welding',
      industry: 'automotive',
      minPayload: '5',
      maxPayload: '20',
      minReach: '900',
      maxReach: '2000',
      minPrice: '10000',
      maxPrice: '60000',
      sort: 'payload' as const,
      page: 3,
      compare: ['a', 'b'],
    };
    const search = toCatalogSearch(state);
    expect(search.get('manufacturer')).toBe('FANUC');
    expect(search.get('minPayload')).toBe('5');
    expect(search.get('page')).toBe('3');
    expect(parseCatalogParams(search)).toEqual(state);
  });

  it('leaves defaults out of the URL (page 1, relevance, empty filters)', () => {
    expect(toCatalogSearch(EMPTY_CATALOG_STATE).toString()).toBe('');
  });

  it('drops malformed values instead of sending them to the API', () => {
    const state = parseCatalogParams(new URLSearchParams('minPayload=heavy&maxPayload=-3&sort=random&page=0&maxReach=1500'));
    expect(state.minPayload).toBe('');
    expect(state.maxPayload).toBe('');
    expect(state.sort).toBe('relevance');
    expect(state.page).toBe(1);
    expect(state.maxReach).toBe('1500');
  });

  it('keeps at most 4 distinct robots to compare', () => {
    expect(parseCatalogParams(new URLSearchParams('compare=a,b,a,c,d,e')).compare).toEqual(['a', 'b', 'c', 'd']);
  });

  it('asks the API for page 1, limit 20 by default, with only the filters that are set', () => {
    expect(toRobotsQuery({ ...EMPTY_CATALOG_STATE, manufacturer: 'ABB', compare: ['x'] })).toEqual({
      page: 1,
      limit: 20,
      manufacturer: 'ABB',
    });
  });

  it('flags a minimum above the maximum', () => {
    expect(rangeError('20', '5')).toMatch(/minimum must not exceed/);
    expect(rangeError('5', '20')).toBeNull();
    expect(rangeError('', '5')).toBeNull();
  });
});

describe('filter chips (outside testers: "0.907185 kg" for 2 lb)', () => {
  it('round converted figures for display like the chat, and keep the exact filter to remove', () => {
    const chips = filterChips({ ...EMPTY_CATALOG_STATE, minPayload: '1.089', minReach: '508.0000001', maxReach: '1500' }, (t) => t);
    expect(chips.map((c) => c.label)).toEqual(['Rated payload ≥ 1.09 kg', 'Reach 508–1,500 mm']);
    expect(filterChips({ ...EMPTY_CATALOG_STATE, minPayload: '12' }, (t) => t)[0]?.label).toBe('Rated payload ≥ 12 kg');
  });
});

describe('the chat\'s "see more" link and the search words carry a repeatability and preferred makers (issue 12)', () => {
  it('reads maxRepeatability and preferManufacturer from the URL, sends them, and shows each as a removable chip', () => {
    const state = parseCatalogParams(new URLSearchParams('minPayload=6&maxRepeatability=0.02&preferManufacturer=Epson,Denso'));
    expect(state.maxRepeatability).toBe('0.02');
    expect(state.preferManufacturer).toBe('Epson,Denso');
    expect(toRobotsQuery(state)).toMatchObject({ minPayload: '6', maxRepeatability: '0.02', preferManufacturer: 'Epson,Denso' });
    expect(parseCatalogParams(toCatalogSearch(state))).toEqual(state);
    const chips = filterChips(state, (t) => t);
    const repeatability = chips.find((c) => c.label === 'Repeatability ±0.02 mm or better');
    expect(repeatability?.remove).toEqual({ maxRepeatability: '' });
    expect(chips.find((c) => c.label === 'Preferably Epson or Denso (listed first)')?.remove).toEqual({ preferManufacturer: '' });
    expect(parseCatalogParams(new URLSearchParams('maxRepeatability=fine')).maxRepeatability).toBe('');
  });
});
