import { useEffect, type RefObject } from 'react';
import { findLauncherOffset, type Box } from '../utils/launcher-spot';

/** What a finger or a click acts on, and what asks to be kept clear (`data-chat-avoid`: the compare tray). */
const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, label, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [data-chat-avoid]';

function visible(element: HTMLElement): boolean {
  return typeof element.checkVisibility === 'function' ? element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) : true;
}

/** The boxes on screen the launcher must not cover. */
function obstaclesFor(launcher: HTMLElement, width: number, height: number): Box[] {
  const boxes: Box[] = [];
  for (const element of Array.from(document.querySelectorAll<HTMLElement>(CONTROLS))) {
    if (element === launcher || launcher.contains(element)) continue;
    const r = element.getBoundingClientRect();
    // Visually hidden (sr-only) elements are 1 px: nothing to tap.
    if (r.width <= 1 || r.height <= 1 || r.bottom <= 0 || r.top >= height || r.right <= 0 || r.left >= width) continue;
    if (!visible(element)) continue;
    boxes.push({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  }
  return boxes;
}

/**
 * Keeps a fixed-position button (the chat launcher) off the page's controls: after every
 * scroll, resize or change of the page it moves (a transform from its CSS corner) to a
 * place where it covers none, see utils/launcher-spot.ts. Off while `active` is false.
 */
export function useClearSpot(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const launcher = ref.current;
    if (!active || !launcher) return;
    let frame = 0;
    let offset = { x: 0, y: 0 };

    const place = () => {
      frame = 0;
      // Not laid out (display: none, or no layout at all as in jsdom): nothing to place.
      if (launcher.offsetWidth === 0) return;
      const root = document.documentElement;
      const width = root.clientWidth;
      const height = root.clientHeight;
      // offsetLeft/offsetTop of a fixed element: its CSS place, whatever the transform.
      const home: Box = {
        left: launcher.offsetLeft,
        top: launcher.offsetTop,
        right: launcher.offsetLeft + launcher.offsetWidth,
        bottom: launcher.offsetTop + launcher.offsetHeight,
      };
      const header = document.querySelector('header');
      const top = Math.max(0, header?.getBoundingClientRect().bottom ?? 0) + 8;
      const next = findLauncherOffset({
        viewport: { width, height },
        home,
        obstacles: obstaclesFor(launcher, width, height),
        current: offset,
        top,
      });
      if (next.x === offset.x && next.y === offset.y) return;
      offset = next;
      launcher.style.transform = next.x || next.y ? `translate(${next.x}px, ${next.y}px)` : '';
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };

    schedule();
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    const mutations = typeof MutationObserver === 'function' ? new MutationObserver(schedule) : null;
    mutations?.observe(document.body, { childList: true, subtree: true });
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
    resizes?.observe(document.body);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      mutations?.disconnect();
      resizes?.disconnect();
      launcher.style.transform = '';
    };
  }, [ref, active]);
}
