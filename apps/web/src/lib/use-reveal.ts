import { useCallback, useState } from 'react';

/**
 * Brings an element into view and moves focus to it once it is on the page: `reveal()`
 * asks for it, `ref` goes on the element (give it tabIndex={-1}). Used where an action
 * in a dialog changes the page behind it ("Show the imported robots"): the dialog gives
 * focus back to the button that opened it when it closes, which leaves a phone scrolled
 * there; the list the person asked for is shown, and keyboard and screen-reader users
 * land on it, once it has loaded.
 */
export function useReveal<T extends HTMLElement>(): { ref: (element: T | null) => void; reveal: () => void } {
  const [pending, setPending] = useState(false);
  const ref = useCallback(
    (element: T | null) => {
      if (!element || !pending) return;
      // After the closing dialog has given focus back (its cleanup runs in the same commit).
      requestAnimationFrame(() => {
        if (!element.isConnected) return;
        // Scrolled only when out of view (or under the sticky header); scroll-margin keeps it clear of the header.
        // (jsdom has no scrollIntoView and lays nothing out.)
        const box = element.getBoundingClientRect();
        const canScroll = 'scrollIntoView' in element && typeof element.scrollIntoView === 'function';
        if (canScroll && (box.top < 64 || box.bottom > window.innerHeight)) element.scrollIntoView({ block: 'start' });
        element.focus({ preventScroll: true });
      });
      setPending(false);
    },
    [pending],
  );
  const reveal = useCallback(() => setPending(true), []);
  return { ref, reveal };
}
