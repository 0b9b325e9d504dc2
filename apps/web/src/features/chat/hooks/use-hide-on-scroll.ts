import { useEffect, type RefObject } from 'react';

/** How far (px) the page must move in one direction before the launcher reacts: no flicker on a finger's jitter. */
const THRESHOLD = 12;

/**
 * Takes a floating button out of the reader's way while they read down the page (issue 13:
 * the chat launcher passed over the text of every page as it scrolled under it): scrolling
 * down hides it (slides out, `data-scroll-hidden`), scrolling up, reaching the end of the page
 * (where the layout reserves its space) or the top brings it back. Keyboard users never lose
 * it: focus on it shows it at once, and hidden it stays in the tab order. Off while `active`
 * is false. Only the document's own scroll counts, not a list scrolled inside the page.
 */
export function useHideOnScroll(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const button = ref.current;
    if (!active || !button) return;
    let last = window.scrollY;
    let frame = 0;

    const show = () => button.removeAttribute('data-scroll-hidden');
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const root = document.documentElement;
      const atEnd = y + root.clientHeight >= root.scrollHeight - 4;
      if (y <= 0 || atEnd || document.activeElement === button) {
        show();
        last = y;
        return;
      }
      if (y - last > THRESHOLD) {
        button.setAttribute('data-scroll-hidden', '');
        last = y;
      } else if (last - y > THRESHOLD) {
        show();
        last = y;
      }
    };
    const onScroll = (event: Event) => {
      if (event.target !== document && event.target !== document.documentElement) return;
      if (!frame) frame = requestAnimationFrame(update);
    };

    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    button.addEventListener('focus', show);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll, { capture: true });
      button.removeEventListener('focus', show);
      show();
    };
  }, [ref, active]);
}
