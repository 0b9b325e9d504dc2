import { useCallback, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  useLocation,
  useNavigation,
} from 'react-router-dom';
import {
  documentNavigationType,
  holdScrollRestore,
  onScrollRestoreReleased,
  positionsForFirstLoad,
  scrollRestorationKey,
  scrollRestoreHeld,
} from './scroll-key';

export const SCROLL_POSITIONS_STORAGE_KEY = 'react-router-scroll-positions';

/** Gives up waiting for a held page after this long (a request that never answers): the reader is not moved late. */
const HOLD_TIMEOUT_MS = 10_000;

/**
 * A page holds the scroll restore while `pending` (its content is loading): call it in the page
 * with the state that shows a skeleton.
 */
export function useScrollRestoreHold(pending: boolean) {
  useLayoutEffect(() => (pending ? holdScrollRestore() : undefined), [pending]);
}

function readSaved(): Record<string, number> {
  try {
    const raw = sessionStorage.getItem(SCROLL_POSITIONS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * React Router's <ScrollRestoration> (same router hooks, same stored positions), except that a
 * restored position waits for the page to be there: while the first page is still loading its
 * route, or a page holds (useScrollRestoreHold), the position is kept and applied once they are
 * done; if the reader scrolls meanwhile, it is dropped. A first page opened from its address
 * starts at its top (positionsForFirstLoad).
 */
export function ScrollRestorer() {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const router = dataRouter?.router;
  const location = useLocation();
  const navigation = useNavigation();
  const positions = useRef<Record<string, number> | null>(null);
  if (positions.current === null) {
    positions.current = typeof window === 'undefined' ? {} : positionsForFirstLoad(readSaved(), location, documentNavigationType());
  }
  const restoreScrollPosition = routerState?.restoreScrollPosition ?? null;
  const preventScrollReset = routerState?.preventScrollReset ?? false;
  const initialized = routerState?.initialized ?? true;

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Leaving the document (reload, another site): keep the positions for this tab.
  const onPageHide = useCallback(() => {
    const saved = positions.current ?? {};
    if (navigation.state === 'idle') saved[scrollRestorationKey(location)] = window.scrollY;
    try {
      sessionStorage.setItem(SCROLL_POSITIONS_STORAGE_KEY, JSON.stringify(saved));
    } catch {
      // Storage full or disabled: positions are not kept across loads.
    }
    window.history.scrollRestoration = 'auto';
  }, [navigation.state, location]);
  useEffect(() => {
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [onPageHide]);

  useLayoutEffect(() => {
    if (!router) return;
    return router.enableScrollRestoration(positions.current ?? {}, () => window.scrollY, (loc) => scrollRestorationKey(loc));
  }, [router]);

  // The position waiting for the page, and what stops waiting for it.
  const pending = useRef<{ y: number; cancel: () => void } | null>(null);
  const cancelPending = () => {
    pending.current?.cancel();
    pending.current = null;
  };

  useLayoutEffect(() => {
    cancelPending();
    if (restoreScrollPosition === false) return;
    if (typeof restoreScrollPosition === 'number') {
      const y = restoreScrollPosition;
      if (initialized && !scrollRestoreHeld()) {
        window.scrollTo(0, y);
        return;
      }
      const apply = () => {
        if (!scrollRestoreHeld()) {
          cancelPending();
          window.scrollTo(0, y);
        }
      };
      const userScrolled = () => cancelPending();
      const unsubscribe = onScrollRestoreReleased(apply);
      const timer = window.setTimeout(cancelPending, HOLD_TIMEOUT_MS);
      const events = ['wheel', 'touchmove', 'keydown'] as const;
      for (const event of events) window.addEventListener(event, userScrolled, { passive: true });
      pending.current = {
        y,
        cancel: () => {
          unsubscribe();
          window.clearTimeout(timer);
          for (const event of events) window.removeEventListener(event, userScrolled);
        },
      };
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // An undecodable id: nothing to scroll to.
      }
    }
    if (preventScrollReset) return;
    window.scrollTo(0, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restore on a new location or a new position only
  }, [location, restoreScrollPosition, preventScrollReset]);

  // The first page's route arrived (lazy chunk): apply a waiting position unless a page now holds it.
  useLayoutEffect(() => {
    const waiting = pending.current;
    if (initialized && waiting && !scrollRestoreHeld()) {
      cancelPending();
      window.scrollTo(0, waiting.y);
    }
  }, [initialized]);

  useEffect(() => () => cancelPending(), []);
  return null;
}
