/**
 * Where the floating chat launcher goes so that it covers no control (issue 13: on a
 * phone it sat on every catalog card's Compare box and on the copilot's Send button).
 * Pure geometry, in viewport pixels; hooks/use-clear-spot.ts feeds it the page.
 */

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Offset {
  x: number;
  y: number;
}

export interface SpotInput {
  /** The visible width and height. */
  viewport: { width: number; height: number };
  /** The launcher where its CSS puts it (bottom right corner), without any offset. */
  home: Box;
  /** What it must not cover: the controls on screen, the compare tray. */
  obstacles: readonly Box[];
  /** The offset it has now: kept while that place stays clear, so it does not hop back and forth. */
  current: Offset;
  /** It never goes above this line (the sticky header's bottom). */
  top: number;
  /** Room kept between the launcher and a control. */
  gap?: number;
  /** How far apart the places tried are. */
  step?: number;
}

const ORIGIN: Offset = { x: 0, y: 0 };

function moved(box: Box, offset: Offset): Box {
  return { left: box.left + offset.x, right: box.right + offset.x, top: box.top + offset.y, bottom: box.bottom + offset.y };
}

/** How much of `box` (grown by `gap` on every side) the obstacles cover. */
function overlap(box: Box, obstacles: readonly Box[], gap: number): number {
  let area = 0;
  for (const o of obstacles) {
    const w = Math.min(box.right + gap, o.right) - Math.max(box.left - gap, o.left);
    const h = Math.min(box.bottom + gap, o.bottom) - Math.max(box.top - gap, o.top);
    if (w > 0 && h > 0) area += w * h;
  }
  return area;
}

/**
 * The launcher's offset from its home corner: none when the corner is clear; else the
 * current place if still clear; else the lowest clear place up the right edge, then up
 * the left edge (between `top` and the bottom). When no place is clear, the one that
 * covers least.
 */
export function findLauncherOffset({ viewport, home, obstacles, current, top, gap = 4, step = 8 }: SpotInput): Offset {
  if (overlap(home, obstacles, gap) === 0) return ORIGIN;
  if ((current.x !== 0 || current.y !== 0) && overlap(moved(home, current), obstacles, gap) === 0) {
    const box = moved(home, current);
    if (box.top >= top && box.bottom <= viewport.height && box.left >= 0 && box.right <= viewport.width) return current;
  }
  // The same margin from the left edge as from the right.
  const toLeft = viewport.width - home.right - home.left;
  let best: Offset = ORIGIN;
  let least = Number.POSITIVE_INFINITY;
  for (const x of [0, toLeft]) {
    for (let y = 0; home.top + y >= top; y -= step) {
      const offset = { x, y };
      const covered = overlap(moved(home, offset), obstacles, gap);
      if (covered === 0) return offset;
      if (covered < least) {
        least = covered;
        best = offset;
      }
    }
  }
  return best;
}
