import type { Location } from 'react-router-dom';

/**
 * Where <ScrollRestoration> keeps a page's scroll position. The router names each history
 * entry it made with a key, but a page opened by a full load (a typed or pasted address, a
 * link from an e-mail, a bookmark) has no history state and every such page gets the key
 * "default": the next full load of ANY address was restored to the last one's position (the
 * catalog searched from its address opened scrolled past its one result; compare opened below
 * its title). Those pages are kept by their address instead; pages the router made keep theirs.
 */
export function scrollRestorationKey(location: Pick<Location, 'key' | 'pathname' | 'search'>): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}
