import type { Location } from 'react-router-dom';

/**
 * Where the scroll restorer keeps a page's scroll position. The router names each history
 * entry it made with a key, but a page opened by a full load (a typed or pasted address, a
 * link from an e-mail, a bookmark) has no history state and every such page gets the key
 * "default": the next full load of ANY address was restored to the last one's position (the
 * catalog searched from its address opened scrolled past its one result; compare opened below
 * its title). Those pages are kept by their address instead; pages the router made keep theirs.
 */
export function scrollRestorationKey(location: Pick<Location, 'key' | 'pathname' | 'search'>): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/** How the browser reached the document (PerformanceNavigationTiming.type). */
export type DocumentNavigationType = 'navigate' | 'reload' | 'back_forward' | 'prerender' | undefined;

/**
 * The saved positions the first page of a full load may be restored from. A reload, or Back and
 * Forward onto a full load, comes back where the reader was; an address typed, pasted, bookmarked
 * or followed from an e-mail starts at its top, even when the same address was opened and
 * scrolled earlier in this tab (its position under the address key is forgotten).
 */
export function positionsForFirstLoad(
  saved: Record<string, number>,
  location: Pick<Location, 'key' | 'pathname' | 'search'>,
  navigationType: DocumentNavigationType,
): Record<string, number> {
  if (navigationType === 'reload' || navigationType === 'back_forward') return saved;
  const key = scrollRestorationKey(location);
  if (!(key in saved)) return saved;
  const rest = { ...saved };
  delete rest[key];
  return rest;
}

/** The document's own navigation type (undefined where the browser does not say). */
export function documentNavigationType(): DocumentNavigationType {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return undefined;
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type as DocumentNavigationType;
}

/*
 * Holds on restoring: a page whose content is still loading (the catalog's results) holds the
 * restore, so the position is applied to the page as it was when the reader left it, not to a
 * skeleton a screen tall (the browser cuts the position to the skeleton's height and the page
 * lands in the wrong place).
 */
let holds = 0;
const listeners = new Set<() => void>();

export function scrollRestoreHeld(): boolean {
  return holds > 0;
}

export function holdScrollRestore(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0) for (const listener of [...listeners]) listener();
  };
}

export function onScrollRestoreReleased(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
