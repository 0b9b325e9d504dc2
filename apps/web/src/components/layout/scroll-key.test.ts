import { describe, expect, it } from 'vitest';
import { scrollRestorationKey } from './scroll-key';

describe('scrollRestorationKey', () => {
  it('keeps pages opened by a full load apart by their address (they all share the key "default")', () => {
    const catalog = scrollRestorationKey({ key: 'default', pathname: '/catalog', search: '' });
    const search = scrollRestorationKey({ key: 'default', pathname: '/catalog', search: '?q=Fanuc%20CRX-25iA' });
    const compare = scrollRestorationKey({ key: 'default', pathname: '/compare', search: '?ids=a,b' });
    expect(new Set([catalog, search, compare]).size).toBe(3);
    // Reloading the same address comes back where it was.
    expect(scrollRestorationKey({ key: 'default', pathname: '/catalog', search: '' })).toBe(catalog);
  });

  it("keeps the router's own key for pages it navigated to (back and forward restore per entry)", () => {
    expect(scrollRestorationKey({ key: 'k3x9', pathname: '/catalog', search: '' })).toBe('k3x9');
    expect(scrollRestorationKey({ key: 'p0q1', pathname: '/catalog', search: '' })).not.toBe(scrollRestorationKey({ key: 'k3x9', pathname: '/catalog', search: '' }));
  });
});
